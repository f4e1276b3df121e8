"""A small SVG chart of the scale figures: one panel per measure, the article count on the
x axis (one tick per size), one line per series. No dependency; deterministic output."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from xml.sax.saxutils import escape

PANEL_W, PANEL_H, PAD = 300, 190, 44
COLOURS = ("#2f6f62", "#a64b2a", "#5f5952")


@dataclass
class Panel:
    title: str  # French, with its unit
    series: dict[str, Sequence[float | None]]  # name → one value per size


def _fmt(value: float) -> str:
    text = f"{value:.1f}" if value < 100 else f"{value:.0f}"
    return text.replace(".", ",")


def _panel(panel: Panel, sizes: Sequence[int], x0: float, y0: float) -> list[str]:
    values = [v for s in panel.series.values() for v in s if v is not None]
    top = max(values) * 1.15 if values else 1.0
    width, height = PANEL_W - 2 * PAD, PANEL_H - 2 * PAD
    step = width / max(1, len(sizes) - 1)

    def point(i: int, value: float) -> tuple[float, float]:
        return x0 + PAD + i * step, y0 + PAD + height - value / top * height

    out = [
        f'<text x="{x0 + PAD}" y="{y0 + 20}" class="title">{escape(panel.title)}</text>',
        f'<line x1="{x0 + PAD}" y1="{y0 + PAD + height}" x2="{x0 + PAD + width}" '
        f'y2="{y0 + PAD + height}" class="axis"/>',
    ]
    for i, size in enumerate(sizes):
        x = x0 + PAD + i * step
        out.append(
            f'<text x="{x:.1f}" y="{y0 + PAD + height + 16}" class="tick">{size:,}</text>'.replace(
                ",", "\u202f"
            )
        )
    for index, (name, series) in enumerate(panel.series.items()):
        colour = COLOURS[index % len(COLOURS)]
        points = [point(i, v) for i, v in enumerate(series) if v is not None]
        if len(points) > 1:
            path = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
            line = f'points="{path}" fill="none" stroke="{colour}" stroke-width="2"'
            out.append(f"<polyline {line}/>")
        for (x, y), value in zip(points, [v for v in series if v is not None], strict=True):
            out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3" fill="{colour}"/>')
            out.append(f'<text x="{x + 5:.1f}" y="{y - 5:.1f}" class="value">{_fmt(value)}</text>')
        legend_y = y0 + PANEL_H - 8
        out.append(
            f'<text x="{x0 + PAD + index * 110}" y="{legend_y}" class="legend" '
            f'fill="{colour}">■ {escape(name)}</text>'
        )
    return out


def chart_svg(sizes: Sequence[int], panels: Sequence[Panel], columns: int = 2) -> str:
    rows = -(-len(panels) // columns)
    width, height = columns * PANEL_W, rows * PANEL_H
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif">',
        "<style>.title{font-size:13px;font-weight:bold}.tick,.value{font-size:10px;"
        "text-anchor:middle}.value{text-anchor:start}.legend{font-size:11px}"
        ".axis{stroke:#999}</style>",
        f'<rect width="{width}" height="{height}" fill="#fff"/>',
    ]
    for index, panel in enumerate(panels):
        parts += _panel(panel, sizes, (index % columns) * PANEL_W, (index // columns) * PANEL_H)
    parts.append("</svg>")
    return "\n".join(parts) + "\n"
