"""Writes site/src/styles/fonts/atkinson-open-zero-*.woff2: the digit zero of Atkinson
Hyperlegible without its slash, alone in a tiny font that fonts.css declares for U+0030 only.

Atkinson Hyperlegible draws a slashed zero (« 3Ø minutes », « © 2Ø26 ») and has no feature
that turns it off; its zero is an outer ring and two counter pieces split by the slash. Here
the two pieces become one counter: the outer ring mapped into their joint box (in upright
space for the italic), drawn the other way round. Run again after an upgrade of
@fontsource/atkinson-hyperlegible (fontTools and brotli are needed only here):

    uv run --no-project --with fonttools==4.68.0 --with brotli==1.2.1 site/scripts/open-zero.py
"""

from __future__ import annotations

import math
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTFont

SITE = Path(__file__).resolve().parents[1]
SOURCE = SITE / "node_modules" / "@fontsource" / "atkinson-hyperlegible" / "files"
OUT = SITE / "src" / "styles" / "fonts"
STYLES = ("400-normal", "700-normal", "400-italic")


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


def rename(font: TTFont, style: str) -> None:
    """A modified font no longer carries the original's name (SIL OFL, « Modified
    Versions »); copyright and licence records are kept."""
    family = "Atkinson Open Zero"
    for record in font["name"].names:
        if record.nameID in (1, 16):
            font["name"].setName(family, record.nameID, record.platformID, record.platEncID,
                                 record.langID)
        elif record.nameID in (3, 4, 6):
            full = f"{family} {style}" if record.nameID != 6 else f"AtkinsonOpenZero-{style}"
            font["name"].setName(full, record.nameID, record.platformID, record.platEncID,
                                 record.langID)


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for style in STYLES:
        font = TTFont(SOURCE / f"atkinson-hyperlegible-latin-{style}.woff2")
        open_zero(font)
        options = subset.Options()
        options.layout_features = ["tnum", "pnum"]
        options.flavor = "woff2"
        options.name_IDs = ["*"]  # keeps the licence (SIL OFL) and the names
        subsetter = subset.Subsetter(options)
        subsetter.populate(unicodes=[0x30])
        subsetter.subset(font)
        rename(font, style)
        target = OUT / f"atkinson-open-zero-{style}.woff2"
        font.save(target)
        print(f"{target.relative_to(SITE)}: {target.stat().st_size} bytes")


if __name__ == "__main__":
    main()
