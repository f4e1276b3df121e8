"""The notebook editor's validator (site/src/editor/core, TypeScript) against the pipeline:
for the same document and the same tree, the same verdict, field and French message.

The pipeline's side is its own code: ``process`` (load + validate) of the document, then
the collect stage's cross-file rules against the graph of the shipped content. The editor's
side is ``site/test-support/agreement-cli.ts`` bundled with rolldown and run by node on the
same documents (``editor_cli.py``).
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

import editor_cli
import pytest
from editor_cli import CONTENT, SETTINGS, Verdict, editor_verdicts, pipeline_verdict, run_editor
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from contenu.pipeline.discover import Source, classify
from contenu.pipeline.load import load

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from content_factory import generate_site

pytestmark = editor_cli.require_node()


@pytest.fixture(scope="module")
def bundle_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("editor")


# --- The coach's list, and the fixtures of the pipeline's tests --------------------------

ARTICLE = (
    "---\ntitle: Un titre\nexcerpt: Un résumé.\ndate: 2024-03-15\ncategory: Émotions\n---\n\n"
    "Le texte de l’article.\n"
)
HOME = (CONTENT / "pages" / "index.md").read_text(encoding="utf-8")
CONTACT = (CONTENT / "pages" / "contact.md").read_text(encoding="utf-8")
TESTIMONY = (CONTENT / "temoignages" / "karim-b.md").read_text(encoding="utf-8")
FIGURE = "```{figure}\nimage:\n  src: /images/absente.jpg\n  alt: Une image\n```\n"

CASES: dict[str, tuple[str, str]] = {
    "bad date": ("articles/a.md", ARTICLE.replace("2024-03-15", "2024-02-30")),
    "date as text": ("articles/a.md", ARTICLE.replace("2024-03-15", "le 3 mars")),
    "price with €": (
        "reglages/site.md",
        SETTINGS.replace("amount: 125", "amount: 125 €", 1),
    ),
    "dead internal link": (
        "pages/index.md",
        HOME.replace("href: /ressource", "href: /ressourse", 1),
    ),
    "dead link in prose": ("articles/a.md", ARTICLE + "\nVoir [la page](/contactt).\n"),
    "missing image": ("articles/a.md", ARTICLE + "\n" + FIGURE),
    "missing required field": ("articles/a.md", ARTICLE.replace("excerpt: Un résumé.\n", "")),
    "too-long description": (
        "pages/index.md",
        HOME.replace("description: Votre ado", "description: " + "x" * 300 + " Votre ado", 1),
    ),
    "too-long title": ("articles/a.md", ARTICLE.replace("Un titre", "T" * 111)),
    # The lengths the help recommends (issue 30): warnings with the count.
    "long page description": (
        "pages/index.md",
        HOME.replace("description: Votre ado", "description: " + "x" * 120 + " Votre ado", 1),
    ),
    "short page description": (
        "pages/contact.md",
        re.sub(r"^description: .*$", "description: Une question ?", CONTACT, count=1, flags=re.M),
    ),
    "long page title": (
        "pages/contact.md",
        CONTACT.replace("title: Contact", "title: " + "Contact " * 9, 1),
    ),
    # Pydantic strips the value for its rules but counts and shows it as written.
    "too-long title ending in a space": (
        "articles/a.md",
        ARTICLE.replace("Un titre", '"' + "T" * 111 + ' "'),
    ),
    "title of spaces": ("articles/a.md", ARTICLE.replace("Un titre", '"   "')),
    "e-mail with spaces": (
        "reglages/site.md",
        SETTINGS.replace("email: contact@renouer-coaching.fr", 'email: " contact "', 1),
    ),
    "duplicate key": ("articles/a.md", ARTICLE.replace("category:", "title: Deux\ncategory:")),
    "unknown key": ("articles/a.md", ARTICLE.replace("category:", "categroy: x\ncategory:")),
    "unknown cell": ("articles/a.md", ARTICLE + "\n```{heros}\ntitle: x\n```\n"),
    "enum": ("pages/index.md", HOME.replace("variant: primary", "variant: primaire", 1)),
    "number as text": ("articles/a.md", ARTICLE.replace("title: Un titre", "title: 2024")),
    "boolean": ("articles/a.md", ARTICLE.replace("category:", "draft: peut-être\ncategory:")),
    "read time bounds": ("articles/a.md", ARTICLE.replace("category:", "readTime: 500\ncategory:")),
    "empty list": (
        "pages/index.md",
        HOME.replace(
            "```{pain-points}", "```{cta}\ntitle: x\nactions: []\n```\n\n```{pain-points}", 1
        ),
    ),
    "http link": ("pages/index.md", HOME.replace("href: /ressource", "href: http://exemple.fr", 1)),
    "reserved anchor": (
        "articles/a.md",
        ARTICLE
        + "\n```{cta}\nanchor: fbq\ntitle: x\nactions:\n  - label: a\n    href: /contact\n```\n",
    ),
    "image path": (
        "articles/a.md",
        ARTICLE.replace("category:", "image:\n  src: photo.jpg\n  alt: a\ncategory:"),
    ),
    "unknown entry": (
        "pages/index.md",
        HOME.replace("```{steps}\n", "```{steps}\nitems:\n  - prendre-consciense\n", 1),
    ),
    "relative link": ("articles/a.md", ARTICLE + "\nVoir [ici](contact).\n"),
    "not closed": ("articles/a.md", ARTICLE + "\n```{cta}\ntitle: x\n"),
    "no frontmatter": ("articles/a.md", "Juste du texte.\n"),
    "yaml anchor": ("articles/a.md", ARTICLE.replace("Un titre", "&ancre Un titre")),
    "alias before a mistake": (
        "articles/a.md",
        ARTICLE.replace("Un titre", "*alias").replace("category: Émotions", "category: -"),
    ),
    "long number": (
        "articles/a.md",
        ARTICLE.replace("category:", "readTime: 12345678901234567\ncategory:"),
    ),
    "placeholder": ("articles/a.md", ARTICLE.replace("Un titre", "[À COMPLÉTER]")),
    "price typed by hand in a field": (
        "pages/index.md",
        HOME.replace("Portes qui claquent", "Le pack coûte 395 € ou 395euros. Portes", 1),
    ),
    "price typed by hand in prose": (
        "articles/a.md",
        ARTICLE + "\nLa séance : 125 €, le pack 1 395 € ; 395,00 EUR ou 395,50 €.\n",
    ),
    "stale prices in prose": (
        "articles/a.md",
        ARTICLE + "\nPack de 4 séances : 380 €, la séance 120 € ; un livre à 15 €.\n",
    ),
    "stale price in a field": (
        "pages/index.md",
        HOME.replace("Portes qui claquent", "La séance découverte à 30 €. Portes", 1),
    ),
    "e-mail and name typed by hand": (
        "temoignages/karim-b.md",
        TESTIMONY + "\nMerci Claire Delmas (CONTACT@renouer-coaching.fr).\n",
    ),
    "settings keep their values": (
        "reglages/site.md",
        SETTINGS.replace("Renouer", "Renouer 395 €", 1),
    ),
    # The limits of limits.py (issue 32): over 1 Mo, a YAML block nested past 20 levels.
    "file over 1 Mo": ("articles/a.md", ARTICLE + "Un paragraphe de l’article. " * 44_000),
    "nested too deep in brackets": (
        "articles/a.md",
        ARTICLE.replace("category:", "keywords: " + "[" * 21 + "]" * 21 + "\ncategory:"),
    ),
    "nested too deep in lists": (
        "articles/a.md",
        ARTICLE.replace("category:", "keywords:\n" + "- " * 21 + "x\ncategory:"),
    ),
    "cell of another document": (
        "articles/a.md",
        ARTICLE + "\n```{not-found}\ntitle: x\nlinkLabel: y\nlogMessage: z\n```\n",
    ),
    "banner in the error page": (
        "pages/404.md",
        (CONTENT / "pages" / "404.md").read_text(encoding="utf-8") + "\n```{hero}\ntitle: x\n```\n",
    ),
    "valid home page": ("pages/index.md", HOME),
    "valid article": ("articles/a.md", ARTICLE),
}


def test_the_coachs_mistakes_get_the_same_french_message(bundle_dir: Path) -> None:
    names = list(CASES)
    editor = editor_verdicts(bundle_dir, [CASES[n] for n in names])
    for name, found in zip(names, editor, strict=True):
        assert found == pipeline_verdict(*CASES[name]), name
    by_name = dict(zip(names, editor, strict=True))
    assert by_name["valid home page"] == [] and by_name["valid article"] == []
    assert by_name["bad date"][0][1:] == (
        "date",
        "date invalide\u00a0: « 2024-02-30 »\u202f; ce jour n’existe pas\u00a0: février 2024 "
        "a 29 jours (du 01 au 29)".replace("« ", "«\u00a0").replace(" »", "\u00a0»"),
    )


def test_every_shipped_file_gets_the_same_verdict(bundle_dir: Path) -> None:
    files = sorted(p for p in CONTENT.rglob("*.md") if p.name != "README.md" or p.parent != CONTENT)
    cases = [(p.relative_to(CONTENT).as_posix(), p.read_text(encoding="utf-8")) for p in files]
    editor = editor_verdicts(bundle_dir, cases)
    for (rel, text), found in zip(cases, editor, strict=True):
        expected = [d for d in pipeline_verdict(rel, text)]
        assert found == expected, rel


# --- Generated documents ----------------------------------------------------------------

_text = st.text(st.sampled_from("abcé :'\"#-€0123456789"), min_size=0, max_size=12)
_value = st.one_of(
    _text,
    st.sampled_from(
        [
            "*gras*",
            "&ancre a",
            "*alias",
            "2024-03-15",
            "2024-02-30",
            "2023-13-01",
            "125 €",
            "12",
            "true",
            "x" * 120,
        ]
    ),
    st.integers(-5, 200).map(str),
)
_href = st.sampled_from(
    ["/contact", "/contactt", "/blog", "#haut", "contact", "http://a.fr", "/images/x.png"]
)


def _written(value: str, plain: bool) -> str:
    if plain and re.fullmatch(r"[0-9a-z€ *&-]+", value):
        return value
    return json.dumps(value, ensure_ascii=False)


@st.composite
def articles(draw: st.DrawFn) -> str:
    fields = {
        "title": draw(_value),
        "excerpt": draw(_value),
        "date": draw(_value),
        "category": draw(_value),
    }
    for key in draw(st.sets(st.sampled_from(list(fields)))):
        del fields[key]
    if draw(st.booleans()):
        fields["readTime"] = draw(_value)
    if draw(st.booleans()):
        fields["draft"] = draw(st.sampled_from(["true", "false", "oui", "1", "peut-être"]))
    plain = draw(st.booleans())  # dates, numbers, « 125 € » unquoted: YAML reads their type
    front = "".join(f"{key}: {_written(value, plain)}\n" for key, value in fields.items())
    body = f"Un [lien]({draw(_href)}).\n"
    if draw(st.booleans()):
        label = json.dumps(draw(_text), ensure_ascii=False)
        variant = draw(st.sampled_from(["primary", "secondary", "primaire"]))
        body += (
            f"\n```{{cta}}\ntitle: Titre\nactions:\n  - label: {label}\n"
            f"    href: {draw(_href)}\n    variant: {variant}\n```\n"
        )
    return f"---\n{front}---\n\n{body}"


@settings(
    max_examples=8,
    deadline=None,
    phases=[Phase.explicit, Phase.reuse, Phase.generate],  # no shrinking: a node run per step
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(st.lists(articles(), min_size=25, max_size=25))
def test_generated_articles_get_the_same_verdict(bundle_dir: Path, texts: list[str]) -> None:
    cases = [(f"articles/genere-{i}.md", text) for i, text in enumerate(texts)]
    for (rel, text), found in zip(cases, editor_verdicts(bundle_dir, cases), strict=True):
        assert _loosely(found) == _loosely(pipeline_verdict(rel, text)), text


#: YAML the reader cannot read: the pipeline explains the precise mistake (yaml_messages),
#: the editor says the reader's general words; the verdict and the field agree.
UNREADABLE = "impossible de lire "


def _loosely(verdict: Verdict) -> Verdict:
    return [
        (
            severity,
            field,
            message.split("\u00a0:")[0] if message.startswith(UNREADABLE) else message,
        )
        for severity, field, message in verdict
    ]


_price = st.builds(
    lambda amount, cents, currency: f"{amount}{cents}{currency}",
    st.one_of(st.sampled_from([0, 15, 125, 380, 395, 1395]), st.integers(0, 99_999)),
    st.sampled_from(["", ",00", ",50", ",5", ".5"]),
    st.sampled_from([" €", "€", " euros", " EUR", "\u00a0€"]),
)
_price_words = st.sampled_from(
    ["le pack", "la séance", "Séance découverte", "un livre", "forfait", "", "à l’unité", "🙂"]
)
_between = st.sampled_from([" ", ", ", ". ", " ; ", " : ", " et ", " ! "])


@st.composite
def priced_texts(draw: st.DrawFn) -> str:
    """Prices among the words that name them, in any order: « le pack 380 €, 120 € la séance »."""
    parts = draw(st.lists(st.tuples(_price_words, _price, st.booleans(), _between), max_size=5))
    return "".join(
        (f"{words} {price}" if before else f"{price} {words}") + between
        for words, price, before, between in parts
    ).strip()


@settings(
    max_examples=4,
    deadline=None,
    phases=[Phase.explicit, Phase.reuse, Phase.generate],
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(st.lists(priced_texts(), min_size=20, max_size=20))
def test_prices_typed_by_hand_get_the_same_warnings(bundle_dir: Path, texts: list[str]) -> None:
    """The amount rule (HAND_TYPED) is one record both sides read: the same warnings, stale
    or not, in prose and in a field."""
    cases = [("articles/a.md", ARTICLE + "\n" + text + "\n") for text in texts[:10]]
    cases += [
        ("articles/a.md", ARTICLE.replace("Un résumé.", json.dumps(text, ensure_ascii=False)))
        for text in texts[10:]
    ]
    for (rel, text), found in zip(cases, editor_verdicts(bundle_dir, cases), strict=True):
        assert found == pipeline_verdict(rel, text), text


_length_text = st.builds(
    lambda count, spaces, unit: spaces + (unit * count)[:count] + spaces,
    st.one_of(st.integers(0, 200), st.sampled_from([59, 60, 61, 109, 110, 111, 159, 160, 161])),
    st.sampled_from(["", " ", "  "]),
    st.sampled_from(["x", "é", "mot ", "🙂"]),
)


@settings(
    max_examples=4,
    deadline=None,
    phases=[Phase.explicit, Phase.reuse, Phase.generate],
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(st.lists(st.tuples(_length_text, _length_text), min_size=20, max_size=20))
def test_page_titles_and_descriptions_get_the_same_length_warnings(
    bundle_dir: Path, pairs: list[tuple[str, str]]
) -> None:
    """The recommended lengths (rules/length.py) are records both sides read: the same
    warning, with the same count, at a page's title and description."""
    cases = [
        (
            "pages/contact.md",
            re.sub(
                r"^title: .*\n^description: .*$",
                lambda _, t=title, d=description: (
                    "title: "
                    + json.dumps(t, ensure_ascii=False)
                    + "\ndescription: "
                    + json.dumps(d, ensure_ascii=False)
                ),
                CONTACT,
                count=1,
                flags=re.M,
            ),
        )
        for title, description in pairs
    ]
    for (rel, text), found in zip(cases, editor_verdicts(bundle_dir, cases), strict=True):
        assert found == pipeline_verdict(rel, text), text


# --- What the editor writes, contenu check reads as the same data -------------------------


def pipeline_data(rel: str, text: str) -> dict[str, Any] | None:
    """The values the pipeline's loader reads: frontmatter and each cell's mapping, or None
    when it cannot read them all."""
    kind, folder, name = classify(rel)
    loaded = load(Source(CONTENT / rel, rel, f"content/{rel}", kind, folder, name), text.encode())
    front = loaded.frontmatter.data if loaded.frontmatter else None
    cells = [
        {"type": c.name, "data": c.yaml.data if c.yaml else None} for c in loaded.cells if c.name
    ]
    if (loaded.frontmatter and front is None) or any(c["data"] is None for c in cells):
        return None
    return {"frontmatter": front, "cells": cells}


def _same(read: dict[str, Any], editor: dict[str, Any]) -> bool:
    # Through JSON on both sides: 3.0 and 3 compare equal, as they do in Python.
    return bool(json.loads(json.dumps(read)) == {k: editor[k] for k in ("frontmatter", "cells")})


def test_the_editor_reads_every_file_as_the_pipeline_does(bundle_dir: Path, tmp_path: Path) -> None:
    shipped = sorted(p for p in CONTENT.rglob("*.md") if p.parent != CONTENT)
    corpus = generate_site(tmp_path / "corpus", 4000, words=50)
    generated = sorted((corpus / "content" / "articles").glob("genere-*.md"))
    files = shipped + generated
    cases = [{"path": f"{p.parent.name}/{p.name}", "file": str(p)} for p in files]
    found = run_editor(bundle_dir, {"mode": "data", "context": {}, "cases": cases})
    assert len(found) == len(files) >= 4000
    for path, editor in zip(files, found, strict=True):
        text = path.read_text(encoding="utf-8")
        assert editor["text"] == text, path
        read = pipeline_data(f"{path.parent.name}/{path.name}", text)
        assert read is not None and _same(read, editor), path


_field_value = st.one_of(
    st.text(st.characters(codec="utf-8", exclude_categories=["Cs", "Cc"]), max_size=30),
    st.text(st.sampled_from("ab :#'\"-[]{}&*!|>%@`,?\n\t"), max_size=20),
    st.sampled_from(["yes", "no", "on", "null", "~", "1:20", "0o12", "012", "1_000", "1e3", ".5"]),
    st.integers(-1000, 10**6),
    st.booleans(),
)


@settings(
    max_examples=6,
    deadline=None,
    phases=[Phase.explicit, Phase.reuse, Phase.generate],
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(
    st.lists(
        st.tuples(st.sampled_from(["title", "excerpt", "category", "note"]), _field_value),
        min_size=40,
        max_size=40,
    )
)
def test_what_the_editor_writes_the_pipeline_reads(
    bundle_dir: Path, edits: list[tuple[str, Any]]
) -> None:
    home = "pages/index.md"
    cases = [
        {
            "path": "articles/a.md",
            "text": ARTICLE,
            "edits": [{"target": "frontmatter", "path": [key], "value": value}],
        }
        for key, value in edits
    ]
    cases += [
        {
            "path": home,
            "text": HOME,
            "edits": [{"target": 0, "path": ["actions", 1, "label"], "value": value}],
        }
        for _, value in edits[:10]
    ]
    found = run_editor(bundle_dir, {"mode": "data", "context": {}, "cases": cases})
    for case, editor in zip(cases, found, strict=True):
        read = pipeline_data(case["path"], editor["text"])
        assert read is not None, editor["text"]
        assert _same(read, editor), editor["text"]
        edit = case["edits"][0]
        block = read["frontmatter"] if edit["target"] == "frontmatter" else read["cells"][0]["data"]
        for part in edit["path"]:
            block = block[part]
        assert block == edit["value"], editor["text"]
