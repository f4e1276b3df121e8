"""Digits as French readers expect them: the body font's zero is drawn without a slash
(Atkinson Hyperlegible's own zero reads « 3Ø minutes », « © 2Ø26 »), in every face the
site uses."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from .conftest import Site
from .helpers import goto

#: Draws « 0 » large in the page's own body font, in the given weight and style, and tells
#: whether the middle of the glyph is ink: a slashed zero's slash crosses its middle, an
#: open zero has its counter there.
ZERO_MIDDLE_IS_INK = """async ([weight, style]) => {
  // the web font alone: the local fallbacks of the stack may be missing (a load error)
  const family = getComputedStyle(document.body).fontFamily.split(",")[0];
  const font = `${style} ${weight} 200px ${family}`;
  await document.fonts.load(font, "0");
  if (!document.fonts.check(font, "0")) return "not loaded";
  const canvas = document.createElement("canvas");
  canvas.width = canvas.height = 400;
  const ctx = canvas.getContext("2d", { willReadFrequently: true });
  ctx.font = font;
  ctx.fillStyle = "#000";
  ctx.fillText("0", 100, 300);
  const box = ctx.measureText("0");
  const x = Math.round(100 + (box.actualBoundingBoxRight - box.actualBoundingBoxLeft) / 2);
  const y = Math.round(300 - (box.actualBoundingBoxAscent - box.actualBoundingBoxDescent) / 2);
  return ctx.getImageData(x - 2, y - 2, 5, 5).data.some((value, i) => i % 4 === 3 && value > 0);
}"""


@pytest.mark.parametrize(("weight", "style"), [(400, "normal"), (700, "normal"), (400, "italic")])
def test_the_body_font_draws_an_open_zero(site: Site, page: Page, weight: int, style: str) -> None:
    goto(page, site.url("/"))
    family = page.evaluate("getComputedStyle(document.body).fontFamily")
    assert "Atkinson Hyperlegible" in family, family
    assert page.evaluate(ZERO_MIDDLE_IS_INK, [weight, style]) is False
