"""Reads the identifiers out of the embed code a provider's dashboard gives a coach.

The shapes of those snippets are described in docs/integrations.md. Only what the snippet
states is taken; every value is then validated by the settings models, so a snippet from
another service or a mangled copy ends in a French message, never in the settings.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from html.parser import HTMLParser
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


class _Elements(HTMLParser):
    """Every start tag with its attributes (the snippets are small)."""

    def __init__(self, text: str) -> None:
        super().__init__(convert_charrefs=True)
        self.elements: list[_Element] = []
        self.feed(text)
        self.close()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.elements.append(_Element(tag, {k: v or "" for k, v in attrs}))

    def with_class(self, name: str) -> list[_Element]:
        return [e for e in self.elements if name in e.attrs.get("class", "").split()]


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
_CALENDLY_CALL = (
    r"""Calendly\.init(?:Inline|Popup|Badge)Widget\(\s*\{[^}]*?url\s*:\s*['"]([^'"]+)['"]"""
)
_FLAGS = {
    "hide_event_type_details": "hideEventTypeDetails",
    "hide_landing_page_details": "hideLandingPageDetails",
}


def _is_calendly_page(url: str) -> bool:
    host = (urlsplit(url).hostname or "").lower()
    subdomain = host.endswith(".calendly.com") and not host.startswith("assets.")
    return host == "calendly.com" or subdomain


def read_calendly(text: str) -> Found:
    """The scheduling link (without its options) and the two documented display options,
    from an inline, pop-up or badge snippet or a bare link. The widget's size stays the
    site's (the specification fixes it), and so do its colours (the theme's)."""
    found = Found()
    widgets = _Elements(text).with_class("calendly-inline-widget")
    urls = [w.attrs.get("data-url", "") for w in widgets] + _all(_CALENDLY_CALL, text)
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
