"""Reads the identifiers out of the embed code a provider's dashboard gives a coach.

The shapes of those snippets are described in docs/integrations.md. Only what the snippet
states is taken; every value is then validated by the settings models, so a snippet from
another service or a mangled copy ends in a French message, never in the settings.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from urllib.parse import parse_qs, urlsplit, urlunsplit


@dataclass
class Found:
    """Settings values read from a snippet (camelCase keys), and notes for the coach."""

    values: dict[str, str | int | bool] = field(default_factory=dict)
    conflicts: dict[str, list[str]] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)

    def add(self, key: str, candidates: Iterable[str | int | bool]) -> None:
        distinct = list(dict.fromkeys(candidates))
        if len(distinct) > 1:
            self.conflicts[key] = [str(v) for v in distinct]
        elif distinct:
            self.values[key] = distinct[0]


@dataclass
class _Element:
    tag: str
    attrs: dict[str, str]


# A start tag's name, and the pieces of its attributes. Each pattern is matched at a position
# and consumes what it matched, so a snippet is read once from start to end, whatever it
# holds (html.parser rescans an unclosed tag at every "<", and raises on some "<![").
_TAG_NAME = re.compile(r"<([A-Za-z][^\s/>]*)")
_BETWEEN_ATTRIBUTES = re.compile(r"[\s/]*")
_ATTRIBUTE_NAME = re.compile(r"[^\s/>=]+")
_EQUALS = re.compile(r"\s*=\s*")
_BARE_VALUE = re.compile(r"[^\s>]*")
_RAW_TEXT_END = {name: re.compile(rf"</{name}", re.IGNORECASE) for name in ("script", "style")}


class _Elements:
    """Every start tag with its attributes, as a browser reads them: nothing inside comments
    or the text of ``script`` and ``style`` is a tag, and an unclosed quote runs to the end."""

    def __init__(self, text: str) -> None:
        self.elements: list[_Element] = []
        at = 0
        while (at := text.find("<", at)) >= 0:
            if text.startswith("<!--", at):
                close = text.find("-->", at + 4)
                at = len(text) if close < 0 else close + 3
                continue
            name = _TAG_NAME.match(text, at)
            if name is None:
                if text.startswith(("<!", "<?", "</"), at):  # declaration or end tag
                    close = text.find(">", at)
                    at = len(text) if close < 0 else close + 1
                else:
                    at += 1
                continue
            tag = name.group(1).lower()
            attrs, at = _attributes(text, name.end())
            self.elements.append(_Element(tag, attrs))
            if tag in _RAW_TEXT_END:
                end = _RAW_TEXT_END[tag].search(text, at)
                at = len(text) if end is None else end.start()

    def with_class(self, name: str) -> list[_Element]:
        return [e for e in self.elements if name in e.attrs.get("class", "").split()]


def _attributes(text: str, at: int) -> tuple[dict[str, str], int]:
    """The attributes of a start tag from ``at`` (after its name), and where the tag ends."""
    attrs: dict[str, str] = {}
    while True:
        at = _BETWEEN_ATTRIBUTES.match(text, at).end()  # type: ignore[union-attr]
        if at >= len(text):
            return attrs, at
        if text[at] == ">":
            return attrs, at + 1
        name = _ATTRIBUTE_NAME.match(text, at)
        if name is None:  # a stray "=": skipped
            at += 1
            continue
        at = name.end()
        value = ""
        equals = _EQUALS.match(text, at)
        if equals is not None:
            at = equals.end()
            quote = text[at : at + 1]
            if quote in ('"', "'"):
                close = text.find(quote, at + 1)
                close = len(text) if close < 0 else close
                value, at = text[at + 1 : close], close + 1
            else:
                bare = _BARE_VALUE.match(text, at)
                value, at = bare.group(), bare.end()  # type: ignore[union-attr]
        attrs.setdefault(name.group().lower(), html.unescape(value))


def _all(pattern: str, text: str, flags: int = 0) -> list[str]:
    return [m.group(1) for m in re.finditer(pattern, text, flags)]


# --- MailerLite -----------------------------------------------------------------------------

_ML_ACCOUNT = r"""\bml\(\s*['"]account['"]\s*,\s*['"]?(\d+)['"]?\s*\)"""
_ML_JSONP = r"assets\.mailerlite\.com/jsonp/(\d+)/forms/(\d+)/"
_ML_SHOW = r"""\bml\(\s*['"]show['"]\s*,\s*['"]([A-Za-z0-9]+)['"]"""
_ML_WEBFORM = r"(?:\bmlb2-|\bml-subscribe-form-|\bml_webform_success_)(\d+)\b"


def read_mailerlite(text: str) -> Found:
    """Account id, numeric form id, short code (``data-form``) and webform id, from the
    JavaScript snippet and/or the HTML code of a MailerLite embedded form."""
    found = Found()
    jsonp = list(re.finditer(_ML_JSONP, text))
    found.add("accountId", _all(_ML_ACCOUNT, text) + [m.group(1) for m in jsonp])
    found.add("formId", [m.group(2) for m in jsonp])
    codes = [e.attrs["data-form"] for e in _Elements(text).with_class("ml-embedded")]
    found.add("formCode", [c for c in codes if c] + _all(_ML_SHOW, text))
    found.add("webformId", _all(_ML_WEBFORM, text))
    return found


# --- Calendly -------------------------------------------------------------------------------

_ANY_URL = r"""(https?://[^\s"'<>(){}\\]+)"""
_CALENDLY_CALL = re.compile(r"Calendly\.init(?:Inline|Popup|Badge)Widget\(\s*\{")
_URL_OPTION = re.compile(r"""url\s*:\s*['"]([^'"]+)['"]""")
_FLAGS = {
    "hide_event_type_details": "hideEventTypeDetails",
    "hide_landing_page_details": "hideLandingPageDetails",
}


def _is_calendly_page(url: str) -> bool:
    host = (urlsplit(url).hostname or "").lower()
    subdomain = host.endswith(".calendly.com") and not host.startswith("assets.")
    return host == "calendly.com" or subdomain


def _calendly_calls(text: str) -> list[str]:
    """The ``url`` option of each ``Calendly.init…Widget({…})`` call. The option is looked for
    up to the object's first "}", and the next call after it: calls that share that "}" share
    their option, so each character is read once."""
    urls = []
    at = 0
    while (call := _CALENDLY_CALL.search(text, at)) is not None:
        close = text.find("}", call.end())
        close = len(text) if close < 0 else close
        option = _URL_OPTION.search(text, call.end(), close)
        if option is not None:
            urls.append(option.group(1))
        at = close
    return urls


def read_calendly(text: str) -> Found:
    """The scheduling link (without its options) and the two documented display options,
    from an inline, pop-up or badge snippet or a bare link. The widget's size stays the
    site's (the specification fixes it), and so do its colours (the theme's)."""
    found = Found()
    widgets = _Elements(text).with_class("calendly-inline-widget")
    urls = [w.attrs.get("data-url", "") for w in widgets] + _calendly_calls(text)
    urls = [u for u in urls if u] or [u for u in _all(_ANY_URL, text) if _is_calendly_page(u)]
    bare = []
    ignored: set[str] = set()
    for url in urls:
        parts = urlsplit(url.strip())
        bare.append(urlunsplit((parts.scheme, parts.netloc, parts.path.rstrip("/"), "", "")))
        options = parse_qs(parts.query)
        for name, key in _FLAGS.items():
            found.values[key] = options.get(name, [""])[-1] in ("1", "true")
        ignored |= set(options) - set(_FLAGS)
    found.add("url", bare)
    if ignored:
        found.notes.append(
            f"options du code non reprises : {', '.join(sorted(ignored))} (le site masque "
            "lui-même le bandeau cookies de Calendly et lui donne les couleurs de son thème)"
        )
    return found


# --- Meta Pixel -----------------------------------------------------------------------------

_FBQ_INIT = r"""\bfbq\(\s*['"]init['"]\s*,\s*['"]?(\d+)['"]?"""
_FB_NOSCRIPT = r"facebook\.com/tr\?id=(\d+)"


def read_pixel(text: str) -> Found:
    """The pixel id of Meta's base code (``fbq('init', …)`` and its ``noscript`` image)."""
    found = Found()
    found.add("id", _all(_FBQ_INIT, text) + _all(_FB_NOSCRIPT, text))
    return found
