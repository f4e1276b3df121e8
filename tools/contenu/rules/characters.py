"""Classes of characters written out, for patterns both sides read: JavaScript's ``\\s`` and
``\\p{Cf}`` are not Python's (another set of spaces, another Unicode version), so the
characters are listed here, as Python knows them. ``tests/pipeline/rules/test_pattern.py``
compares each list with ``unicodedata`` over every code point.
"""

from __future__ import annotations

#: Python's whitespace (``str.isspace``): ``\\s`` of a Python pattern.
SPACE_RANGES: tuple[tuple[int, int], ...] = (
    (0x09, 0x0D), (0x1C, 0x20), (0x85, 0x85), (0xA0, 0xA0), (0x1680, 0x1680),
    (0x2000, 0x200A), (0x2028, 0x2029), (0x202F, 0x202F), (0x205F, 0x205F), (0x3000, 0x3000),
)  # fmt: skip

#: What cannot be seen in a value: whitespace and the categories Cc (controls), Cf (format
#: characters: zero-width spaces, bidirectional marks…), Zl and Zp (line and paragraph
#: separators), as Python's ``unicodedata`` knows them.
INVISIBLE_RANGES: tuple[tuple[int, int], ...] = (
    (0x0, 0x20), (0x7F, 0xA0), (0xAD, 0xAD), (0x600, 0x605), (0x61C, 0x61C), (0x6DD, 0x6DD),
    (0x70F, 0x70F), (0x890, 0x891), (0x8E2, 0x8E2), (0x1680, 0x1680), (0x180E, 0x180E),
    (0x2000, 0x200F), (0x2028, 0x202F), (0x205F, 0x2064), (0x2066, 0x206F), (0x3000, 0x3000),
    (0xFEFF, 0xFEFF), (0xFFF9, 0xFFFB), (0x110BD, 0x110BD), (0x110CD, 0x110CD),
    (0x13430, 0x13438), (0x1BCA0, 0x1BCA3), (0x1D173, 0x1D17A), (0xE0001, 0xE0001),
    (0xE0020, 0xE007F),
)  # fmt: skip


def _char(code: int) -> str:
    """One end of a range as the shared subset writes it: an escape for the BMP, the
    character itself beyond (``\\U`` is Python's only, ``\\u{…}`` JavaScript's only)."""
    if code <= 0xFF:
        return f"\\x{code:02x}"
    if code <= 0xFFFF:
        return f"\\u{code:04x}"
    return chr(code)


def class_body(ranges: tuple[tuple[int, int], ...]) -> str:
    """The inside of a ``[…]`` class holding these ranges."""
    return "".join(_char(lo) if lo == hi else f"{_char(lo)}-{_char(hi)}" for lo, hi in ranges)


#: For a class: ``f"[{SPACE}]"`` is Python's ``\\s``.
SPACE = class_body(SPACE_RANGES)
INVISIBLE = class_body(INVISIBLE_RANGES)
