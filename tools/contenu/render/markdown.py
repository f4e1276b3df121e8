"""Prose cells: Markdown → HTML (pyromark) → sanitised HTML (nh3) → French typography on
text nodes. One pass over the sanitised HTML also adds heading ids, marks external links and
collects links, ids and the word count the later stages need."""

from __future__ import annotations

import html
import re
import unicodedata
from dataclasses import dataclass, field

import nh3
import pyromark

from contenu.typography import french_typography

_OPTIONS = (
    pyromark.Options.ENABLE_TABLES
    | pyromark.Options.ENABLE_STRIKETHROUGH
    | pyromark.Options.ENABLE_HEADING_ATTRIBUTES
)

TAGS = {
    "a", "abbr", "blockquote", "br", "code", "del", "em", "figcaption", "figure", "h2", "h3",
    "h4", "h5", "h6", "hr", "img", "li", "ol", "p", "pre", "s", "strong", "sub", "sup",
    "table", "tbody", "td", "th", "thead", "tr", "ul",
}  # fmt: skip
ATTRIBUTES = {
    "a": {"href", "title"},
    "abbr": {"title"},
    "img": {"src", "alt", "title", "width", "height"},
    "ol": {"start"},
    "th": {"style"},
    "td": {"style"},
    **{f"h{n}": {"id"} for n in range(2, 7)},
}
URL_SCHEMES = {"http", "https", "mailto"}
EXTERNAL_REL = "noopener noreferrer"

# nh3 serialises with double-quoted attributes and escapes ">" inside them.
_TAG = re.compile(r"<(/?)([a-zA-Z][a-zA-Z0-9]*)([^>]*)>")
_ATTR = re.compile(r'([a-zA-Z-]+)="([^"]*)"')
_RAW_TEXT = {"code", "pre"}
_HEADINGS = {"h2", "h3", "h4", "h5", "h6"}


@dataclass
class Rendered:
    html: str
    words: int = 0
    ids: list[str] = field(default_factory=list)
    links: list[str] = field(default_factory=list)  # href and src values, unescaped


def slugify(text: str) -> str:
    """ASCII id of a heading: « Être parent ? » → ``etre-parent``."""
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", ascii_text.lower()).strip("-") or "section"


def sanitize(raw_html: str) -> str:
    """Keep a small allow-list of tags and attributes; only http(s), mailto and relative URLs."""
    return nh3.clean(
        raw_html,
        tags=TAGS,
        clean_content_tags={"script", "style", "iframe", "object", "embed", "svg", "math",
                            "template", "noscript", "textarea", "select", "form"},
        attributes=ATTRIBUTES,
        url_schemes=URL_SCHEMES,
        link_rel=None,
        filter_style_properties={"text-align"},
        strip_comments=True,
    )  # fmt: skip


def _typeset(text: str) -> str:
    if "&" in text:
        return html.escape(french_typography(html.unescape(text)), quote=False)
    return french_typography(text)


def _is_external(url: str) -> bool:
    return url.startswith(("http://", "https://", "//"))


def render_markdown(markdown: str, *, typography: bool = True) -> Rendered:
    """Render prose Markdown to safe HTML and the facts about it the checks need."""
    clean = sanitize(pyromark.html(markdown, options=_OPTIONS))
    out: list[str] = []
    result = Rendered("")
    raw_depth = 0
    heading_at = -1  # index in out of an open heading tag without id
    heading_text: list[str] = []
    position = 0
    for match in _TAG.finditer(clean):
        text = clean[position : match.start()]
        position = match.end()
        if text:
            if raw_depth == 0:
                result.words += len(text.split())
                if typography:
                    text = _typeset(text)
            if heading_at >= 0:
                heading_text.append(text)
            out.append(text)
        closing, name, attrs = match.group(1), match.group(2).lower(), match.group(3)
        tag = match.group(0)
        if name in _RAW_TEXT:
            raw_depth += -1 if closing else 1
        elif name in _HEADINGS:
            if not closing:
                found = _ATTR.findall(attrs)
                ids = [value for key, value in found if key == "id"]
                if ids:
                    result.ids.append(html.unescape(ids[0]))
                else:
                    heading_at, heading_text = len(out), []
            elif heading_at >= 0:
                ident = _unique(slugify(html.unescape("".join(heading_text))), result.ids)
                result.ids.append(ident)
                out[heading_at] = out[heading_at][:-1] + f' id="{ident}">'
                heading_at = -1
        elif name in {"a", "img"} and not closing:
            for key, value in _ATTR.findall(attrs):
                if key in {"href", "src"}:
                    url = html.unescape(value)
                    result.links.append(url)
                    if name == "a" and _is_external(url):
                        tag = tag[:-1] + f' rel="{EXTERNAL_REL}">'
        out.append(tag)
    tail = clean[position:]
    if tail:
        if raw_depth == 0:
            result.words += len(tail.split())
            if typography:
                tail = _typeset(tail)
        out.append(tail)
    result.html = "".join(out).strip()
    return result


def _unique(ident: str, taken: list[str]) -> str:
    if ident not in taken:
        return ident
    n = 2
    while f"{ident}-{n}" in taken:
        n += 1
    return f"{ident}-{n}"
