"""A finished game's analysis over HTTP (issue 33, item 4): ask for it, then read where it stands
and, once done, the strong search bot's verdict on every decision. It is computed in the
background (service/analyses.py), kept beside the game (never one of its events) and given only
once the game is over: during play it would be advice.
"""

from __future__ import annotations

from typing import Any

from domain.core.aggregate import Game, Status
from domain.core.i18n import _

from . import schemas
from .analyses import answer
from .api import GAME_ID, json_posts_only
from .callers import app_, load_game, who
from .openapi import OPTIONAL_TOKEN, ApiBlueprint, problems
from .problems import Problem

bp = ApiBlueprint("analyses", __name__, url_prefix="/v1",
                  description="a finished game's analysis: the strong search bot's verdict on every decision")
bp.before_request(json_posts_only)


def finished_game(game_id: str) -> Game:
    """The game, once it is over (else 403 analysis.not_yet)."""
    game = load_game(game_id)
    who(game)  # a bad token is still a 401
    if game.status in (Status.ACTIVE, Status.OPEN):
        raise Problem(403, "analysis.not_yet", _("A game's analysis is shown once the game is over: during play it would be advice."))
    return game


def analysis_answer(game: Game) -> dict[str, Any]:
    app = app_()
    state = app.analyses.state(game.id)
    if state is None:
        raise Problem(404, "analysis.none", _("Nobody has asked for this game's analysis yet: POST to this address starts it."))
    return answer(game.id, state, lambda: app.record(game.id), [s["name"] or "" for s in game.seats])


@bp.route("/games/<game_id>/analysis", methods=["GET"], parameters=[GAME_ID])
@bp.response(200, schemas.AnalysisSchema)
@bp.doc(security=OPTIONAL_TOKEN)
@problems(bp, 401, 403, 404)
def get_analysis(game_id: str) -> Any:
    """Where the game's analysis stands (queued, running with its progress, done, failed), and
    once done every assessed decision, each seat's chance after it, and the costliest moves."""
    return analysis_answer(finished_game(game_id))


@bp.route("/games/<game_id>/analysis", methods=["POST"], parameters=[GAME_ID])
@bp.response(202, schemas.AnalysisSchema, description="queued (or as it stands, if it was asked before)")
@bp.doc(security=OPTIONAL_TOKEN)
@problems(bp, 401, 403, 404, 415, 429)
def start_analysis(game_id: str) -> Any:
    """Start the game's analysis in the background (once: asking again answers where it stands;
    a failed one starts again). Poll GET for its progress."""
    game = finished_game(game_id)
    app = app_()
    app.analyses.request(game.id)
    if app.background:
        app.analyses.kick()
    return analysis_answer(game), 202
