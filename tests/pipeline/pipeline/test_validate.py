"""Stage 3, validate: one loaded file against the model of its folder, each cell against its
cell model, prose rendered; everything later stages need ends up in the FileResult. Messages
are tested in test_messages.py; here, which model, which field, which line, what is kept."""

from __future__ import annotations

import datetime as dt

from hypothesis import given
from hypothesis import strategies as st
from stage_inputs import ARTICLE_FRONT, one, shipped

from contenu.models import CELL_MODELS, COLLECTIONS, SETTINGS_FILE, Article, Page
from contenu.models.cells import HeroCell
from contenu.models.site import SiteSettings
from contenu.pipeline.variables import Variables
from contenu.text.typography import french_typography

#: Its description within the recommended length (models/page.py): no warning of its own.
PAGE = (
    "---\ntitle: Contact\ndescription: Une question sur l’accompagnement de votre ado, sur nos "
    "séances ou sur nos tarifs ? Nous répondons sous 24 heures. Écrivez-nous.\n---\n"
)
ARTICLE = (
    ARTICLE_FRONT
    + """---

## Premier intertitre

Premier paragraphe avec [un lien](/contact#formulaire).

```{cta}
title: Bienvenue
anchor: haut
actions:
  - label: Réserver
    href: /appel
```

Deuxième paragraphe.

```{testimonials}
items:
  - sophie-m
  - karim-b
```
"""
)


def test_each_folder_is_validated_by_its_model() -> None:
    assert isinstance(one("pages/contact.md", PAGE).model, Page)
    assert isinstance(one("articles/essai.md", ARTICLE).model, Article)
    for collection in COLLECTIONS:
        required = {
            info.alias or name: "Un texte"
            for name, info in collection.model.model_fields.items()
            if info.is_required() and info.annotation is not int
        }
        lines = "".join(f"{key}: {value}\n" for key, value in required.items())
        result = one(f"{collection.folder}/x.md", f"---\n{lines}---\nLe corps.\n")
        if result.ok:  # entries with non-text required fields are covered by test_catalogue
            assert isinstance(result.model, collection.model)
    unknown = one("brouillons/x.md", PAGE)
    assert unknown.model is None and unknown.diagnostics == []


def test_cells_are_validated_in_order_and_their_facts_kept() -> None:
    result = one("articles/essai.md", ARTICLE)
    assert result.ok, result.diagnostics
    assert [(c.name, c.line) for c in result.cells] == [
        (None, 7), ("cta", 12), (None, 19), ("testimonials", 22)
    ]  # fmt: skip
    assert isinstance(result.cells[1].model, CELL_MODELS["cta"])
    assert result.components
    assert "premier-intertitre" in result.anchors and "haut" in result.anchors
    assert [(r.url, r.line) for r in result.refs] == [("/contact#formulaire", 10), ("/appel", 17)]
    assert [(name, ref.url, ref.line) for name, ref in result.items] == [
        ("testimonials", "sophie-m", 24), ("testimonials", "karim-b", 25)
    ]  # fmt: skip
    assert result.words > 0 and "<h2" in result.cells[0].html


def test_reordering_cells_reorders_the_result() -> None:
    head, body = ARTICLE.split("\n\n", 1)
    first, rest = body.split("\n\n```{cta}", 1)
    swapped = head + "\n\n```{cta}" + rest.rstrip("\n") + "\n\n" + first + "\n"
    names = [c.name for c in one("articles/essai.md", swapped).cells]
    assert names == ["cta", None, "testimonials", None]


def test_a_cell_of_another_kind_of_document_is_refused_where_it_is() -> None:
    # « Page introuvable (404) » in an article, the page's banner in the error page.
    body = "```{not-found}\ntitle: Oups\nlinkLabel: Accueil\nlogMessage: x\n```\n"
    said = [
        (d.line, d.message)
        for d in one("articles/essai.md", ARTICLE_FRONT + "---\n\n" + body).diagnostics
    ]
    assert said == [
        (
            8,
            french_typography(
                "la cellule « Page introuvable (404) » ne va pas dans un article : elle ne va que "
                "dans la page d’erreur (404) ; enlevez-la de ce document"
            ),
        )
    ]
    assert one("pages/404.md", PAGE + "\n" + body).ok
    banner = "\n```{hero}\ntitle: Bienvenue\n```\n"
    assert not one("pages/404.md", PAGE + "\n" + body + banner).ok
    assert one("pages/contact.md", PAGE + banner).ok


def test_a_field_error_names_the_field_and_the_line_of_its_key() -> None:
    result = one("articles/essai.md", ARTICLE.replace("date: 2024-03-15", "date: 15 mars"))
    assert result.model is None
    (error,) = [d for d in result.diagnostics if d.is_error]
    assert (error.field, error.line, error.column) == ("date", 4, 1)
    cell = one("articles/essai.md", ARTICLE.replace("    href: /appel", "    href: appel"))
    (error,) = [d for d in cell.diagnostics if d.is_error]
    assert error.field == "{cta} actions[0].href" and error.line == 17


def test_an_unknown_cell_is_an_error_at_its_fence_with_a_suggestion() -> None:
    result = one("pages/contact.md", PAGE + "\n```{heros}\ntitle: X\n```\n")
    (error,) = result.diagnostics
    assert (error.line, error.column) == (6, 4)
    assert f"« {HeroCell.NAME} »" in error.message.replace("\u00a0", " ")


def test_an_entry_body_fills_its_body_field_and_cells_are_refused_there() -> None:
    faq = one("faq/prix.md", "---\nquestion: Combien ?\n---\nUne *heure*.\n")
    assert faq.ok and faq.body_html == "<p>Une <em>heure</em>.</p>"
    in_header = one("faq/prix.md", "---\nquestion: Combien ?\nanswer: Une heure.\n---\nTexte.\n")
    assert [d.field for d in in_header.diagnostics if d.is_error] == ["answer"]
    with_cell = one("faq/prix.md", "---\nquestion: Q ?\n---\nTexte.\n\n```{hero}\ntitle: X\n```\n")
    assert [d.line for d in with_cell.diagnostics if d.is_error] == [6]


def test_placeholders_are_warnings_naming_their_key() -> None:
    result = one("pages/contact.md", PAGE.replace("Écrivez-nous.", '"[À COMPLÉTER] plus tard"'))
    assert result.ok
    (warning,) = result.diagnostics
    assert (warning.severity, warning.field, warning.line) == ("warning", "description", 3)


def test_variables_are_replaced_except_in_the_settings_and_unknown_ones_reported() -> None:
    results, _ = shipped()
    settings = next(r for r in results if r.source.rel == SETTINGS_FILE)
    assert isinstance(settings.model, SiteSettings)
    variables = Variables.of(settings.model)
    text = PAGE.replace("Écrivez-nous.", "Écrivez à {{ marque }}.")
    page = one("pages/contact.md", text)
    assert page.ok and page.variables == ""  # no variables given: the text stays as written
    page = one("pages/contact.md", text, variables)
    assert isinstance(page.model, Page) and settings.model.brand in page.model.description
    assert page.variables == variables.digest  # the runner redoes it when the values change
    unknown = one("pages/contact.md", PAGE + "\nPrix : {{ prix.inconnu }}.\n", variables)
    (error,) = unknown.diagnostics
    assert (error.line, error.column, error.source) == (6, 8, "Prix : {{ prix.inconnu }}.")


REQUIRED = [name for name, info in Article.model_fields.items() if info.is_required()]


@given(st.sets(st.sampled_from(REQUIRED), min_size=1))
def test_each_missing_required_field_is_reported_by_name(missing: set[str]) -> None:
    values = {"title": "T", "excerpt": "E", "date": dt.date(2024, 3, 15), "category": "C"}
    assert set(values) == set(REQUIRED)
    lines = "".join(f"{k}: {v}\n" for k, v in values.items() if k not in missing)
    result = one("articles/essai.md", f"---\n{lines}---\nTexte.\n")
    assert result.model is None
    assert {d.field for d in result.diagnostics} == missing
