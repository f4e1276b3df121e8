"""The focus point of a photo (``focus: 50% 25%``): two percentages, checked with a French
message at its line, written to the bundle the way CSS object-position reads it."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import ValidationError

from contenu.models.common import Image

MEMBER = "content/equipe/julien-moreau.md"


def set_focus(root: Path, value: str) -> int:
    path = root / MEMBER
    lines = path.read_text(encoding="utf-8").split("\n")
    index = next(i for i, line in enumerate(lines) if line.startswith("  alt:"))
    lines.insert(index + 1, f"  focus: {value}")
    path.write_text("\n".join(lines), encoding="utf-8")
    return index + 2


@pytest.mark.parametrize("value", ["haut", "50%", "120% 10%", "50 % 20 % 3 %", "-5% 10%"])
def test_a_wrong_focus_is_refused_in_french_at_its_line(
    value: str, site_root: Path, contenu: Callable[..., Any]
) -> None:
    line = set_focus(site_root, value)
    result = contenu("check")
    assert result.exit_code == 1
    expected = (
        f"{MEMBER}:{line}:3: Photo › Point de cadrage : point de cadrage invalide : « {value} » ; "
        "écrivez deux pourcentages, horizontal puis vertical, par exemple « 50% 30% »"
    )
    assert expected in result.plain, result.output


def test_a_focus_reaches_the_site(site_root: Path, contenu: Callable[..., Any]) -> None:
    set_focus(site_root, "40 % 15%")
    result = contenu("build", "--out", str(site_root / "bundles"))
    assert result.exit_code == 0, result.output
    data = site_root / "bundles" / "public" / "data" / "routes" / "index.json"
    index = data.read_text(encoding="utf-8")
    assert '"focus":"40% 15%"' in index


@given(st.integers(min_value=0, max_value=100), st.integers(min_value=0, max_value=100))
def test_every_pair_of_percentages_is_a_css_position(x: int, y: int) -> None:
    image = Image.model_validate({"src": "/images/a.jpg", "alt": "A", "focus": f"{x}% {y}%"})
    assert image.focus == f"{x}% {y}%"


@given(st.text(max_size=20))
def test_anything_else_is_refused(value: str) -> None:
    try:
        image = Image.model_validate({"src": "/images/a.jpg", "alt": "A", "focus": value})
    except ValidationError:
        return
    assert image.focus is not None
    x, y = (int(part.rstrip("%")) for part in image.focus.split())
    assert 0 <= x <= 100 and 0 <= y <= 100
