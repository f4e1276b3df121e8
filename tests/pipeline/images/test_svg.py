"""SVG sanitising: whatever could run or load something is refused with a French reason;
what is published is rebuilt from an allow-list, so it holds nothing else, whatever came in."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from contenu.images.svg import ELEMENTS, SvgError, sanitize_svg

OPEN = (
    '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
    'viewBox="0 0 10 10">'
)

REFUSED: dict[str, tuple[str, str]] = {
    "script": (f"{OPEN}<script>alert(1)</script></svg>", "élément « script » interdit"),
    "script in another namespace": (
        f'{OPEN}<h:script xmlns:h="http://www.w3.org/1999/xhtml">alert(1)</h:script></svg>',
        "élément « script » interdit",
    ),
    "event handler": (
        f'{OPEN}<rect width="1" height="1" onclick="alert(1)"/></svg>',
        "attribut d’événement « onclick » interdit dans « rect »",
    ),
    "foreignObject": (
        f"{OPEN}<foreignObject><p>x</p></foreignObject></svg>",
        "élément « foreignObject » interdit : il peut contenir une page web",
    ),
    "html element": (
        f'{OPEN}<div xmlns="http://www.w3.org/1999/xhtml">x</div></svg>',
        "élément HTML « div » interdit dans une image SVG",
    ),
    "link": (
        f'{OPEN}<a href="javascript:alert(1)"><rect width="1" height="1"/></a></svg>',
        "élément « a » non accepté dans une image SVG",
    ),
    "animation setting a link": (
        f'{OPEN}<set attributeName="href" to="javascript:alert(1)"/></svg>',
        "élément « set » non accepté",
    ),
    "external use": (
        f'{OPEN}<use xlink:href="https://evil.example/x.svg#a"/></svg>',
        "référence externe « https://evil.example/x.svg#a » interdite dans « use »",
    ),
    "svg inside an image": (
        f'{OPEN}<image href="data:image/svg+xml;base64,PHN2Zz4=" width="1" height="1"/></svg>',
        "référence externe « data:image/svg+xml;base64,PHN2Zz4= » interdite dans « image »",
    ),
    "external image": (
        f'{OPEN}<image href="/images/x.png" width="1" height="1"/></svg>',
        "référence externe « /images/x.png » interdite dans « image »",
    ),
    "css import": (
        f"{OPEN}<style>@import 'https://evil.example/x.css';</style></svg>",
        "élément « style » : « @import » interdit dans un style",
    ),
    "css url in an attribute": (
        f'{OPEN}<rect width="1" height="1" fill="url(https://evil.example/p.svg#a)"/></svg>',
        "attribut « fill » de « rect » : référence externe « url(https://evil.example/p.svg#a) »",
    ),
    "css url in a style attribute": (
        f'{OPEN}<rect width="1" height="1" style="cursor:url(//evil.example/c.png)"/></svg>',
        "attribut « style » de « rect » : référence externe « url(//evil.example/c.png) »",
    ),
    "unclosed css url": (
        f'{OPEN}<rect width="1" height="1" style="fill:url(https://evil.example/x"/></svg>',
        "référence externe « url(https://evil.example/x) » interdite",
    ),
    "css escape": (
        f"{OPEN}<style>rect {{ fill: \\75 rl(https://evil.example) }}</style></svg>",
        "« \\ » interdit dans un style",
    ),
    "css hidden in a child of style": (
        f"{OPEN}<style>a{{}}<g/>@import 'x.css';</style></svg>",
        "élément « style » : il ne doit contenir que du CSS",
    ),
    "entity expansion": (
        '<!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]>'
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><text>&b;</text></svg>',
        "déclaration DOCTYPE ou ENTITY interdite dans une image SVG",
    ),
    "external entity": (
        '<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]>'
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><text>&x;</text></svg>',
        "déclaration DOCTYPE ou ENTITY interdite",
    ),
    "external stylesheet": (
        '<?xml-stylesheet href="https://evil.example/x.css"?>'
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/>',
        "instruction « xml-stylesheet » interdite",
    ),
    "html document": (
        "<html><body><script>alert(1)</script></body></html>",
        "ce fichier n’est pas une image SVG : il commence par « <html> »",
    ),
    "svg without its namespace": (
        '<svg viewBox="0 0 1 1"><script>alert(1)</script></svg>',
        "ce fichier n’est pas une image SVG",
    ),
    "malformed": (f"{OPEN}<g></svg>", "le fichier SVG est illisible (XML mal formé ligne 1"),
    "deep nesting": (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1">'
        + "<g>" * 500
        + "</g>" * 500
        + "</svg>",
        "image trop complexe : plus de 64 niveaux imbriqués",
    ),
    "no size": (
        '<svg xmlns="http://www.w3.org/2000/svg" width="1e999" height="1"/>',
        "le fichier SVG n’indique pas sa taille",
    ),
}


@pytest.mark.parametrize("case", sorted(REFUSED))
def test_refused_svg_says_what_is_wrong(case: str) -> None:
    svg, message = REFUSED[case]
    with pytest.raises(SvgError) as caught:
        sanitize_svg(svg.encode())
    assert message in str(caught.value)


def test_editor_leftovers_are_dropped_and_the_drawing_kept() -> None:
    svg = (
        '<?xml version="1.0" encoding="UTF-8"?>\n<!-- Créé avec Inkscape -->\n'
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
        'xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" '
        'xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd" '
        'width="120" height="40px" inkscape:version="1.3" xml:base="https://evil.example/">'
        '<sodipodi:namedview id="nv"/><metadata><rdf:RDF '
        'xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></metadata>'
        '<defs><linearGradient id="g"><stop offset="0" stop-color="#2f6f62"/></linearGradient>'
        "<style>.a{fill:url(#g)}</style></defs>"
        '<g inkscape:label="Calque 1" xml:space="preserve">'
        '<use xlink:href="#r"/><rect id="r" class="a" width="120" height="40" '
        "style=\"fill:url('#g')\"/><text>Renouer &amp; vous</text></g></svg>"
    )
    safe = sanitize_svg(svg.encode())
    assert (safe.width, safe.height) == (120, 40)
    text = safe.data.decode()
    assert text.startswith('<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40px">')
    for gone in ("inkscape", "sodipodi", "metadata", "rdf", "Créé avec", "xml:base", "xlink"):
        assert gone not in text
    assert '<use href="#r" />' in text
    assert '<g xml:space="preserve">' in text
    assert "Renouer &amp; vous" in text and ".a{fill:url(#g)}" in text
    assert sanitize_svg(safe.data) == safe  # publishing again changes nothing


def test_inline_raster_image_is_kept() -> None:
    png = "data:image/png;base64,iVBORw0KGgo="
    safe = sanitize_svg(f'{OPEN}<image href="{png}" width="1" height="1"/></svg>'.encode())
    assert f'href="{png}"' in safe.data.decode()


# --- whatever comes in, what goes out holds nothing active ----------------------------------

_TAGS = ["g", "rect", "path", "text", "style", "use", "image", "metadata", "script", "a",
         "foreignObject", "animate", "title", "h:p", "ink:x"]  # fmt: skip
_ATTRS = ["fill", "style", "href", "xlink:href", "onload", "onClick", "class", "id", "ink:label",
          "xml:base", "width", "filter"]  # fmt: skip
_VALUES = ["red", "url(#g)", "url(https://e.example/x)", "#g", "javascript:alert(1)",
           "data:image/png;base64,AA==", "data:text/html,x", "@import 'x'", "a\\62 c", "1",
           "//e.example/x.svg#a", "url( '#g' )", "expression(alert(1))"]  # fmt: skip


def _element(depth: int) -> st.SearchStrategy[str]:
    attrs = st.lists(
        st.tuples(st.sampled_from(_ATTRS), st.sampled_from(_VALUES)),
        max_size=3,
        unique_by=lambda a: a[0],
    ).map(lambda pairs: "".join(f' {k}="{v}"' for k, v in pairs))
    text = st.sampled_from(["", "x", "a{fill:red}", "@import 'y';", "&amp;", "<![CDATA[<b>]]>"])
    children = st.lists(_element(depth - 1), max_size=3) if depth > 0 else st.just([])
    return st.builds(
        lambda tag, a, t, c: f"<{tag}{a}>{t}{''.join(c)}</{tag}>", st.sampled_from(_TAGS), attrs,
        text, children,
    )  # fmt: skip


_DOCUMENTS = st.lists(_element(2), max_size=4).map(
    lambda parts: (
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
        'xmlns:h="http://www.w3.org/1999/xhtml" xmlns:ink="urn:x-editor" viewBox="0 0 9 9">'
        + "".join(parts)
        + "</svg>"
    )
)
_EXTERNAL_URL = re.compile(r"url\((?!\s*['\"]?#)", re.IGNORECASE)
_ACTIVE_CSS = re.compile(r"@import|expression\(|\\|url\((?!\s*['\"]?#)", re.IGNORECASE)


@settings(max_examples=300, deadline=None)
@given(_DOCUMENTS)
def test_published_svg_holds_nothing_that_runs_or_loads(svg: str) -> None:
    try:
        safe = sanitize_svg(svg.encode())
    except SvgError:
        return
    root = ET.fromstring(safe.data)
    for element in root.iter():
        namespace, _, tag = element.tag[1:].partition("}")
        assert namespace == "http://www.w3.org/2000/svg"
        assert tag in ELEMENTS
        for name, value in element.attrib.items():
            assert not name.lower().startswith("on")
            assert not name.startswith("{"), name  # only xml:space/xml:lang would be allowed
            if name == "href":
                assert value.startswith("#") or value.startswith("data:image/png")
            assert not (_ACTIVE_CSS if name == "style" else _EXTERNAL_URL).search(value), value
        if tag == "style":
            assert not _ACTIVE_CSS.search(element.text or "")
