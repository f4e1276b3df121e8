"""`contenu integrer`: the embed code a coach copies from MailerLite, Calendly or Meta fills the
settings line by line (comments and layout kept), or nothing is written and a French message
says exactly what is missing. The snippets in snippets/ have the shape of the real ones."""

from __future__ import annotations

import difflib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml
from conftest import Result
from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

from contenu.cli import app
from contenu.integrate.snippets import read_calendly, read_mailerlite, read_pixel

SNIPPETS = Path(__file__).parents[1] / "snippets"
SETTINGS = "content/reglages/site.md"


def snippet(name: str) -> str:
    return (SNIPPETS / name).read_text(encoding="utf-8")


def providers(root: Path) -> dict[str, Any]:
    text = (root / SETTINGS).read_text(encoding="utf-8")
    data = yaml.safe_load(text.split("---\n")[1])
    return dict(data["providers"])


def changed_lines(before: str, after: str) -> list[tuple[str, str]]:
    diff = difflib.ndiff(before.split("\n"), after.split("\n"))
    return [(d[0], d[2:]) for d in diff if d[0] in "+-"]


@pytest.fixture
def pasted(contenu: Callable[..., Result]) -> Callable[..., Result]:
    """``pasted(text, *args)``: ``contenu <args>`` with ``text`` pasted on standard input
    (in the fake repository root that the ``contenu`` fixture set up)."""

    def run(text: str, *args: str) -> Result:
        result = CliRunner().invoke(app, list(args), input=text, catch_exceptions=False)
        return Result(result.exit_code, result.output)

    return run


# --- reading the snippets -------------------------------------------------------------------


def test_the_four_mailerlite_identifiers_come_from_the_two_codes() -> None:
    javascript = read_mailerlite(snippet("mailerlite-javascript.html"))
    assert javascript.values == {"accountId": "1463528", "formCode": "Qv7TbN"}
    html = read_mailerlite(snippet("mailerlite-html.html"))
    assert html.values == {
        "accountId": "1463528",
        "formId": "118392765530228731",
        "webformId": "13820417",
    }
    assert not javascript.conflicts and not html.conflicts


def test_calendly_link_without_its_options() -> None:
    inline = read_calendly(snippet("calendly-inline.html"))
    assert inline.values == {
        "url": "https://calendly.com/claire-delmas-renouer/appel-decouverte-30-min",
        "hideEventTypeDetails": True,
        "hideLandingPageDetails": False,
    }
    assert "hide_gdpr_banner, primary_color" in inline.notes[0]
    popup = read_calendly(snippet("calendly-popup.html"))
    assert popup.values["url"] == inline.values["url"]
    bare = read_calendly("Mon lien : https://calendly.com/claire/appel-30")
    assert bare.values["url"] == "https://calendly.com/claire/appel-30"


def test_pixel_id_from_the_base_code() -> None:
    assert read_pixel(snippet("meta-pixel.html")).values == {"id": "804215937261548"}


def test_two_different_forms_are_a_conflict() -> None:
    other = snippet("mailerlite-html.html").replace("13820417", "13820499")
    found = read_mailerlite(snippet("mailerlite-html.html") + other)
    assert found.conflicts == {"webformId": ["13820417", "13820499"]}


@given(st.text(max_size=300))
def test_readers_never_fail_and_only_report_digits_as_ids(text: str) -> None:
    ml, pixel = read_mailerlite(text), read_pixel(text)
    for key in ("accountId", "formId", "webformId"):
        assert str(ml.values.get(key, "0")).isdigit()
    assert str(pixel.values.get("id", "0")).isdigit()
    url = read_calendly(text).values.get("url")
    assert url is None or "calendly.com" in str(url)


# --- the command ----------------------------------------------------------------------------


def test_mailerlite_both_codes_fill_the_settings_and_clear_the_stand_in(
    site_root: Path, contenu: Callable[..., Any]
) -> None:
    before = (site_root / SETTINGS).read_text(encoding="utf-8")
    result = contenu(
        "integrer",
        "mailerlite",
        str(SNIPPETS / "mailerlite-javascript.html"),
        str(SNIPPETS / "mailerlite-html.html"),
    )
    assert result.exit_code == 0, result.output
    assert providers(site_root)["mailerlite"] == {
        "accountId": "1463528",
        "formId": "118392765530228731",
        "formCode": "Qv7TbN",
        "webformId": "13820417",
    }
    after = (site_root / SETTINGS).read_text(encoding="utf-8")
    changes = changed_lines(before, after)
    # Only the values and the stand-in mark changed: comments and layout are the coach's.
    assert ("-", "    provisional: true") in changes
    assert {line.split(":")[0].strip() for _, line in changes} == {
        "provisional",
        "accountId",
        "formId",
        "formCode",
        "webformId",
    }
    assert "MailerLite branché" in result.plain
    checked = contenu("check")
    assert checked.exit_code == 0
    assert "providers.mailerlite.provisional" not in checked.output


def test_mailerlite_one_code_says_what_is_missing_and_writes_nothing(
    site_root: Path, contenu: Callable[..., Any]
) -> None:
    before = (site_root / SETTINGS).read_text(encoding="utf-8")
    result = contenu("integrer", "mailerlite", str(SNIPPETS / "mailerlite-javascript.html"))
    assert result.exit_code == 1
    assert (site_root / SETTINGS).read_text(encoding="utf-8") == before
    assert "MailerLite : rien n’a été écrit." in result.plain
    assert (
        "il manque l’identifiant du formulaire (formId), le long nombre écrit après /forms/ "
        in (result.plain)
    )
    assert "il manque le numéro du formulaire (webformId), écrit après mlb2- et " in result.plain
    assert "il manque le code court" not in result.plain  # the JavaScript code has it
    assert "le code JavaScript et le code HTML" in result.plain


def test_calendly_from_standard_input(site_root: Path, pasted: Callable[..., Result]) -> None:
    result = pasted(snippet("calendly-inline.html"), "integrer", "calendly")
    assert result.exit_code == 0, result.output
    calendly = providers(site_root)["calendly"]
    assert calendly["url"] == "https://calendly.com/claire-delmas-renouer/appel-decouverte-30-min"
    assert calendly["hideEventTypeDetails"] is True
    assert "provisional" not in calendly
    assert (calendly["minWidth"], calendly["height"]) == (320, 900)  # the specification's size
    assert "options du code non reprises : hide_gdpr_banner, primary_color" in result.plain


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            '<div class="calendly-inline-widget" data-url="http://calendly.com/x/appel"></div>',
            "url : adresse Calendly invalide : « http://calendly.com/x/appel » ; elle doit "
            "commencer par https://calendly.com/",
        ),
        ("<p>Réservez sur https://cal.com/claire/appel</p>", "il manque le lien de réservation"),
    ],
)
def test_calendly_refuses_other_addresses(
    text: str, message: str, site_root: Path, pasted: Callable[..., Result]
) -> None:
    before = (site_root / SETTINGS).read_text(encoding="utf-8")
    result = pasted(text, "integrer", "calendly")
    assert result.exit_code == 1
    assert message in result.plain, result.output
    assert (site_root / SETTINGS).read_text(encoding="utf-8") == before


def test_pixel_without_an_id_line_gets_one(site_root: Path, contenu: Callable[..., Any]) -> None:
    """A settings file without metaPixel (no pixel yet) gains the group, indented like its
    neighbours."""
    path = site_root / SETTINGS
    text = path.read_text(encoding="utf-8")
    start = text.index("  # Sans « id »")
    end = text.index("\n\n", start)
    path.write_text(text[:start] + text[end + 1 :], encoding="utf-8")
    assert "metaPixel" not in providers(site_root)
    result = contenu("integrer", "pixel", str(SNIPPETS / "meta-pixel.html"))
    assert result.exit_code == 0, result.output
    assert providers(site_root)["metaPixel"] == {"id": "804215937261548"}
    assert '  metaPixel:\n    id: "804215937261548"\n' in path.read_text(encoding="utf-8")


def test_unknown_service_and_empty_input(pasted: Callable[..., Result]) -> None:
    unknown = pasted("", "integrer", "mailchimp")
    assert unknown.exit_code == 2
    assert "Service inconnu : « mailchimp » ; services possibles : mailerlite, calendly, pixel" in (
        unknown.plain
    )
    empty = pasted("", "integrer", "pixel")
    assert empty.exit_code == 1
    assert "aucun code reçu" in empty.plain


def test_a_linked_settings_file_is_never_written(
    site_root: Path, contenu: Callable[..., Any], tmp_path: Path
) -> None:
    outside = tmp_path / "ailleurs.md"
    settings = site_root / SETTINGS
    outside.write_text(settings.read_text(encoding="utf-8"), encoding="utf-8")
    settings.unlink()
    settings.symlink_to(outside)
    before = outside.read_text(encoding="utf-8")
    result = contenu("integrer", "pixel", str(SNIPPETS / "meta-pixel.html"))
    assert result.exit_code == 1
    assert "n’est pas un fichier ordinaire" in result.plain
    assert outside.read_text(encoding="utf-8") == before
