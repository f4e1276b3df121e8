"""A number typed by a coach, read as a French reader reads it: « 1 250 », « 395,50 »,
« 395 € » (with a space, a no-break or a narrow no-break space between thousands) keep
exactly their value; a form that could mean two things (« 1.250 ») or that is not a number
is refused with a French sentence. Nothing is ever read as another number.

One rule per kind of number, each an ordered list of decisions declared here as data:
``contenu check`` applies it to a value typed by hand in a file (``ContentModel``'s number
reading), and the carnet interprets the same records, exported into its generated model
(``site/src/editor/core/numbers.ts``) for its number fields and its validator. The records
use the vocabulary of the carnet's rule records (patterns of the part of the syntax Python
and JavaScript read alike, anchored by a mode; tests on the value or on a part a pattern
captured; message templates whose placeholders are those parts), so that each can become
one of them.

Once accepted, the parts give the number: the digits of ``units`` (separators dropped), then
``decimals`` after the decimal point, negative with a ``sign``. An ``integer`` is the whole
number (its decimals, if any, are zeros), an ``amount`` a whole number when it has no cents.
"""

from __future__ import annotations

import re
import typing
from dataclasses import dataclass, field
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BeforeValidator, Field

#: The kinds of number a field holds: its JSON Schema names an amount under
#: :data:`READING_KEYWORD`; otherwise an ``integer`` field reads integers, a ``number`` one
#: decimals.
NumberKind = Literal["integer", "decimal", "amount"]
READING_KEYWORD = "x-reading"
#: Beyond this many digits a number is no longer exact in JavaScript (limits.py's figure).
MAX_DIGITS = 15

Mode = Literal["search", "match", "fullmatch"]
_NAMED = re.compile(r"\(\?P<")
_PLACEHOLDER = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")


@dataclass(frozen=True)
class Test:
    """``on`` (the value, or a part captured before) matches ``pattern`` in ``mode``
    (``negate``: does not); a part never captured fails the test."""

    pattern: str
    mode: Mode = "fullmatch"
    on: str = "value"
    negate: bool = False

    def export(self) -> dict[str, Any]:
        return {"test": "matches", "on": self.on, "negate": self.negate,
                "source": _NAMED.sub("(?<", self.pattern), "mode": self.mode}  # fmt: skip


@dataclass(frozen=True)
class Step:
    """When every test holds, in order: ``then``, the key of a message, or None: accepted."""

    when: tuple[Test, ...]
    then: str | None


@dataclass(frozen=True)
class NumberRule:
    """How a number of one kind is read: the first step whose tests all hold decides;
    ``otherwise`` when none does."""

    kind: NumberKind
    steps: tuple[Step, ...]
    messages: dict[str, str]
    otherwise: str = "shape"
    compiled: dict[str, re.Pattern[str]] = field(default_factory=dict, compare=False)

    def __post_init__(self) -> None:
        for step in self.steps:
            assert step.then is None or step.then in self.messages, step.then
            for test in step.when:
                self.compiled[test.pattern] = re.compile(test.pattern)
        assert self.otherwise in self.messages

    def decide(self, text: str) -> tuple[str | None, dict[str, str]]:
        """The key of the message that refuses ``text`` (None: accepted) and its parts."""
        found = {"value": text}
        for step in self.steps:
            if all(self._holds(test, found) for test in step.when):
                return step.then, found
        return self.otherwise, found

    def _holds(self, test: Test, found: dict[str, str]) -> bool:
        subject = found.get(test.on)
        if subject is None:
            return False
        pattern = self.compiled[test.pattern]
        match = getattr(pattern, test.mode)(subject)
        if match is not None:
            found.update({k: v for k, v in match.groupdict().items() if v is not None})
        return (match is not None) != test.negate

    def read(self, text: str) -> int | float:
        """The number ``text`` means, or ValueError with the French reason."""
        key, found = self.decide(text)
        if key is not None:
            raise ValueError(_PLACEHOLDER.sub(lambda m: found.get(m[1], m[0]), self.messages[key]))
        digits = re.sub(r"[^0-9]", "", found["units"])
        sign = "-" if found.get("sign") else ""
        if self.kind == "integer":
            return int(sign + digits)
        number = float(f"{sign}{digits}.{found.get('decimals') or '0'}")
        return int(number) if self.kind == "amount" and number.is_integer() else number

    def export(self) -> dict[str, Any]:
        return {
            "kind": "number",
            "number": self.kind,
            "steps": [{"when": [t.export() for t in s.when], "then": s.then} for s in self.steps],
            "otherwise": self.otherwise,
            "messages": self.messages,
        }


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

