"""Prose cells: Markdown → HTML (pyromark) → sanitised HTML (nh3) → French typography on
text nodes. One pass over the sanitised HTML also adds heading ids, marks external links and
collects links, ids and the word count the later stages need, and the problems a coach must
fix (a link of a refused form, an id that is invalid or the name of a global of the page)."""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, field

import nh3
import pyromark

from contenu.models.checks import link_problem
from contenu.models.page_globals import id_problem, is_reserved
from contenu.text.slug import slugify
from contenu.text.typography import french_typography, french_typography_html

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
# Attributes any allowed tag may carry (ammonia's own default, written out so that the
# carnet's sanitiser reads the same list: catalogue/editor_model.py exports all of these).
GENERIC_ATTRIBUTES = {"lang", "title"}
# Removed with everything inside them; any other tag outside TAGS is removed, its text kept.
CLEAN_CONTENT_TAGS = {
    "script", "style", "iframe", "object", "embed", "svg", "math", "template", "noscript",
    "textarea", "select", "form",
}  # fmt: skip
STYLE_PROPERTIES = {"text-align"}
# http stays here so that a plain-http link is reported (models/checks.py) instead of being
# silently dropped; the report fails the build.
URL_SCHEMES = {"http", "https", "mailto", "tel"}
EXTERNAL_REL = "noopener noreferrer"
# The site's Content-Security-Policy (site/src/csp.ts: img-src 'self' data:) blocks every
# image of another site: the visitor would see a broken image.
EXTERNAL_IMAGE = (
    "image d’un autre site : la politique de sécurité du site n’affiche que ses propres "
    "images, le visiteur verrait une image cassée ; enregistrez l’image dans content/images/ "
    "et écrivez son adresse /images/…"
)

# nh3 serialises with double-quoted attributes and escapes "<" and ">" inside them and in
# text, so a run of characters other than "<" and ">" that follows ">" (or starts the
# string) is a text node, and "<...>" is always one whole tag.
_RAW = re.compile(r"(<pre\b.*?</pre>|<code\b.*?</code>)", re.DOTALL)
# ">" then a text node holding a character French typography may change.
_TEXT_NEEDING_TYPOGRAPHY = re.compile(r">[^<>]*?['\":;!?«»][^<>]*")
_TAG = re.compile(r"<[^>]*>")
_HEADING = re.compile(r"<(h[2-6])( id=\"[^\"]*\")?>(.*?)</\1>", re.DOTALL)
_LINK_TAG = re.compile(r"<(?:a|img)\s[^>]*>")
_URL_ATTR = re.compile(r'\s(href|src)="([^"]*)"')


@dataclass(frozen=True)
class Problem:
    """Something the coach must fix; ``needle`` is text of the Markdown source that shows
    where (the caller turns it into a line)."""

    needle: str
    message: str


@dataclass
class Rendered:
    html: str
    words: int = 0
    ids: list[str] = field(default_factory=list)
    links: list[str] = field(default_factory=list)  # href and src values, unescaped
    problems: list[Problem] = field(default_factory=list)


# Tags pyromark writes for ordinary Markdown, byte for byte as nh3 would serialise them. When
# a rendering holds only these (no raw HTML, no links, no attributes, no character nh3
# writes as an entity), nh3 would return it unchanged, so it is not run (it is the most
# expensive step). tests/pipeline/render/test_render.py checks the equivalence on arbitrary input.
PLAIN_TAG_NAMES = (
    "p", "h2", "h3", "h4", "h5", "h6", "strong", "em", "del", "ul", "ol", "li", "blockquote",
    "table", "thead", "tbody", "tr", "th", "td", "sup", "sub",
)  # fmt: skip
_PLAIN_TAGS = frozenset(f"<{slash}{tag}>" for tag in PLAIN_TAG_NAMES for slash in ("", "/"))
_ANY_TAG = re.compile(r"<[^>]*>?")


def _is_plain(raw_html: str) -> bool:
    if "\u00a0" in raw_html:
        return False
    tags = _ANY_TAG.findall(raw_html)
    return raw_html.count("<") == len(tags) and _PLAIN_TAGS.issuperset(tags)


def clean_html(raw_html: str) -> str:
    """``sanitize`` unless the HTML is already in the form nh3 would give back."""
    return raw_html if _is_plain(raw_html) else sanitize(raw_html)


def sanitize(raw_html: str) -> str:
    """Keep a small allow-list of tags and attributes; only http(s), mailto and relative URLs."""
    return nh3.clean(
        raw_html,
        tags=TAGS,
        clean_content_tags=CLEAN_CONTENT_TAGS,
        attributes={**ATTRIBUTES, "*": GENERIC_ATTRIBUTES},
        url_schemes=URL_SCHEMES,
        link_rel=None,
        filter_style_properties=STYLE_PROPERTIES,
        strip_comments=True,
    )  # fmt: skip


def _typeset(match: re.Match[str]) -> str:
    # A leading ">" makes a part that starts with text (after a code span) look like the rest.
    text = match.group()[1:]
    if "&" in text:
        return ">" + html.escape(french_typography(html.unescape(text)), quote=False)
    return ">" + french_typography(text)


_MARKERS = ("\n- ", "\n* ", "\n+ ", "\n#", "\n> ")


def _count_words(markdown: str, prose: list[str]) -> int:
    """Words a reader reads (code excluded). Counted on the source when it has no code,
    minus list, heading and quote markers; otherwise on the text of the HTML."""
    if "`" in markdown or "~~~" in markdown or "    " in markdown or "\t" in markdown:
        return sum(len(_TAG.sub(" ", part).split()) for part in prose)
    text = "\n" + markdown
    return len(markdown.split()) - sum(text.count(marker) for marker in _MARKERS)


def _typeset_part(part: str) -> str:
    fast = french_typography_html(part)
    if fast is not None:
        return fast
    return _TEXT_NEEDING_TYPOGRAPHY.sub(_typeset, ">" + part)[1:]


def _is_external(url: str) -> bool:
    return url.startswith(("http://", "https://", "//"))


def render_markdown(markdown: str, *, typography: bool = True) -> Rendered:
    """Render prose Markdown to safe HTML and the facts about it the checks need.

    Every step is a regular expression over the sanitised HTML (no per-tag Python loop):
    text nodes get French typography except inside ``pre`` and ``code``; headings get ids;
    external links get ``rel``.
    """
    clean = clean_html(pyromark.html(markdown, options=_OPTIONS)).strip()
    result = Rendered("")
    parts = _RAW.split(clean)  # odd indexes: code and pre, kept as they are
    prose = parts[::2]
    result.words = _count_words(markdown, prose)
    if typography:
        parts[::2] = [_typeset_part(part) for part in prose]
    out = "".join(parts)
    taken: set[str] = set()  # result.ids as a set, and the next suffix tried for each id
    suffixes: dict[str, int] = {}

    def heading(match: re.Match[str]) -> str:
        tag, given, inner = match.group(1), match.group(2), match.group(3)
        if given:
            ident = html.unescape(given[5:-1])
            problem = id_problem(ident)
            if problem is None:
                result.ids.append(ident)
                taken.add(ident)
                return match.group()
            result.problems.append(Problem("#" + ident, problem))  # the id is not kept
        text = _TAG.sub("", inner) if "<" in inner else inner
        text = html.unescape(text) if "&" in text else text
        # A slug that is the name of a global gets a suffix, as a repeated one does: the
        # coach did not choose it.
        ident = _unique(slugify(text, empty="section"), taken, suffixes)
        result.ids.append(ident)
        taken.add(ident)
        return f'<{tag} id="{ident}">{inner}</{tag}>'

    if "<h" in out:
        out = _HEADING.sub(heading, out)

    def link(match: re.Match[str]) -> str:
        tag = match.group()
        external = False
        for name, value in _URL_ATTR.findall(tag):
            url = html.unescape(value)
            result.links.append(url)
            problem = _link_problem(url)
            if problem is None and name == "src" and _is_external(url):
                problem = EXTERNAL_IMAGE
            if problem is not None:
                result.problems.append(Problem(url, problem))
            external = external or (name == "href" and _is_external(url))
        return tag[:-1] + f' rel="{EXTERNAL_REL}">' if external else tag

    if "<a " in out or "<img " in out:
        out = _LINK_TAG.sub(link, out)
    result.html = out
    return result


def _link_problem(url: str) -> str | None:
    if not url.startswith(("/", "#")) and ":" not in url.split("/")[0]:
        return None  # a relative path: collect says how to write it from the site's root
    return link_problem(url)


def _unique(ident: str, taken: set[str], suffixes: dict[str, int]) -> str:
    """``ident``, or it with the first free suffix (-2, -3…). The search for a repeated id
    starts where the last one ended, so 10,000 headings « Exemple » cost 10,000 steps."""
    if ident not in taken and not is_reserved(ident):
        return ident
    n = suffixes.get(ident, 2)
    while f"{ident}-{n}" in taken or is_reserved(f"{ident}-{n}"):
        n += 1
    suffixes[ident] = n + 1
    return f"{ident}-{n}"
