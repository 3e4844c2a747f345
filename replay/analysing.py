"""`replay analyse GAME`: the strong search bot's verdict on every decision of a finished game
(domain/core/analysis.py), told in the terminal: each seat's chance of winning through the game
as a line of bars, how often each seat played the search's choice, the moves that cost most, and
with --moves every assessed decision.

    >>> bars([0.0, 0.5, 1.0])
    '▁▅█'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from domain.core.analysis import Analysis, costly_lines, percent

LEVELS = "▁▂▃▄▅▆▇█"
WIDTH = 60  # characters of a seat's curve


def bars(chances: Sequence[float]) -> str:
    """A chance in [0, 1] per character, as the height of a bar."""
    top = len(LEVELS) - 1
    return "".join(LEVELS[max(0, min(top, round(c * top)))] for c in chances)


def sampled(values: Sequence[float], width: int = WIDTH) -> list[float]:
    """At most `width` values, evenly picked (the last one always)."""
    if len(values) <= width:
        return list(values)
    return [values[round(i * (len(values) - 1) / (width - 1))] for i in range(width)]


def told(analysis: Analysis, record: dict[str, Any], names: Sequence[str], moves: bool = False) -> list[str]:
    """The analysis in lines of text."""
    curve = analysis.curve()
    out = [f"{len(analysis.decisions)} decisions assessed by {analysis.level} "
           f"({analysis.iterations} iterations, horizon {analysis.horizon or 'to the end'}; seed {analysis.seed!r})"]
    if curve:
        out.append(f"chance of winning, moves {curve[0][0]}..{curve[-1][0]}:")
        wide = max(len(n) for n in names)
        for seat, name in enumerate(names):
            line = [row[seat] for _version, row in curve]
            agreed, own = analysis.agreement(seat)
            out.append(f"  {name:<{wide}} {bars(sampled(line))} {percent(line[0])} → {percent(line[-1])}"
                       f"  (played the search's choice {agreed}/{own})")
    costly = costly_lines(analysis, record, names)
    out.append("moves that cost most:" if costly else "no move cost much (every move within 3% of the search's choice)")
    out += [f"  {line}" for _decision, line in costly]
    if moves:
        out.append("every decision (version, seat: played → the search's choice, chances):")
        for d in analysis.decisions:
            mark = "=" if d.played == d.best else "≠"
            out.append(f"  {d.version:>5} {names[d.seat]}: {d.played} {mark} {d.best}  "
                       f"{percent(d.played_chance)} / {percent(d.best_chance)}")
    return out
