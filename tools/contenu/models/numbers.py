"""A number typed by a coach, read as a French reader reads it: « 1 250 », « 395,50 »,
« 395 € » (with a space, a no-break or a narrow no-break space between thousands) keep
exactly their value; a form that could mean two things (« 1.250 ») or that is not a number
is refused with a French sentence. Nothing is ever read as another number.

One rule per kind of number, each a rule record (``contenu.rules.Decisions``: ordered
decisions on patterns of the shared subset) declared here: the models apply it to a value
typed by hand in a file (the types below), and the carnet interprets the same exported
records (``site/src/editor/core/rules.ts``, through ``core/numbers.ts``) in its number fields
and its validator.

Once accepted, the parts give the number (:func:`number_of`): the digits of ``units``
(separators dropped), then ``decimals`` after the decimal point, negative with a ``sign``.
An ``integer`` is the whole number (its decimals, if any, are zeros), an ``amount`` a whole
number when it has no cents. The carnet's ``numberOf`` says the same in TypeScript.
"""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BeforeValidator, Field

from contenu.rules import Decisions, Matches, Pattern, Step

#: The JSON Schema keyword that names how a field reads its text ("amount").
READING_KEYWORD = "x-reading"
#: The kinds of number a field holds: its JSON Schema names an amount under
#: ``READING_KEYWORD``; otherwise an ``integer`` field reads integers, a ``number`` one
#: decimals.
NumberKind = Literal["integer", "decimal", "amount"]
#: Beyond this many digits a number is no longer exact in JavaScript (limits.py's figure).
MAX_DIGITS = 15


def number_of(units: str, decimals: str | None, sign: str | None = None) -> int | float:
    """What the parts of a number mean: the digits of ``units`` (separators dropped), then
    ``decimals``; a whole number when the decimals are none or zeros. The hand-typed price
    (``pipeline/variables.py``) reads its parts the same way."""
    digits = re.sub(r"[^0-9]", "", units)
    number = float(f"{'-' if sign else ''}{digits}.{decimals or '0'}")
    return int(number) if number.is_integer() else number


class NumberRule(Decisions):
    """How a number of one kind is read (the record ``id`` is the kind)."""

    def read(self, text: str) -> int | float:
        """The number ``text`` means, or ValueError with the French reason."""
        found = self.accepted(text)
        if self.id == "integer":
            return int(("-" if found.get("sign") else "") + re.sub(r"[^0-9]", "", found["units"]))
        number = number_of(found["units"], found.get("decimals"), found.get("sign"))
        return float(number) if self.id == "decimal" else number


_SPACE = "[ \\u00a0\\u202f]"
_CURRENCY = f"(?:{_SPACE}?(?P<currency>€|[Ee][Uu][Rr](?:[Oo][Ss]?)?))?"
_START = f"{_SPACE}*(?P<sign>[\\-\\u2212])?"
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
#: Digits with spaces between them, not grouped as NUMBER groups them (« 12 50 »); written
#: as a class rather than ``[0-9]+(?:{_SPACE}+[0-9]+)+``, a shape the patterns refuse.
_GROUPED = f"{_START}[0-9]+{_SPACE}[0-9 \\u00a0\\u202f]*[0-9](?:[,.][0-9]+)?{_CURRENCY}{_SPACE}*"

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


def _full(source: str) -> Pattern:
    return Pattern(source, "fullmatch")


#: What one kind adds: an integer's decimals are zeros (« 12,0 »), an amount has cents at
#: most; its message key, its message and the test on the decimals that refuses.
_OWN: dict[NumberKind, tuple[str, str, Matches] | None] = {
    "integer": ("whole", "« {value} » : un nombre entier est attendu, sans chiffre après la "
                "virgule", Matches(_full("[0-9]*[1-9][0-9]*"), on="decimals")),
    "decimal": None,
    "amount": ("cents", "« {value} » : un montant a au plus deux chiffres après la virgule "
               "(les centimes)", Matches(_full("[0-9]{3,}"), on="decimals")),
}  # fmt: skip
#: Texts both sides must read alike: one per message of every kind, and accepted ones.
_EXAMPLES = (
    "", " \u00a0", "1234567890123456", "1.250.000", "1.250", "12 50", "abc", "€ 395", "12",
    "1 250", "1\u202f250,5", "\u221212", "12,0", "12,5", "12 €", "395,50 €", "395,505",
    " 1 250 euros ",
)  # fmt: skip


def _rule(kind: NumberKind) -> NumberRule:
    own = _OWN[kind]
    number = Matches(_full(NUMBER))
    not_number = Matches(_full(NUMBER), negate=True)
    steps = [
        Step((Matches(_full(_EMPTY)),), "empty"),
        Step((Matches(Pattern(_TOO_LONG, "search")),), "digits"),
        Step((Matches(_full(_DOTTED)),), "dots"),
        Step((Matches(_full(_AMBIGUOUS)),), "ambiguous"),
        Step((not_number, Matches(_full(_GROUPED))), "grouping"),
        Step((not_number,), "shape"),
    ]
    messages = _COMMON | {"shape": _SHAPES[kind]}
    if own is not None:
        key, message, test = own
        steps.append(Step((number, test), key))
        messages[key] = message
    if kind == "amount":
        messages.pop("currency")
    else:
        currency = Matches(Pattern("[^0-9]", "match"), on="currency")
        steps.append(Step((number, currency), "currency"))
    steps.append(Step((number,), None))
    return NumberRule(
        id=kind, steps=tuple(steps), messages=messages, otherwise="shape", examples=_EXAMPLES
    )


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


def whole_amount(value: float) -> int | float:
    """An amount with no cents as a whole number (« 395 », never « 395.0 »)."""
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
    AfterValidator(whole_amount),
]
