"""A number typed by a coach, read as a French reader reads it: « 1 250 », « 395,50 »,
« 395 € » (with a space, a no-break or a narrow no-break space between thousands) keep
exactly their value; a form that could mean two things (« 1.250 ») or that is not a number
is refused with a French sentence. Nothing is ever read as another number.

One rule per kind of number, each a reading (``reading.py``) declared here as data: the
models apply it to a value typed by hand in a file (the types below), and the carnet
interprets the same records (``site/src/editor/core/reading.ts``) in its number fields and
its validator.

Once accepted, the parts give the number: the digits of ``units`` (separators dropped), then
``decimals`` after the decimal point, negative with a ``sign``. An ``integer`` is the whole
number (its decimals, if any, are zeros), an ``amount`` a whole number when it has no cents.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BeforeValidator, Field

from contenu.models.reading import READING_KEYWORD, Reading, Step, Test

#: The kinds of number a field holds: its JSON Schema names an amount under
#: ``READING_KEYWORD``; otherwise an ``integer`` field reads integers, a ``number`` one
#: decimals.
NumberKind = Literal["integer", "decimal", "amount"]
#: Beyond this many digits a number is no longer exact in JavaScript (limits.py's figure).
MAX_DIGITS = 15


@dataclass(frozen=True)
class NumberRule(Reading):
    """How a number of one kind (``kind``) is read, and what its parts mean."""

    def read(self, text: str) -> int | float:
        """The number ``text`` means, or ValueError with the French reason."""
        found = self.parts(text)
        digits = re.sub(r"[^0-9]", "", found["units"])
        sign = "-" if found.get("sign") else ""
        if self.kind == "integer":
            return int(sign + digits)
        number = float(f"{sign}{digits}.{found.get('decimals') or '0'}")
        return int(number) if self.kind == "amount" and number.is_integer() else number


_SPACE = "[ \\u00a0\\u202f]"
_CURRENCY = f"(?:{_SPACE}?(?P<currency>€|[Ee][Uu][Rr](?:[Oo][Ss]?)?))?"
_START = f"{_SPACE}*(?P<sign>[-\\u2212])?"
#: A number as French writes it: thousands grouped by three after a space, decimals after a
#: comma (or a point), then perhaps « € » or « euros ».
NUMBER = (
    f"{_START}(?P<units>[0-9]{{1,3}}(?:{_SPACE}[0-9]{{3}})+|[0-9]+)"
    f"(?:[,.](?P<decimals>[0-9]+))?{_CURRENCY}{_SPACE}*"
)
_EMPTY = f"{_SPACE}*"
_TOO_LONG = f"[0-9](?:[^0-9]*[0-9]){{{MAX_DIGITS}}}"
_DOTTED = f"{_START}[0-9]{{1,3}}(?:\\.[0-9]{{3}}){{2,}}(?:,[0-9]+)?{_CURRENCY}{_SPACE}*"
_AMBIGUOUS = f"{_START}(?P<head>[0-9]{{1,3}})\\.(?P<tail>[0-9]{{3}}){_CURRENCY}{_SPACE}*"
_GROUPED = f"{_START}[0-9]+(?:{_SPACE}+[0-9]+)+(?:[,.][0-9]+)?{_CURRENCY}{_SPACE}*"

_COMMON = {
    "empty": "vide : écrivez un nombre en chiffres",
    "digits": f"« {{value}} » a plus de {MAX_DIGITS} chiffres : au-delà, un nombre n’est "
    "plus exact",
    "dots": "« {value} » : séparez les milliers par des espaces (1 250 000), pas par des points",
    "ambiguous": "« {value} » peut se lire {head} {tail} ou {head},{tail} : écrivez les "
    "milliers avec une espace ({head} {tail}) ou les décimales avec une virgule ({head},{tail})",
    "grouping": "« {value} » : les chiffres se groupent par trois après une espace, par "
    "exemple 1 250 ou 12 500",
    "currency": "« {value} » : écrivez le nombre seul, sans « {currency} »",
}
_SHAPES = {
    "integer": "« {value} » n’est pas un nombre entier : écrivez-le en chiffres, par exemple "
    "12 ou 1 250",
    "decimal": "« {value} » n’est pas un nombre : écrivez-le en chiffres, par exemple 12, "
    "12,5 ou 1 250",
    "amount": "« {value} » n’est pas un montant : écrivez-le en chiffres, par exemple 395, "
    "395,50 ou 1 250 €",
}
#: What one kind adds: an integer's decimals are zeros (« 12,0 »), an amount has cents at
#: most; its message key, its message and the test on the decimals that refuses.
_OWN: dict[NumberKind, tuple[str, str, Test] | None] = {
    "integer": ("whole", "« {value} » : un nombre entier est attendu, sans chiffre après la "
                "virgule", Test("[0-9]*[1-9][0-9]*", on="decimals")),
    "decimal": None,
    "amount": ("cents", "« {value} » : un montant a au plus deux chiffres après la virgule "
               "(les centimes)", Test("[0-9]{3,}", on="decimals")),
}  # fmt: skip


def _rule(kind: NumberKind) -> NumberRule:
    own = _OWN[kind]
    steps = [
        Step((Test(_EMPTY),), "empty"),
        Step((Test(_TOO_LONG, mode="search"),), "digits"),
        Step((Test(_DOTTED),), "dots"),
        Step((Test(_AMBIGUOUS),), "ambiguous"),
        Step((Test(NUMBER, negate=True), Test(_GROUPED)), "grouping"),
        Step((Test(NUMBER, negate=True),), "shape"),
    ]
    messages = _COMMON | {"shape": _SHAPES[kind]}
    if own is not None:
        key, message, test = own
        steps.append(Step((Test(NUMBER), test), key))
        messages[key] = message
    if kind == "amount":
        messages.pop("currency")
    else:
        steps.append(Step((Test(NUMBER), Test("[^0-9]", mode="match", on="currency")), "currency"))
    steps.append(Step((Test(NUMBER),), None))
    return NumberRule(kind, tuple(steps), messages)


#: The rule of each kind of number.
NUMBER_RULES: dict[NumberKind, NumberRule] = {
    kind: _rule(kind) for kind in ("integer", "decimal", "amount")
}


def read_number(kind: NumberKind, value: Any) -> Any:
    """``value`` as the field's number: a text read by the rule of ``kind``; an amount
    written as a YAML number is held to its cents (``395.555`` is refused, shown as French
    writes it, « 395,555 »: its point is YAML's decimal point); any other value is left to
    the field's type."""
    rule = NUMBER_RULES[kind]
    if isinstance(value, str):
        return rule.read(value)
    if kind == "amount" and isinstance(value, float):
        rule.read(repr(value).replace(".", ","))
    return value


def _whole(value: float) -> int | float:
    return int(value) if float(value).is_integer() else value


def _reading(kind: NumberKind) -> Any:
    def read(value: Any) -> Any:
        return read_number(kind, value)

    read.__name__ = f"read_{kind}"
    return BeforeValidator(read)


#: A whole number, « 12 » or « 1 250 » typed in a file or in the carnet. The optional forms
#: read around the ``None``: the field's bounds then stay on the number (in its JSON Schema
#: too, where ``Integer | None`` would lose them).
Integer = Annotated[int, _reading("integer")]
OptionalInteger = Annotated[int | None, _reading("integer")]
#: A number with decimals, « 12,5 » or « 1 250 ».
OptionalDecimal = Annotated[float | None, _reading("decimal")]
#: An amount in euros, cents allowed: « 395 », « 395,50 », « 1 250 € »; kept as a whole
#: number when it has no cents (« 395 », never « 395.0 »). The JSON Schema names it, so that
#: the carnet reads it as an amount.
Amount = Annotated[
    float,
    Field(ge=0, json_schema_extra={READING_KEYWORD: "amount"}),
    _reading("amount"),
    AfterValidator(_whole),
]
