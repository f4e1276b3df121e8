"""The provider identifiers of the settings: each wrong shape is refused by `contenu check` in
French, at its line, saying where the right value is; the real shapes pass."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import ValidationError

from contenu.models.providers import Calendly, MailerLite, MetaPixel
from contenu.report.labels import field_label

SETTINGS = "content/reglages/site.md"


def plain(text: str) -> str:
    """``text`` as ``result.plain`` shows it (no-break spaces as spaces)."""
    return text.replace("\u00a0", " ").replace("\u202f", " ")


def replace_line(root: Path, key: str, value: str) -> int:
    """Sets ``key: value`` on the (first) line of that key in the settings; its line number."""
    path = root / SETTINGS
    lines = path.read_text(encoding="utf-8").split("\n")
    index = next(i for i, line in enumerate(lines) if line.strip().startswith(f"{key}:"))
    indent = lines[index][: len(lines[index]) - len(lines[index].lstrip())]
    lines[index] = f"{indent}{key}: {value}"
    path.write_text("\n".join(lines), encoding="utf-8")
    return index + 1


# key, bad value as written in YAML, field shown, what the message must say
WRONG_SHAPES = {
    "account id with letters": (
        "accountId",
        '"12a4567"',
        "providers.mailerlite.accountId",
        "identifiant de compte MailerLite invalide : « 12a4567 » ; c’est le nombre (1 à 10 "
        "chiffres) écrit dans ml('account', '…')",
    ),
    "short code where the numeric form id goes": (
        "formId",
        "a1B2c3",
        "providers.mailerlite.formId",
        "identifiant du formulaire MailerLite invalide : « a1B2c3 » ; c’est le long nombre "
        "(15 à 20 chiffres) écrit après /forms/",
    ),
    "webform id where the numeric form id goes": (
        "formId",
        '"12114309"',
        "providers.mailerlite.formId",
        "identifiant du formulaire MailerLite invalide : « 12114309 »",
    ),
    "form code with a dash": (
        "formCode",
        "ab-12c",
        "providers.mailerlite.formCode",
        "code court du formulaire MailerLite invalide : « ab-12c » ; ce sont les 4 à 12 lettres "
        "et chiffres de data-form",
    ),
    "numeric form id where the webform id goes": (
        "webformId",
        '"112420222890149046"',
        "providers.mailerlite.webformId",
        "numéro du formulaire MailerLite invalide : « 112420222890149046 » ; c’est le nombre "
        "(6 à 10 chiffres) écrit après mlb2- et après ml_webform_success_",
    ),
    "calendly over http": (
        "url",
        "http://calendly.com/renouer/appel",
        "providers.calendly.url",
        "adresse Calendly invalide : « http://calendly.com/renouer/appel » ; elle doit commencer "
        "par https://calendly.com/",
    ),
    "another scheduling host": (
        "url",
        "https://cal.com/renouer/appel",
        "providers.calendly.url",
        "adresse Calendly invalide : « https://cal.com/renouer/appel » ; elle doit commencer par "
        "https://calendly.com/",
    ),
    "look-alike host": (
        "url",
        "https://calendly.com.example.org/renouer/appel",
        "providers.calendly.url",
        "elle doit commencer par https://calendly.com/",
    ),
    "calendly link with options": (
        "url",
        "https://calendly.com/renouer/appel?hide_gdpr_banner=1",
        "providers.calendly.url",
        "enlevez tout ce qui suit « ? » ou « # »",
    ),
    "calendly profile page only": (
        "url",
        "https://calendly.com/",
        "providers.calendly.url",
        "attendu : https://calendly.com/nom/evenement",
    ),
    "pixel id too short": (
        "id",
        '"1234567890"',
        "providers.metaPixel.id",
        "identifiant du pixel Meta invalide : « 1234567890 » ; c’est le nombre de 15 ou 16 "
        "chiffres écrit dans fbq('init', '…')",
    ),
}


@pytest.mark.parametrize("case", sorted(WRONG_SHAPES))
def test_wrong_shape_is_refused_in_french_at_its_line(
    case: str, site_root: Path, contenu: Callable[..., Any]
) -> None:
    key, value, field, message = WRONG_SHAPES[case]
    line = replace_line(site_root, key, value)
    result = contenu("check")
    assert result.exit_code == 1, result.output
    where = f"{SETTINGS}:{line}:5: {plain(field_label(field))} : "
    reported = [row for row in result.plain.splitlines() if row.startswith(where)]
    assert len(reported) == 1, result.output
    assert message in reported[0], reported[0]
    assert "Traceback" not in result.output


def test_unquoted_numbers_are_read_as_identifiers(
    site_root: Path, contenu: Callable[..., Any]
) -> None:
    """YAML reads 1234567 as a number; the identifier is still its digits. Past 15 digits
    (the form's id) a number is no longer exact anywhere but Python: the quotes are asked for
    with the line to write (limits.py), and with them the id is accepted."""
    replace_line(site_root, "accountId", "1463528")
    replace_line(site_root, "id", "804215937261548")
    line = replace_line(site_root, "formId", "118392765530228731")
    result = contenu("check")
    assert result.exit_code == 1, result.output
    field = plain(field_label("providers.mailerlite.formId"))
    assert f"{SETTINGS}:{line}:13: {field} : nombre de 18 chiffres" in result.plain
    assert '`formId: "118392765530228731"`' in result.plain
    replace_line(site_root, "formId", '"118392765530228731"')
    result = contenu("check")
    assert result.exit_code == 0, result.output


def test_missing_new_identifier_names_the_field(
    site_root: Path, contenu: Callable[..., Any]
) -> None:
    path = site_root / SETTINGS
    text = path.read_text(encoding="utf-8")
    path.write_text(re.sub(r"\n\s*webformId: .*", "", text), encoding="utf-8")
    result = contenu("check")
    assert result.exit_code == 1
    label = "Identifiant du formulaire web"
    assert (
        f"Services tiers › MailerLite › {label} : le champ obligatoire « {label} » manque"
    ) in result.plain


digits = st.text(alphabet="0123456789", min_size=1, max_size=24)


@given(digits)
def test_form_id_and_webform_id_never_overlap(value: str) -> None:
    """A value is never both a numeric form id and a webform id: swapping them is caught."""
    base = {"accountId": "1463528", "formCode": "Qv7TbN"}
    as_form = _valid(MailerLite, {**base, "formId": value, "webformId": "13820417"})
    as_webform = _valid(MailerLite, {**base, "formId": "118392765530228731", "webformId": value})
    assert not (as_form and as_webform)
    if as_form:
        assert 15 <= len(value) <= 20 and value[0] != "0"


@given(st.text(max_size=80))
def test_only_https_calendly_links_pass(url: str) -> None:
    if _valid(Calendly, {"url": url}):
        assert url.startswith("https://calendly.com/")
        assert "?" not in url and "#" not in url


@given(st.from_regex(r"https://calendly\.com/[a-z0-9_-]{1,20}/[a-z0-9_-]{1,30}", fullmatch=True))
def test_scheduling_links_pass(url: str) -> None:
    assert Calendly.model_validate({"url": url}).url == url


@given(st.one_of(digits, st.integers(min_value=0, max_value=10**17)))
def test_pixel_ids_are_15_or_16_digits(value: str | int) -> None:
    text = str(value)
    expected = text.isdigit() and len(text) in (15, 16) and text[0] != "0"
    assert _valid(MetaPixel, {"id": value}) == expected


def _valid(model: Any, data: dict[str, Any]) -> bool:
    try:
        model.model_validate(data)
    except ValidationError:
        return False
    return True
