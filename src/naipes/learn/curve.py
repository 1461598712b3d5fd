"""A training run's learning curve as an SVG picture (standard library only).

Two lines over the decisions trained: the greedy network's score against
RandomBot and against the heuristic (``best``), each with its 95 % interval as
a band, and the 50 % line.

>>> svg = curve_svg([{"decisions": 0, "random": 0.5, "random_low": 0.4, "random_high": 0.6,
...                   "best": 0.3, "best_low": 0.2, "best_high": 0.4}], title="demo")
>>> svg.startswith("<svg") and "demo" in svg
True

.. versionadded:: 1.2
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence
from xml.sax.saxutils import escape

__all__ = ["curve_svg"]

WIDTH, HEIGHT, LEFT, RIGHT, TOP, BOTTOM = 640, 360, 56, 150, 34, 40
SERIES = (("random", "against RandomBot", "#2b6cb0"), ("best", "against the heuristic", "#c05621"))


def _xy(decisions: float, score: float, most: float) -> tuple[float, float]:
    """The point of a score (0 to 1) after ``decisions`` (of ``most``)."""
    x = LEFT + (WIDTH - LEFT - RIGHT) * (decisions / most if most else 0.0)
    y = TOP + (HEIGHT - TOP - BOTTOM) * (1.0 - score)
    return round(x, 1), round(y, 1)


def _series(rows: Sequence[Mapping[str, Any]], key: str, colour: str, most: float) -> list[str]:
    """One opponent's band and line."""
    top = [_xy(r["decisions"], r[key + "_high"], most) for r in rows]
    low = [_xy(r["decisions"], r[key + "_low"], most) for r in reversed(rows)]
    band = " ".join(f"{x},{y}" for x, y in top + low)
    line = " ".join(f"{x},{y}" for x, y in (_xy(r["decisions"], r[key], most) for r in rows))
    return [f'<polygon points="{band}" fill="{colour}" fill-opacity="0.15" stroke="none"/>',
            f'<polyline points="{line}" fill="none" stroke="{colour}" stroke-width="2"/>']


def _axes(most: float) -> list[str]:
    """The frame, the score ticks and the 50 % line, the decisions' ticks."""
    out = []
    for tick in (0.0, 0.25, 0.5, 0.75, 1.0):
        _, y = _xy(0, tick, most)
        dash = ' stroke-dasharray="4 3"' if tick == 0.5 else ""
        out.append(f'<line x1="{LEFT}" y1="{y}" x2="{WIDTH - RIGHT}" y2="{y}" stroke="#999"{dash}/>')
        out.append(f'<text x="{LEFT - 6}" y="{y + 4}" text-anchor="end">{tick:.2f}</text>')
    for k in range(5):
        x, _ = _xy(most * k / 4, 0.0, most)
        label = f"{most * k / 4 / 1e6:.1f}M" if most >= 1e6 else f"{int(most * k / 4):,}"
        out.append(f'<text x="{x}" y="{HEIGHT - BOTTOM + 16}" text-anchor="middle">{label}</text>')
    out.append(f'<text x="{(LEFT + WIDTH - RIGHT) / 2}" y="{HEIGHT - 6}" text-anchor="middle">'
               "decisions trained</text>")
    return out


def curve_svg(rows: Sequence[Mapping[str, Any]], title: str = "") -> str:
    """The curve of ``rows`` (the training's JSON lines: ``decisions``, ``random``, ``best`` and
    their ``_low``/``_high``) as an SVG document."""
    most = float(max((r["decisions"] for r in rows), default=0))
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
             f'viewBox="0 0 {WIDTH} {HEIGHT}" font-family="sans-serif" font-size="12">',
             f'<rect width="{WIDTH}" height="{HEIGHT}" fill="white"/>',
             f'<text x="{LEFT}" y="20" font-size="14">{escape(title)}</text>', *_axes(most)]
    for i, (key, label, colour) in enumerate(SERIES):
        if rows:
            parts += _series(rows, key, colour, most)
        y = TOP + 18 * i + 6
        parts.append(f'<line x1="{WIDTH - RIGHT + 10}" y1="{y}" x2="{WIDTH - RIGHT + 30}" y2="{y}" '
                     f'stroke="{colour}" stroke-width="2"/>')
        parts.append(f'<text x="{WIDTH - RIGHT + 34}" y="{y + 4}">{escape(label)}</text>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"
