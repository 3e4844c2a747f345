"""The replay page's analysis (issue 33, item 4): once a game is over, a button asks the strong
search bot's verdict on every decision (service/analyses.py runs it in the background); while it
runs, a progress bar (replay.js follows it through GET /v1/games/{id}/analysis and shows the
result when it is done; without JavaScript the page is looked at again); then each seat's chance
of winning over the game as a chart, how often each seat played the search's choice, the moves
that cost most, and at the version shown, the verdict on the move that made it.
"""

from __future__ import annotations

import functools
from typing import Any
from uuid import UUID

from flask import abort, redirect, request, url_for

from domain.core.aggregate import Game, Status
from domain.core.analysis import Analysis, Decision, costly_lines, percent
from domain.core.i18n import _, language

from ..analyses import DONE, FAILED, State
from ..ratelimits import rate_limited
from . import boards
from .chart import score_chart
from .play import load
from .session import bp, shiplog


def over(game: Game) -> bool:
    return game.status not in (Status.ACTIVE, Status.OPEN)


@functools.lru_cache(maxsize=64)
def _costly(game_id: UUID, names: tuple[str, ...], _language: str) -> tuple[tuple[int, str], ...]:
    """The costliest moves of a done analysis in words (kept per game and language: the record
    is read once; an analysis, once done, stays as it is)."""
    state = shiplog().analyses.state(game_id)
    if state is None or state.analysis is None:
        return ()
    analysis, record = state.analysis, shiplog().record(game_id)
    return tuple((d.version, text) for d, text in costly_lines(analysis, record, list(names)))


def _decision_at(analysis: Analysis, at: int) -> Decision | None:
    return next((d for d in analysis.decisions if d.version == at), None)


def _done(game: Game, analysis: Analysis, at: int, names: list[str]) -> dict[str, Any]:
    rules = game.rules
    start = tuple(round(1 / analysis.seats, 4) for _seat in range(analysis.seats))
    points = [(0, [round(100 * c) for c in start]),
              *((version, [round(100 * c) for c in row]) for version, row in analysis.curve())]
    chart = score_chart(names, points, at, title=_("Chance of winning of each player over the game (percent)"))
    costly = [{"version": v, "text": text} for v, text in _costly(game.id, tuple(names), language())]
    agreed = []
    for seat, name in enumerate(names):
        same, own = analysis.agreement(seat)
        agreed.append(_("{name} played the search's choice in {same} of {own} decisions.", name=name, same=same, own=own))
    here = _decision_at(analysis, at)
    verdict = None
    if here is not None:
        verdict = {"seat": names[here.seat], "same": here.played == here.best,
                   "played": boards.action_label(rules, here.played), "best": boards.action_label(rules, here.best),
                   "played_chance": percent(here.played_chance), "best_chance": percent(here.best_chance)}
    return {"chart": chart, "costly": costly, "agreed": agreed, "verdict": verdict,
            "budget": _("{level} with {n} iterations per decision", level=analysis.level, n=analysis.iterations)}


def panel(game: Game, at: int, names: list[str]) -> dict[str, Any]:
    """What the page's analysis panel shows: nothing while the game runs; a button until someone
    asks; the progress while it runs; the result when it is done."""
    if not over(game):
        return {"shown": False}
    state: State | None = shiplog().analyses.state(game.id)
    if state is None:
        return {"shown": True, "status": None}
    shown: dict[str, Any] = {"shown": True, "status": state.status, "done": state.done, "total": state.total,
                             "percent": round(100 * state.progress)}
    if state.status == DONE and state.analysis is not None:
        shown.update(_done(game, state.analysis, at, names))
    shown["failed"] = state.status == FAILED
    return shown


@bp.route("/games/<game_id>/analysis", methods=["POST"])
def analyse(game_id: str) -> Any:
    """Ask for the game's analysis (a finished game's: while it runs it would be advice)."""
    game = load(game_id)
    if not over(game):
        abort(403)
    rate_limited("analyses")
    app = shiplog()
    app.analyses.request(game.id)
    if app.background:
        app.analyses.kick()
    invite = request.form.get("invite") if game.private else None
    return redirect(url_for("web.replay", game_id=game_id, invite=invite or None, at=request.form.get("at") or None)
                    + "#analysis", 303)
