"""The slug rules: what an address, an id or a file name made from French text looks like.
One home for every part of the tools that makes or checks one."""

from __future__ import annotations

import re
import unicodedata

#: A slug: ASCII lower-case letters and digits, words joined by one « - ».
SLUG_PATTERN = r"^[a-z0-9]+(?:-[a-z0-9]+)*$"


def slugify(text: str, empty: str = "") -> str:
    """« Émotions & colère » → ``emotions-colere``; ``empty`` when the text has no letter or
    digit (a heading's id is then ``section``)."""
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", ascii_text.lower()).strip("-") or empty
