"""Each seat's score over the game, as an SVG drawn on the server (no script, no library).

Colours are the Okabe-Ito palette (told apart with the common colour-vision deficiencies), and
each seat also has its own dash pattern and marker, so no seat is told by colour alone. A score
the viewer may not see (None) leaves a gap in that seat's line.

    >>> svg = score_chart(["Ann", "Bob"], [(0, [0, 0]), (1, [2, None]), (2, [3, 1])], 1)
    >>> svg.startswith("<svg") and "Ann" in svg and "polyline" in svg
    True
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from domain.core.i18n import _
from domain.core.translations import number

COLOURS = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9")
DASHES = ("", "8 4", "2 3", "10 3 2 3", "5 5", "1 2")
WIDTH, HEIGHT = 900, 250
LEFT, RIGHT, TOP, BOTTOM = 44, 12, 12, 54

Point = tuple[int, Sequence[int | None]]


def _nice_top(value: int) -> int:
    for step in (5, 10, 20, 25, 50, 100, 200, 250, 500, 1000):
        if value <= step * 5:
            return max(step, -(-value // step) * step)
    return value


def score_chart(names: Sequence[str], points: Sequence[Point], at: int | None = None, title: str | None = None) -> str:
    """An SVG line chart: one line per seat over the versions of `points` ((version, scores))."""
    last = max((v for v, _row in points), default=0) or 1
    top = _nice_top(max((s for _version, row in points for s in row if s is not None), default=0))
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(version: int) -> float:
        return LEFT + plot_w * version / last

    def y(score: int) -> float:
        return TOP + plot_h * (1 - score / top)

    default_title, hidden = _("Score of each player over the game (by version)"), _("hidden")
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
           f'aria-labelledby="chart-title" class="chart">',
           f'<title id="chart-title">{escape(title or default_title)}</title>']
    for i in range(6):  # horizontal grid lines with their scores
        score = top * i // 5
        out.append(f'<line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y(score):.1f}" y2="{y(score):.1f}" class="grid"/>')
        out.append(f'<text x="{LEFT - 6}" y="{y(score) + 4:.1f}" text-anchor="end" class="tick">{number(score)}</text>')
    for version in sorted({0, last // 2, last}):
        out.append(f'<text x="{x(version):.1f}" y="{TOP + plot_h + 16}" text-anchor="middle" class="tick">{number(version)}</text>')
    if at is not None:
        out.append(f'<line x1="{x(at):.1f}" x2="{x(at):.1f}" y1="{TOP}" y2="{TOP + plot_h}" class="now"/>')
    for seat, name in enumerate(names):
        colour, dash = COLOURS[seat % len(COLOURS)], DASHES[seat % len(DASHES)]
        style = f'stroke="{colour}"' + (f' stroke-dasharray="{dash}"' if dash else "")
        run: list[str] = []
        runs: list[list[str]] = []
        for version, row in points:
            score = row[seat] if seat < len(row) else None
            if score is None:
                if run:
                    runs.append(run)
                run = []
                continue
            run.append(f"{x(version):.1f},{y(score):.1f}")
        if run:
            runs.append(run)
        for r in runs:
            out.append(f'<polyline points="{" ".join(r)}" fill="none" stroke-width="2.5" {style}/>')
        if runs:  # the seat's marker at its last known score
            px, py = runs[-1][-1].split(",")
            out.append(_marker(seat, float(px), float(py), colour))
        lx = LEFT + (seat % 3) * 260
        ly = HEIGHT - 22 + (seat // 3) * 16
        out.append(f'<line x1="{lx}" x2="{lx + 26}" y1="{ly - 4}" y2="{ly - 4}" stroke-width="2.5" {style}/>')
        out.append(_marker(seat, lx + 13, ly - 4, colour))
        shown = [row[seat] for _version, row in points if seat < len(row) and row[seat] is not None]
        final = f" ({number(shown[-1]) if shown else hidden})"
        out.append(f'<text x="{lx + 32}" y="{ly}" class="legend">{escape(name)}{final}</text>')
    out.append("</svg>")
    return "\n".join(out)


def _marker(seat: int, cx: float, cy: float, colour: str) -> str:
    """A different shape per seat: circle, square, triangle, diamond, ..."""
    shape = seat % 4
    if shape == 0:
        return f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="4" fill="{colour}"/>'
    if shape == 1:
        return f'<rect x="{cx - 4:.1f}" y="{cy - 4:.1f}" width="8" height="8" fill="{colour}"/>'
    if shape == 2:
        return f'<polygon points="{cx:.1f},{cy - 5:.1f} {cx + 5:.1f},{cy + 4:.1f} {cx - 5:.1f},{cy + 4:.1f}" fill="{colour}"/>'
    return f'<polygon points="{cx:.1f},{cy - 5:.1f} {cx + 5:.1f},{cy:.1f} {cx:.1f},{cy + 5:.1f} {cx - 5:.1f},{cy:.1f}" fill="{colour}"/>'
