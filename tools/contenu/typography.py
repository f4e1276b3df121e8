"""French typography for visitor-facing text.

Coaches type ordinary spaces and straight quotes; French print rules want a no-break space
before « : » and a narrow no-break space before « ; ! ? », no-break spaces inside « », and
the typographic apostrophe. Applying the rules here means no coach has to type invisible
characters and no line ever breaks before a question mark. The function is idempotent.
"""

from __future__ import annotations

import re

NBSP = "\u00a0"
NNBSP = "\u202f"

_SPACES = f"[ \t{NBSP}{NNBSP}]"
# A straight apostrophe between two letters (l'école, aujourd'hui) becomes ’.
_APOSTROPHE = re.compile(r"(?<=[^\W\d_])'(?=[^\W\d_])")
# "texte" pairs become « texte » (only when balanced on the same text run).
_DOUBLE_QUOTES = re.compile(r'"([^"\n]+)"')
_OPEN_GUILLEMET = re.compile(rf"«{_SPACES}*")
_CLOSE_GUILLEMET = re.compile(rf"{_SPACES}*»")
# Spaces before high punctuation; no space at all after a word gets one too (« Bonjour! »),
# but never inside a URL, a time (10:30) or a code-like token (a?b).
_BEFORE_COLON = re.compile(rf"(?:{_SPACES}+|(?<=[^\W_]))(:)(?=\s|$)")
_BEFORE_HIGH = re.compile(rf"(?:{_SPACES}+|(?<=[^\W_]|»|\)))([;!?])(?=[\s!?;)»]|$)")


def french_typography(text: str) -> str:
    """Return ``text`` with French typographic spacing and apostrophes."""
    text = _APOSTROPHE.sub("’", text)
    text = _DOUBLE_QUOTES.sub(r"«\1»", text)
    text = _OPEN_GUILLEMET.sub("«" + NBSP, text)
    text = _CLOSE_GUILLEMET.sub(NBSP + "»", text)
    text = _BEFORE_COLON.sub(NBSP + r"\1", text)
    text = _BEFORE_HIGH.sub(NNBSP + r"\1", text)
    return text
