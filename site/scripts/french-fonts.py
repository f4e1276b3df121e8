"""Writes site/src/styles/fonts/*-french-*.woff2: the site's four faces cut down to the
characters French text needs, the first screen's fonts being bytes a phone waits for
(Lighthouse counts them in the largest paint: 8–14 KB each instead of @fontsource's 17–18 KB
« latin » files, and two requests fewer since the open zero is inside).

- **French only**: ASCII, « », no-break space, §, ©, ®, °, ², ·, ×, the letters of French
  (à â æ ç é è ê ë î ï ô ù û ü ÿ œ and capitals), typographic quotes and apostrophe, dashes,
  ellipsis, narrow and thin no-break spaces, €, bullets. Any other character (a name with
  « ñ ») is drawn by the next font of the stack, the local fallback.
- **No hinting**: the instructions that snap outlines to the pixels of low-resolution
  screens (Windows at 96 dpi) are a third of Atkinson's bytes; phones and high-resolution
  screens ignore them. Each file is then under 14 KB, one round trip of a new connection.
- **Open zero**: Atkinson Hyperlegible draws a slashed zero (« 3Ø minutes », « © 2Ø26 »)
  and has no feature that turns it off; its zero is an outer ring and two counter pieces
  split by the slash. Here the two pieces become one counter: the outer ring mapped into
  their joint box (in upright space for the italic), drawn the other way round.

Run again after an upgrade of @fontsource (fontTools and brotli are needed only here):

    uv run --no-project --with fonttools==4.68.0 --with brotli==1.2.1 site/scripts/french-fonts.py
"""

from __future__ import annotations

import math
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTFont

SITE = Path(__file__).resolve().parents[1]
SOURCE = SITE / "node_modules" / "@fontsource"
OUT = SITE / "src" / "styles" / "fonts"
#: (npm package, family in the file names, new family name, style)
FACES = (
    ("fraunces", "fraunces", "Fraunces French", "600-normal"),
    ("atkinson-hyperlegible", "atkinson-hyperlegible", "Atkinson French", "400-normal"),
    ("atkinson-hyperlegible", "atkinson-hyperlegible", "Atkinson French", "700-normal"),
    ("atkinson-hyperlegible", "atkinson-hyperlegible", "Atkinson French", "400-italic"),
)
#: The characters kept, as CSS `unicode-range` spans.
FRENCH = (
    "U+0020-007E, U+00A0, U+00A7, U+00A9, U+00AB, U+00AE, U+00B0, U+00B2, U+00B7, U+00BB,"
    " U+00C0, U+00C2, U+00C6-00CB, U+00CE-00CF, U+00D4, U+00D7, U+00D9, U+00DB-00DC, U+00E0,"
    " U+00E2, U+00E6-00EB, U+00EE-00EF, U+00F4, U+00F9, U+00FB-00FC, U+00FF, U+0152-0153,"
    " U+0178, U+2009, U+2013-2014, U+2018-2019, U+201C-201D, U+2022, U+2026, U+202F, U+20AC"
)


def code_points(spans: str) -> list[int]:
    points: list[int] = []
    for span in spans.split(","):
        first, _, last = span.strip().removeprefix("U+").partition("-")
        points.extend(range(int(first, 16), int(last or first, 16) + 1))
    return points


def open_zero(font: TTFont) -> None:
    glyf = font["glyf"]
    zero = glyf["zero"]
    coords, ends, flags = zero.getCoordinates(glyf)
    assert len(ends) == 3, "the zero is no longer a ring and two counter pieces"
    slant = math.tan(math.radians(-font["post"].italicAngle))
    upright = [(x - slant * y, y) for x, y in coords]
    ring = upright[: ends[0] + 1]
    pieces = upright[ends[0] + 1 :]

    def box(points: list[tuple[float, float]]) -> tuple[float, float, float, float]:
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        return min(xs), min(ys), max(xs), max(ys)

    (ox0, oy0, ox1, oy1), (ix0, iy0, ix1, iy1) = box(ring), box(pieces)
    counter = [
        (ix0 + (x - ox0) * (ix1 - ix0) / (ox1 - ox0), iy0 + (y - oy0) * (iy1 - iy0) / (oy1 - oy0))
        for x, y in reversed(ring)  # a counter runs the other way round
    ]
    ring_flags = list(flags[: ends[0] + 1])
    points = [(round(x + slant * y), round(y)) for x, y in ring + counter]
    zero.coordinates = type(coords)(points)
    zero.flags = bytearray(ring_flags + ring_flags[::-1])
    zero.endPtsOfContours = [ends[0], 2 * ends[0] + 1]
    zero.numberOfContours = 2
    zero.program.fromBytecode(b"")  # the hints described the slashed shape
    zero.recalcBounds(glyf)


def rename(font: TTFont, family: str, style: str) -> None:
    """A modified font no longer carries the original's name (SIL OFL, « Modified
    Versions »); copyright and licence records are kept."""
    for record in font["name"].names:
        if record.nameID in (1, 16):
            font["name"].setName(family, record.nameID, record.platformID, record.platEncID,
                                 record.langID)
        elif record.nameID in (3, 4, 6):
            postscript = f"{family.replace(' ', '')}-{style}"
            full = f"{family} {style}" if record.nameID != 6 else postscript
            font["name"].setName(full, record.nameID, record.platformID, record.platEncID,
                                 record.langID)


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for package, name, family, style in FACES:
        font = TTFont(SOURCE / package / "files" / f"{name}-latin-{style}.woff2")
        if package == "atkinson-hyperlegible":
            open_zero(font)
        options = subset.Options()
        options.layout_features = ["kern", "liga", "tnum", "pnum"]
        options.flavor = "woff2"
        options.name_IDs = ["*"]  # keeps the licence (SIL OFL) and the names
        options.hinting = False
        subsetter = subset.Subsetter(options)
        subsetter.populate(unicodes=code_points(FRENCH))
        subsetter.subset(font)
        rename(font, family, style)
        target = OUT / f"{name}-french-{style}.woff2"
        font.save(target)
        print(f"{target.relative_to(SITE)}: {target.stat().st_size} bytes")


if __name__ == "__main__":
    main()
