"""The replay page: a slider and step buttons over every version of a game, the board as a seat
saw it, the move in words, each seat's score over the game, and the verify and fairness verdicts.

While the game runs a player sees the board as their own seat saw it (a spectator as a
spectator), the API's rule; once it is over, as any seat saw it or with everything shown. The
score chart and the verdicts are computed on the server and kept per (game, version, viewer).
"""

from __future__ import annotations

import functools
from typing import Any
from uuid import UUID

from flask import render_template, request, url_for

from domain.core.aggregate import Status
from domain.core.i18n import _, language, ngettext
from domain.core.record import fairness, replay_states, verify
from domain.core.rules import ALL, Viewer

from ..views import event_json, game_view, viewer_of
from . import alternatives, analysis, boards, forms
from .chart import score_chart
from .play import load, names_of, who
from .session import bp, current_player, shiplog


@functools.lru_cache(maxsize=64)
def score_points(game_id: UUID, version: int, viewer: Viewer) -> tuple[tuple[int, tuple[int | None, ...]], ...]:
    """(version, each seat's score as `viewer` saw it) for every version with a position; from
    the move that ended the game on, the final scores (`boards.scores_at`)."""
    app = shiplog()
    record = app.record(game_id)
    rules = app.get_game(game_id, version).rules
    seats = len(record["players"])
    points = []
    for v, _event, state in replay_states(record):
        if v > version:
            break
        if state is not None:
            points.append((v, tuple(boards.scores_at(rules, state, viewer, seats))))
    return tuple(points)


def verdicts(game_id: UUID, version: int, over: bool) -> dict[str, Any]:
    """The verify and fairness verdicts of the game at `version`, in the reader's language."""
    return _verdicts(game_id, version, over, language())


@functools.lru_cache(maxsize=64)
def _verdicts(game_id: UUID, version: int, over: bool, _language: str) -> dict[str, Any]:
    """The verify and fairness verdicts of the game at `version`, each with a sentence (kept per
    language). While the game runs a divergence is told without its detail (which may name
    hidden facts)."""
    record = shiplog().record(game_id)
    checked = verify(record)
    if checked.ok:
        hashes = (_("every state hash matches, up to the final state (hash {hash})", hash=checked.final_hash[:16])
                  if checked.hashes_checked and checked.final_hash else
                  _("the state hashes are keyed by the seed and are checked once it is revealed at the end"))
        done = (ngettext("all {n} action was decided again under the rules and gave exactly the recorded results",
                         "all {n} actions were decided again under the rules and gave exactly the recorded results",
                         checked.actions)
                if checked.actions else _("the setup follows from its recorded draws; no action yet"))
        verify_sentence = _("Verified: {done}; {hashes}.", done=done, hashes=hashes)
    elif over:
        assert checked.divergence is not None
        verify_sentence = _("The record disagrees with the rules at event {n}: {problem}.", n=checked.divergence.version,
                            problem=checked.divergence.problem)
    else:
        assert checked.divergence is not None
        verify_sentence = _("The record disagrees with the rules at event {n}.", n=checked.divergence.version)
    fair = fairness(record)
    seeded = (" " + _("The players chose this seed themselves (client-seeded), so it is not a blind shuffle.")
              if fair.client_seeded else "")
    if not fair.seed_revealed:
        fair_sentence = _("Sealed: the server committed to its seed before the game (commitment {commitment}) and "
                          "reveals it when the game ends; then every shuffle can be recomputed.",
                          commitment=fair.seed_commitment[:16]) + seeded
    elif fair.ok:
        fair_sentence = (ngettext("Fair: the revealed seed matches the commitment made before the game, mixed with the "
                                  "entropy {n} seat sent after the commitment, and all {draws} draws were recomputed from it.",
                                  "Fair: the revealed seed matches the commitment made before the game, mixed with the "
                                  "entropy {n} seats sent after the commitment, and all {draws} draws were recomputed from it.",
                                  fair.entropies, draws=fair.draws_checked)
                         if fair.entropies else
                         _("Fair: the revealed seed matches the commitment made before the game, and all {draws} draws "
                           "were recomputed from it.", draws=fair.draws_checked)) + seeded
    else:
        fair_sentence = _("Not fair: {problems}.", problems="; ".join(fair.problems)) + seeded
    return {"verify_ok": checked.ok, "verify": verify_sentence,
            "fair_ok": fair.ok, "fair_sealed": not fair.seed_revealed, "fairness": fair_sentence}


def perspective(over: bool, kind: str, seat: int | None, current: Any, chosen: str) -> tuple[Viewer, str]:
    """Whose view the board is drawn from: any seat (or everything) once the game is over, the
    caller's own otherwise; and the `as` value for the links."""
    if not over:
        return viewer_of(current, kind, seat), ""
    if chosen.isdigit() and int(chosen) < len(current.seats):
        return int(chosen), chosen
    return ALL, "all"


@bp.route("/games/<game_id>/replay")
def replay(game_id: str) -> tuple[str, int]:
    asked = forms.query(forms.ReplayQuery())
    current = load(game_id)
    kind, seat = who(current)
    over = current.status not in (Status.ACTIVE, Status.OPEN)
    at = min(asked.get("at", current.version), current.version)
    then = shiplog().get_game(current.id, at)
    viewer, as_value = perspective(over, kind, seat, current, asked.get("as_", "all"))
    rules = current.rules
    view = game_view(then, kind, seat, current)
    view["state"] = rules.view(then.state, viewer) if then.state is not None else None
    names = names_of(current)
    event = shiplog().events_between(current.id, at - 1 if at > 0 else None, at)
    move = event_json(event[-1], rules, viewer, names) if event else None
    after = shiplog().events_between(current.id, at, at + 1) if at < current.version else []
    taken_next = event_json(after[-1], rules, viewer, names) if after else None
    points = score_points(current.id, current.version, viewer)
    chart = score_chart(names, points, at) if any(s is not None for _version, row in points for s in row) else None
    values = {
        "g": view,
        "game": current,
        "rules": rules,
        "at": at,
        "last": current.version,
        "over": over,
        "as_value": as_value,
        "viewer": viewer,
        "seat": viewer if isinstance(viewer, int) and viewer >= 0 else None,
        "names": names,
        "board": boards.board_template(current.game, rules),
        "info": boards.context(rules, view["state"]),
        "move": move,
        "chart": chart,
        "verdicts": verdicts(current.id, current.version, over),
        "analysis": analysis.panel(current, at, names),
        "ask": alternatives.panel(current, kind, seat, at, names, taken_next, asked.get("ask"), asked.get("try_", "")),
        "invite": request.args.get("invite"),
        "step": lambda n: url_for("web.replay", game_id=str(current.id), at=n, invite=request.args.get("invite"),
                                  **({"as": as_value} if as_value else {})),
    }
    return render_template("replay.html", player=current_player(), **values), 200
