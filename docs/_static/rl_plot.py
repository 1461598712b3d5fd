"""Draw a training run's learning curve as an SVG (plain Python, no plotting library).

Reads the JSON lines ``examples/train_ppo.py --log`` writes and draws the greedy
policy's head-to-head score against RandomBot and against the game's heuristic
bot, with their 95 % intervals as bands, over the training CPU minutes; dashed
lines give uniform random play's scores on the same seeds.

    python docs/_static/rl_plot.py RUN.jsonl docs/_static/rl_machuco.svg --title "Machuco, 2 players, one hand"
"""

from __future__ import annotations

import argparse
import json
import math
from html import escape
from typing import Any

W, H = 680, 360
LEFT, RIGHT, TOP, BOTTOM = 56, 180, 34, 44
COLOURS = {"random": "#1f77b4", "best": "#d62728"}
LABELS = {"random": "vs RandomBot", "best": "vs heuristic bot"}


def read(path: str) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """The evaluation points and the baseline of a log."""
    points, baseline = [], {}
    with open(path) as fh:
        for line in fh:
            record = json.loads(line)
            if "eval" in record:
                points.append(record["eval"])
            elif "baseline" in record:
                baseline = record["baseline"]
    return points, baseline


def draw(points: list[dict[str, Any]], baseline: dict[str, Any], title: str) -> str:
    """The SVG document."""
    xmax = max(p["cpu_s"] for p in points) / 60 or 1.0
    ys = [v for p in points for k in COLOURS for v in p[k]] + [v[0] for k, v in baseline.items() if k in COLOURS]
    ylo = min(0.2, math.floor(min(ys) * 10) / 10)
    yhi = max(0.8, min(1.0, math.ceil(max(ys) * 10) / 10))
    pw, ph = W - LEFT - RIGHT, H - TOP - BOTTOM

    def x(v: float) -> float:
        return LEFT + pw * v / xmax

    def y(v: float) -> float:
        return TOP + ph * (1 - (v - ylo) / (yhi - ylo))

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" viewBox="0 0 {W} {H}" '
           'font-family="sans-serif" font-size="12">',
           f'<rect width="{W}" height="{H}" fill="white"/>',
           f'<text x="{LEFT}" y="20" font-size="14" font-weight="bold">{escape(title)}</text>']
    step = 0.1
    v = ylo
    while v <= yhi + 1e-9:
        out.append(f'<line x1="{LEFT}" x2="{LEFT + pw}" y1="{y(v):.1f}" y2="{y(v):.1f}" stroke="#ddd"/>')
        out.append(f'<text x="{LEFT - 6}" y="{y(v) + 4:.1f}" text-anchor="end">{v:.1f}</text>')
        v += step
    ticks = next(t for t in (0.25, 0.5, 1, 2, 5, 10, 30) if xmax / t <= 8)
    t = 0
    while t <= xmax + 1e-9:
        out.append(f'<line x1="{x(t):.1f}" x2="{x(t):.1f}" y1="{TOP}" y2="{TOP + ph}" stroke="#eee"/>')
        out.append(f'<text x="{x(t):.1f}" y="{TOP + ph + 16}" text-anchor="middle">{t:g}</text>')
        t += ticks
    out.append(f'<text x="{LEFT + pw / 2}" y="{H - 8}" text-anchor="middle">training CPU minutes</text>')
    out.append(f'<text x="14" y="{TOP + ph / 2}" text-anchor="middle" '
               f'transform="rotate(-90 14 {TOP + ph / 2})">head-to-head score</text>')
    out.append(f'<line x1="{LEFT}" x2="{LEFT + pw}" y1="{y(0.5):.1f}" y2="{y(0.5):.1f}" stroke="#888"/>')
    for k, colour in COLOURS.items():
        xs = [x(p["cpu_s"] / 60) for p in points]
        band = [f"{a:.1f},{y(p[k][2]):.1f}" for a, p in zip(xs, points)]
        band += [f"{a:.1f},{y(p[k][1]):.1f}" for a, p in reversed(list(zip(xs, points)))]
        out.append(f'<polygon points="{" ".join(band)}" fill="{colour}" fill-opacity="0.18" stroke="none"/>')
        line = " ".join(f"{a:.1f},{y(p[k][0]):.1f}" for a, p in zip(xs, points))
        out.append(f'<polyline points="{line}" fill="none" stroke="{colour}" stroke-width="2"/>')
        for a, p in zip(xs, points):
            out.append(f'<circle cx="{a:.1f}" cy="{y(p[k][0]):.1f}" r="2.5" fill="{colour}"/>')
        if k in baseline:
            b = baseline[k][0]
            out.append(f'<line x1="{LEFT}" x2="{LEFT + pw}" y1="{y(b):.1f}" y2="{y(b):.1f}" '
                       f'stroke="{colour}" stroke-dasharray="5,4" stroke-width="1"/>')
    lx = LEFT + pw + 12
    for i, (k, colour) in enumerate(COLOURS.items()):
        yy = TOP + 10 + 40 * i
        last = points[-1][k]
        out.append(f'<line x1="{lx}" x2="{lx + 18}" y1="{yy}" y2="{yy}" stroke="{colour}" stroke-width="2"/>')
        out.append(f'<text x="{lx + 24}" y="{yy + 4}">{LABELS[k]}</text>')
        out.append(f'<text x="{lx + 24}" y="{yy + 18}" fill="#555">last {last[0]:.3f} '
                   f'[{last[1]:.2f}, {last[2]:.2f}]</text>')
    yy = TOP + 100
    out.append(f'<line x1="{lx}" x2="{lx + 18}" y1="{yy}" y2="{yy}" stroke="#555" stroke-dasharray="5,4"/>')
    out.append(f'<text x="{lx + 24}" y="{yy + 4}">random play</text>')
    out.append(f'<text x="{lx}" y="{yy + 24}" fill="#555">bands: 95 % intervals,</text>')
    out.append(f'<text x="{lx}" y="{yy + 38}" fill="#555">{points[0].get("games", "")} games on fixed</text>')
    out.append(f'<text x="{lx}" y="{yy + 52}" fill="#555">seeds per point</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def main() -> None:
    """Read a log, write the SVG."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("log")
    parser.add_argument("svg")
    parser.add_argument("--title", default="")
    ns = parser.parse_args()
    points, baseline = read(ns.log)
    with open(ns.svg, "w") as fh:
        fh.write(draw(points, baseline, ns.title))


if __name__ == "__main__":
    main()
