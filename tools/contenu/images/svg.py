"""SVG images of ``content/images``, made safe to publish.

An SVG file is a document: opened directly on the site's origin, a ``<script>``, an
``onload`` attribute or a ``<foreignObject>`` holding HTML runs as the site. Whatever can run
or load something is refused with a French reason (the coach learns what is wrong); what
only editors leave behind (Inkscape, Illustrator, RDF metadata, comments) is dropped. The
file published is never the one written: it is the tree rebuilt from an allow-list of
elements, so anything this module does not know is not published either.

Parsing goes through ``defusedxml``: a DOCTYPE, an entity or an external reference is
refused before anything is expanded (no billion laughs, no file read through an entity).
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass

from defusedxml import DefusedXmlException
from defusedxml.ElementTree import fromstring

SVG_NS = "http://www.w3.org/2000/svg"
XLINK_NS = "http://www.w3.org/1999/xlink"
XML_NS = "http://www.w3.org/XML/1998/namespace"
XHTML_NS = "http://www.w3.org/1999/xhtml"
MAX_DEPTH = 64
MAX_ELEMENTS = 50_000

#: What a static drawing is made of. ``style`` is kept (editors write classes in it) and
#: its CSS is checked like every ``style`` attribute.
ELEMENTS = frozenset(
    {
        "svg", "g", "defs", "symbol", "use", "title", "desc", "path", "rect", "circle",
        "ellipse", "line", "polyline", "polygon", "text", "tspan", "textPath", "linearGradient",
        "radialGradient", "stop", "pattern", "clipPath", "mask", "marker", "image", "style",
        "filter", "feBlend", "feColorMatrix", "feComponentTransfer", "feComposite",
        "feConvolveMatrix", "feDiffuseLighting", "feDisplacementMap", "feDistantLight",
        "feDropShadow", "feFlood", "feFuncA", "feFuncB", "feFuncG", "feFuncR", "feGaussianBlur",
        "feImage", "feMerge", "feMergeNode", "feMorphology", "feOffset", "fePointLight",
        "feSpecularLighting", "feSpotLight", "feTile", "feTurbulence",
    }
)  # fmt: skip
#: Left out silently, with their content: descriptions for editors, never drawn.
DROPPED = frozenset({"metadata"})
#: Refused with their own reason: they run code or embed a document.
REFUSED = {
    "script": "élément « script » interdit : du code s’exécuterait à l’ouverture de l’image",
    "foreignObject": "élément « foreignObject » interdit : il peut contenir une page web",
    "handler": "élément « handler » interdit : du code s’exécuterait",
    "iframe": "élément « iframe » interdit : il charge une autre page",
}
#: Inline images an ``<image>`` may hold (``data:`` URLs of raster types only).
_DATA_IMAGE = re.compile(r"^data:image/(?:png|jpeg|webp|gif);base64,[A-Za-z0-9+/=\s]*$")
_LOCAL_REF = re.compile(r"^#[A-Za-z_][\w.-]*$")
_URL_START = re.compile(r"url\(", re.IGNORECASE)
# url(#id), url('#id'), url("#id"): a reference inside the same file.
_LOCAL_URL = re.compile(r"url\(\s*(['\"]?)#[A-Za-z_][\w.-]*\1\s*\)", re.IGNORECASE)
# What else in CSS loads a file or runs code; a backslash could spell any of it in escapes.
_CSS_FORBIDDEN = re.compile(
    r"@import|image-set\(|\bimage\(|\bsrc\(|expression\(|javascript:|-moz-binding|"
    r"behavior\s*:|\\",
    re.IGNORECASE,
)


class SvgError(ValueError):
    """Why an SVG file is refused (French, without the file name)."""


@dataclass(frozen=True)
class SafeSvg:
    data: bytes  # what is published
    width: int
    height: int


def _local(name: str) -> tuple[str, str]:
    """``{namespace}local`` → (namespace, local)."""
    if name.startswith("{"):
        namespace, _, local = name[1:].partition("}")
        return namespace, local
    return "", name


def _check_css(text: str, where: str) -> None:
    forbidden = _CSS_FORBIDDEN.search(text)
    if forbidden:
        raise SvgError(
            f"{where} : « {forbidden.group().strip()} » interdit dans un style (il peut "
            "charger un autre fichier)"
        )
    for start in _URL_START.finditer(text):
        if not _LOCAL_URL.match(text, start.start()):
            shown = text[start.start() : start.start() + 60].split(")")[0]
            raise SvgError(
                f"{where} : référence externe « {shown}) » interdite ; une image SVG ne doit "
                "charger aucun autre fichier (seul « url(#id) » est accepté)"
            )


def _check_href(value: str, tag: str) -> None:
    value = value.strip()
    if _LOCAL_REF.match(value) or (tag in {"image", "feImage"} and _DATA_IMAGE.match(value)):
        return
    raise SvgError(
        f"référence externe « {value[:60]} » interdite dans « {tag} » : une image SVG ne doit "
        "charger aucun autre fichier (seuls « #id » et, pour « image », une image PNG, JPEG, "
        "WebP ou GIF incluse en base64 sont acceptés)"
    )


def _clean_attributes(element: ET.Element, tag: str) -> None:
    kept: dict[str, str] = {}
    for name, value in element.attrib.items():
        namespace, local = _local(name)
        if not namespace and local.lower().startswith("on"):
            raise SvgError(
                f"attribut d’événement « {local} » interdit dans « {tag} » : du code s’exécuterait"
            )
        if local == "href" and namespace in {"", XLINK_NS}:
            _check_href(value, tag)
            kept["href"] = value  # SVG 2 spelling: no xlink namespace in the output
            continue
        if namespace == XML_NS and local in {"space", "lang"}:
            kept[name] = value
        elif namespace:
            continue  # editor data (inkscape:label, sodipodi:…, i:…): not published
        else:
            if "url(" in value.lower() or local == "style":
                _check_css(value, f"attribut « {local} » de « {tag} »")
            kept[local] = value
    element.attrib.clear()
    element.attrib.update(kept)


def _clean_tree(root: ET.Element) -> None:
    """Check and prune the tree in place, iteratively (no recursion on hostile depth)."""
    count = 0
    stack: list[tuple[ET.Element, int]] = [(root, 1)]
    while stack:
        element, depth = stack.pop()
        count += 1
        if depth > MAX_DEPTH:
            raise SvgError(f"image trop complexe : plus de {MAX_DEPTH} niveaux imbriqués")
        if count > MAX_ELEMENTS:
            shown = f"{MAX_ELEMENTS:,}".replace(",", "\u202f")
            raise SvgError(f"image trop complexe : plus de {shown} éléments")
        _, tag = _local(element.tag)
        element.tag = tag  # every element left is SVG: the root's xmlns says so once
        _clean_attributes(element, tag)
        if tag == "style":
            if len(element):
                raise SvgError("élément « style » : il ne doit contenir que du CSS")
            _check_css(element.text or "", "élément « style »")
        for child in list(element):
            namespace, name = _local(str(child.tag))
            if name in REFUSED:
                raise SvgError(REFUSED[name])
            if namespace == XHTML_NS:
                raise SvgError(f"élément HTML « {name} » interdit dans une image SVG")
            if namespace == SVG_NS and name in ELEMENTS:
                stack.append((child, depth + 1))
            elif namespace == SVG_NS and name not in DROPPED:
                raise SvgError(
                    f"élément « {name} » non accepté dans une image SVG (seuls les éléments "
                    "de dessin le sont : pas de lien, d’animation ni de script)"
                )
            else:
                element.remove(child)  # another namespace or metadata: an editor's notes


# Possessive spaces: "\s*(px)?\s*" would split a run of spaces every way (quadratic).
_LENGTH = re.compile(r"^\s*+([0-9]{1,7}(?:\.[0-9]*)?|\.[0-9]+)\s*+(px)?\s*+$")
_MAX_SIDE = 100_000.0


def _number(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        return 0.0
    return value if 0 < value < _MAX_SIDE else 0.0


def _size(root: ET.Element) -> tuple[int, int]:
    """Intrinsic size of an SVG: its ``width``/``height`` in px, else its ``viewBox``."""
    w_match = _LENGTH.match(root.get("width", ""))
    h_match = _LENGTH.match(root.get("height", ""))
    if w_match and h_match:
        w, h = _number(w_match[1]), _number(h_match[1])
    else:
        box = (root.get("viewBox") or "").replace(",", " ").split()
        w, h = (_number(box[2]), _number(box[3])) if len(box) == 4 else (0.0, 0.0)
    if w >= 1 and h >= 1:
        return round(w), round(h)
    raise SvgError(
        "le fichier SVG n’indique pas sa taille (attribut viewBox ou width/height, entre 1 et "
        "100 000 pixels)"
    )


def sanitize_svg(data: bytes) -> SafeSvg:
    """The SVG to publish and its size, or :class:`SvgError` saying what is refused."""
    if b"<?xml-stylesheet" in data:
        raise SvgError(
            "instruction « xml-stylesheet » interdite : une image SVG ne doit charger aucun "
            "autre fichier"
        )
    try:
        root = fromstring(data, forbid_dtd=True)
    except DefusedXmlException:
        raise SvgError(
            "déclaration DOCTYPE ou ENTITY interdite dans une image SVG ; exportez-la de "
            "nouveau en « SVG simple »"
        ) from None
    except ET.ParseError as exc:
        line, column = exc.position
        raise SvgError(
            f"le fichier SVG est illisible (XML mal formé ligne {line}, colonne {column + 1})"
        ) from None
    except (ValueError, LookupError):  # an encoding Python does not know
        raise SvgError("le fichier SVG est illisible (encodage inconnu : utilisez UTF-8)") from None
    if root.tag != f"{{{SVG_NS}}}svg":
        _, name = _local(str(root.tag))
        raise SvgError(
            f"ce fichier n’est pas une image SVG : il commence par « <{name}> » au lieu de "
            f'« <svg xmlns="{SVG_NS}"> »'
        )
    _clean_tree(root)
    width, height = _size(root)
    attributes = dict(root.attrib)
    root.attrib.clear()
    root.attrib.update({"xmlns": SVG_NS, **attributes})
    text = ET.tostring(root, encoding="unicode")
    return SafeSvg(text.encode("utf-8") + b"\n", width, height)
