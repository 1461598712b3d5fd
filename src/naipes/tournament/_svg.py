"""The SVG chart of a tournament's ratings with their intervals (internal; no dependency).

One row per entrant, strongest first: a dot at its rating and a bar across its
95 % interval, on a shared axis with a line at 0 (the entrants' mean).
"""

from __future__ import annotations

import math
from typing import Sequence
from xml.sax.saxutils import escape

from naipes.tournament._ratings import Rating

__all__ = ["ratings_svg"]

ROW = 28
LEFT = 190
PLOT = 420
TOP = 46


def _ticks(low: float, high: float) -> list[float]:
    span = high - low
    step = 10 ** math.floor(math.log10(span / 4)) if span > 0 else 1.0
    for factor in (1, 2, 5, 10):
        if span / (step * factor) <= 6:
            step *= factor
            break
    first = math.ceil(low / step) * step
    return [first + i * step for i in range(int((high - first) / step) + 1)]


def _bound(value: float) -> str:
    return f"{value:.0f}" if math.isfinite(value) else "-"


def _bounds(ratings: Sequence[Rating]) -> tuple[float, float]:
    values = [0.0]
    for r in ratings:
        values += [v for v in (r.rating, *r.interval) if math.isfinite(v)]
    low, high = min(values), max(values)
    pad = max(10.0, (high - low) * 0.08)
    return low - pad, high + pad


def ratings_svg(ratings: Sequence[Rating], *, title: str = "Ratings") -> str:
    """An SVG document: each entrant's rating and 95 % interval, strongest first (unrated
    entrants last, marked so).

    >>> from naipes.tournament import Rating
    >>> svg = ratings_svg([Rating(entrant=0, bot="a", rating=50.0, interval=(20.0, 80.0)),
    ...                    Rating(entrant=1, bot="b", rating=-50.0, interval=(-80.0, -20.0))])
    >>> svg.startswith("<svg") and svg.count("<circle") == 2
    True
    """
    rows = sorted(ratings, key=lambda r: (not math.isfinite(r.rating),
                                          -r.rating if math.isfinite(r.rating) else 0.0, r.entrant))
    low, high = _bounds(rows)

    def x(value: float) -> float:
        return LEFT + (value - low) / (high - low) * PLOT

    height = TOP + ROW * len(rows) + 40
    width = LEFT + PLOT + 30
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="13">',
           f'<rect width="{width}" height="{height}" fill="white"/>',
           f'<text x="{width / 2:.1f}" y="22" text-anchor="middle" font-size="15">{escape(title)}</text>']
    axis_y = TOP + ROW * len(rows) + 6
    for tick in _ticks(low, high):
        tx = x(tick)
        out.append(f'<line x1="{tx:.1f}" y1="{TOP - 8}" x2="{tx:.1f}" y2="{axis_y}" stroke="#ddd"/>')
        out.append(f'<text x="{tx:.1f}" y="{axis_y + 16}" text-anchor="middle" fill="#555">{tick:g}</text>')
    zero = x(0.0)
    out.append(f'<line x1="{zero:.1f}" y1="{TOP - 8}" x2="{zero:.1f}" y2="{axis_y}" stroke="#888" '
               'stroke-dasharray="4 3"/>')
    for i, r in enumerate(rows):
        y = TOP + ROW * i + ROW / 2
        out.append(f'<text x="{LEFT - 10}" y="{y + 4:.1f}" text-anchor="end">{escape(r.bot)}</text>')
        lo, hi = r.interval
        if math.isfinite(lo) and math.isfinite(hi):
            out.append(f'<line x1="{x(lo):.1f}" y1="{y:.1f}" x2="{x(hi):.1f}" y2="{y:.1f}" '
                       'stroke="#2a6fb0" stroke-width="3"/>')
        if not math.isfinite(r.rating):
            out.append(f'<text x="{LEFT + 6}" y="{y + 4:.1f}" fill="#888">unrated (no game played)</text>')
            continue
        out.append(f'<circle cx="{x(r.rating):.1f}" cy="{y:.1f}" r="5" fill="#c0392b">'
                   f'<title>{escape(r.bot)}: {r.rating:.0f} [{_bound(lo)}, {_bound(hi)}]</title></circle>')
    out.append(f'<text x="{LEFT + PLOT / 2:.0f}" y="{height - 4}" text-anchor="middle" fill="#555">'
               'Bradley–Terry rating (Elo scale), 95 % bootstrap interval</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"
