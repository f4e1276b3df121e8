"""The French catalogue of Pydantic errors and the output formats."""

from __future__ import annotations

import datetime as dt
import enum
from typing import Literal

import pytest
from pydantic import BaseModel, EmailStr, Field, HttpUrl, ValidationError

from contenu.report.diagnostics import (
    Diagnostic,
    pydantic_message,
    suggest,
    typeset,
)
from contenu.report.output import format_github, format_terminal


class Tone(enum.Enum):
    soft = "doux"
    loud = "fort"


class Sample(BaseModel):
    text: str = "x"
    number: int = 1
    flag: bool = False
    day: dt.date = dt.date(2024, 1, 1)
    choice: Literal["primary", "secondary"] = "primary"
    low: int = Field(1, ge=1)
    high: int = Field(1, le=5)
    short: str = Field("x", min_length=1)
    long: str = Field("x", max_length=3)
    items: list[int] = Field(default_factory=lambda: [1], min_length=1)
    few: list[int] = Field(default_factory=list, max_length=1)
    color: str = Field("#000000", pattern=r"^#[0-9a-fA-F]{6}$")
    url: HttpUrl = HttpUrl("https://example.org")
    email: EmailStr = "a@example.org"
    group: dict[str, int] = Field(default_factory=dict)
    tone: Tone = Tone.soft
    required: str


def message(**data: object) -> str:
    with pytest.raises(ValidationError) as info:
        Sample.model_validate({"required": "ok", **data})
    errors = [e for e in info.value.errors() if e["loc"] != ("required",)]
    return pydantic_message(dict(errors[0]))


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        ({"text": 12}, "doit être du texte, mais « 12 » est lu comme un nombre"),
        ({"text": True}, "est lu comme un oui/non"),
        ({"number": "douze"}, "doit être un nombre entier (sans virgule), pas « douze »"),
        ({"number": 1.5}, "doit être un nombre entier"),
        ({"flag": "peut-être"}, "doit valoir true (oui) ou false (non)"),
        (
            {"day": "15/03/2024"},
            "date invalide : « 15/03/2024 » ; écrivez-la sous la forme AAAA-MM-JJ",
        ),
        (
            {"choice": "primaire"},
            "valeur non autorisée « primaire » ; vouliez-vous dire « primary »",
        ),
        ({"low": 0}, "doit être supérieur ou égal à 1, pas « 0 »"),
        ({"high": 6}, "doit être inférieur ou égal à 5, pas « 6 »"),
        ({"short": ""}, "ne doit pas être vide"),
        ({"long": "abcd"}, "trop long : 3 caractères au maximum (actuellement 4)"),
        ({"items": []}, "doit contenir au moins 1 élément"),
        ({"few": [1, 2]}, "doit contenir au plus 1 élément"),
        ({"color": "rouge"}, "format invalide : « rouge » ; une couleur s’écrit #RRVVBB"),
        ({"url": "pas une adresse"}, "adresse web invalide : « pas une adresse »"),
        ({"email": "personne"}, "adresse e-mail invalide : « personne »"),
        ({"items": "un"}, "doit être une liste"),
        ({"group": "x"}, "doit être un groupe de « clé: valeur »"),
        (
            {"tone": "calme"},
            "valeur non autorisée « calme » ; valeurs possibles : « doux », « fort »",
        ),
    ],
)
def test_french_messages(data: dict[str, object], expected: str) -> None:
    assert expected in message(**data)


def test_examples_between_backticks_keep_their_typing() -> None:
    message = typeset('valeur à citer : écrivez `title: "A : B ; C"` ; merci !')
    assert message == ('valeur à citer\u00a0: écrivez `title: "A : B ; C"`\u202f; merci\u202f!')
    assert Diagnostic("a.md", 1, 1, "", "voir `a: b`").message == "voir `a: b`"


def test_missing_and_fallback() -> None:
    assert pydantic_message({"type": "missing", "loc": ("x",)}).startswith(
        "ce champ est obligatoire"
    )
    assert pydantic_message({"type": "jamais_vu", "input": "v"}) == "valeur invalide : « v »"


def test_suggestions() -> None:
    assert suggest("titel", ["title", "text"]) == "title"
    assert suggest("meta_pixel", ["metaPixel", "mailerlite"]) == "metaPixel"
    assert suggest("Title", ["title"]) == "title"
    assert suggest("zzz", ["title"]) is None


def test_formats() -> None:
    diag = Diagnostic("content/a.md", 3, 5, "title", "ne doit pas être vide", source="title: ''")
    assert format_terminal(diag).splitlines() == [
        "content/a.md:3:5: Titre\u00a0: ne doit pas être vide",
        "    3 | title: ''",
        "            ^",
    ]
    weird = Diagnostic("content/a,b.md", 1, 1, "a:b", "100 % faux\nvraiment")
    assert format_github(weird) == (
        "::error file=content/a%2Cb.md,line=1,col=1,title=«\u00a0a%3Ab\u00a0»"
        "::100 %25 faux%0Avraiment"
    )
