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

_SPACE_CHARS = f" \t{NBSP}{NNBSP}"
_SPACES = f"[{_SPACE_CHARS}]"


class _Rules:
    """The rules as regular expressions. Every pattern starts with a literal or a non-empty
    character class, so the engine jumps from candidate to candidate (this runs on every
    article), and no pattern looks further than the next character or two: each text is
    scanned a bounded number of times, whatever its length. HTML is typeset one text node at
    a time (``french_typography_html``): a look-ahead for the next angle bracket would rescan
    the node at every match."""

    def __init__(self, boundary: str = "") -> None:
        end = "$"
        # ``boundary``: a character that ends a text as the end of the string does (several
        # texts joined by it are typeset as if one by one: see ``_typeset_text_nodes``).
        quoted = rf"[^\"\n{boundary}]"
        high_after = rf"(?=[\s!?;)»]|{end})"
        # A straight apostrophe between two letters (l'école, aujourd'hui) becomes ’.
        self.apostrophe = re.compile(r"'(?<=[^\W\d_]')(?=[^\W\d_])")
        # "texte" pairs become « texte » (balanced in one text run, not glued to a word or
        # another quote, so that the result never forms a new pair).
        self.double_quotes = re.compile(rf'"(?<![\w"]")({quoted}+)"(?![\w"])')
        self.open_guillemet = re.compile(rf"«{_SPACES}*")
        self.bare_close_guillemet = re.compile(rf"»(?<!{_SPACES}»)")
        # Spaces before high punctuation; a word glued to it gets one too (« Bonjour! »),
        # but never inside a URL, a time (10:30) or a code-like token (a?b). The search
        # starts at the (rare) mark preceded by a space, not at the (frequent) spaces: the
        # space run before it is found by walking back in ``_respace``.
        self.spaced = re.compile(rf"[:;!?»](?<={_SPACES}.)")
        self.colon_after = re.compile(rf"\s|{end}")
        self.high_after = re.compile(rf"[\s!?;)»]|{end}")
        self.bare_colon = re.compile(rf":(?<=[^\W_]:)(?=\s|{end})")
        self.bare_high = {
            mark: re.compile(
                rf"{re.escape(mark)}(?<=[^\W_]{re.escape(mark)}|[»)]{re.escape(mark)})"
                rf"{high_after}"
            )
            for mark in ";!?"
        }

    def apply(self, text: str) -> str:
        if "'" in text:
            text = self.apostrophe.sub("’", text)
        if '"' in text:
            text = self.double_quotes.sub(r"«\1»", text)
        if "«" in text:
            text = self.open_guillemet.sub("«" + NBSP, text)
        if "»" in text:
            text = self.bare_close_guillemet.sub(NBSP + "»", text)
        high = [mark for mark in ";!?" if mark in text]
        if high or ":" in text or "»" in text:
            text = self._respace(text)
        if ":" in text:
            text = self.bare_colon.sub(NBSP + ":", text)
        for mark in high:
            text = self.bare_high[mark].sub(NNBSP + mark, text)
        return text

    def _respace(self, text: str) -> str:
        out: list[str] = []
        last = 0
        for match in self.spaced.finditer(text):
            mark_at = match.start()
            start = mark_at
            while start > last and text[start - 1] in _SPACE_CHARS:
                start -= 1
            replacement = self._space(text, mark_at)
            if replacement is not None:
                out.append(text[last:start])
                out.append(replacement)
                last = mark_at
        if not out:
            return text
        out.append(text[last:])
        return "".join(out)

    def _space(self, text: str, mark_at: int) -> str | None:
        """The space to put before the mark at ``mark_at``, or None to keep what is there."""
        mark = text[mark_at]
        if mark == "»":
            return NBSP
        after = self.colon_after if mark == ":" else self.high_after
        if after.match(text, mark_at + 1):
            return NBSP if mark == ":" else NNBSP
        return None


_TEXT_RULES = _Rules()
# Joins the text nodes of a fragment so the rules run once per fragment rather than once per
# node (an article has hundreds): whitespace to every rule that looks past a text's end
# (``\s|$``), never a letter, a space or a quote, never inserted nor removed by a rule, and
# excluded from a quotation; a fragment that holds it is typeset node by node.
_NODE_BREAK = "\x1e"
_JOINED_RULES = _Rules(_NODE_BREAK)
_TRIGGERS = re.compile(r"['\":;!?«»]")
# Entities a serialiser writes in text, swapped for private-use characters while the rules
# run so that their ";" is not taken for punctuation.
_ENTITIES = {"&amp;": "\ue000", "&lt;": "\ue001", "&gt;": "\ue002"}


def french_typography(text: str) -> str:
    """Return ``text`` with French typographic spacing and apostrophes."""
    if not _TRIGGERS.search(text):
        return text  # most strings: nothing to do, skip the passes
    return _TEXT_RULES.apply(text)


def french_typography_html(fragment: str) -> str | None:
    """French typography on the text nodes of serialised HTML (tags and attributes untouched).

    The fragment must come from an HTML serialiser (attributes double-quoted, "<" and ">"
    escaped in text and attributes) and hold no ``pre`` or ``code`` element. Returns None
    when the fragment already contains the private-use characters used to protect
    entities; the caller then falls back to typesetting text nodes one by one.
    """
    if any(c in fragment for c in _ENTITIES.values()):
        return None
    fragment = fragment.replace("&nbsp;", NBSP)
    for entity, mark in _ENTITIES.items():
        fragment = fragment.replace(entity, mark)
    fragment = _typeset_text_nodes(fragment)
    for entity, mark in _ENTITIES.items():
        fragment = fragment.replace(mark, entity)
    return fragment


# A tag of serialised HTML: "<" always opens a tag that the next ">" closes, and text holds
# neither (escaped). Split on tags (kept), a fragment's text nodes are its even items; a
# stray "<" (not from a serialiser) ends a scan at once, so the split stays linear.
_TAG = re.compile(r"(<[^<>]*>)")


def _typeset_text_nodes(fragment: str) -> str:
    """The rules on every text node of serialised HTML, each node on its own: a node
    boundary is the end of a text. The nodes are joined by ``_NODE_BREAK`` and typeset in
    one pass (the rules never reach across it), then put back between their tags."""
    parts = _TAG.split(fragment)
    texts = parts[::2]
    if _NODE_BREAK in fragment:
        parts[::2] = [_TEXT_RULES.apply(text) for text in texts]
    else:
        parts[::2] = _JOINED_RULES.apply(_NODE_BREAK.join(texts)).split(_NODE_BREAK)
    return "".join(parts)
