"""The table around a game over HTTP: joining and leaving open seats, bots, the host's powers
(stand-in bots, clocks, privacy, invitations), resigning, table talk and the live stream.
"""

from __future__ import annotations

from typing import Any

from flask import request

from domain.core.aggregate import Status
from domain.core.i18n import _

from . import schemas
from .api import ETAG, GAME_ID, accepted, invite_url, json_posts_only, token_required
from .callers import (
    app_,
    caller_player,
    host_required,
    is_host,
    load_game,
    player_required,
    seat_required,
    who,
)
from .live import game_stream
from .openapi import OPTIONAL_TOKEN, ApiBlueprint, problems
from .problems import Problem
from .tables import NotInvited
from .views import viewer_of

bp = ApiBlueprint("tables", __name__, url_prefix="/v1",
                  description="the table: join, leave, bots, the host's powers, resign, table talk, live updates")
bp.before_request(json_posts_only)
SEAT = {"in": "path", "name": "seat", "required": True, "schema": {"type": "integer", "minimum": 0}}
WRITE = (400, 401, 403, 404, 409, 413, 415, 422, 503)


def answer(result: Any, seat: int | None = None) -> Any:
    """The accepted() answer for the caller (200 when nothing had to change)."""
    kind, own = who(result.game)
    body, status, headers = accepted(result, viewer_of(result.game, kind, own), own if seat is None else seat)
    return body, status if result.new_events else 200, headers


def check_seat(game: Any, seat: int) -> None:
    if not 0 <= seat < len(game.seats):
        raise Problem(404, "seat.not_found", _("This game has seats 0 to {last}.", last=len(game.seats) - 1))


@bp.route("/games/<game_id>/join", methods=["POST"], parameters=[GAME_ID])
@token_required
@bp.arguments(schemas.JoinSchema, required=False)
@bp.response(201, schemas.JoinedSchema, headers=ETAG, description="seated; when it was the last seat, the game has started")
@problems(bp, *WRITE)
def join(data: dict[str, Any], game_id: str) -> Any:
    """Take an open seat with your player token (a private game needs its invitation). When the
    last seat is filled, the game starts. 409 if the game is full or has started."""
    player = player_required()
    game = load_game(game_id, invited=False)
    try:
        result, seat = app_().join(game, player, data.get("invite") or request.args.get("invite"),
                                   data.get("entropy"), data.get("seat"))
    except NotInvited:
        raise Problem(404, "game.not_found", _("There is no game with this id.")) from None
    body, status, headers = accepted(result, viewer_of(result.game, "seat", seat), seat)
    return {**body, "seat": seat}, status, headers


@bp.route("/games/<game_id>/leave", methods=["POST"], parameters=[GAME_ID])
@token_required
@bp.arguments(schemas.UndoSchema, required=False)
@bp.response(201, schemas.AcceptedSchema, headers=ETAG, description="the seat is open again")
@problems(bp, *WRITE)
def leave(_body: dict[str, Any], game_id: str) -> Any:
    """Give your seat back before the game starts (afterwards, resign)."""
    game = load_game(game_id)
    seat = seat_required(game)
    return answer(app_().leave(game, seat))


@bp.route("/games/<game_id>/seats/<int:seat>/bot", methods=["POST"], parameters=[GAME_ID, SEAT])
@token_required
@bp.arguments(schemas.SeatBotSchema, required=False)
@bp.response(201, schemas.AcceptedSchema, headers=ETAG, description="a bot took the seat, or plays it until its player is back")
@problems(bp, *WRITE)
def seat_bot(data: dict[str, Any], game_id: str, seat: int) -> Any:
    """Before the start the host puts a bot on an open seat. During play a bot plays seat n
    until its player is back (`…/return`): when the seat's own player asks ("let a bot play for
    me"), or when the host asks and the seat's clock has run out (otherwise 422
    `stand_in.player_present`)."""
    game = load_game(game_id)
    check_seat(game, seat)
    kind, own = who(game, required=True)
    asked = game.status != Status.OPEN and kind == "seat" and own == seat
    if not asked:
        host_required(game)
    return answer(app_().seat_bot(game, seat, data.get("bot"), asked), own)


@bp.route("/games/<game_id>/seats/<int:seat>/return", methods=["POST"], parameters=[GAME_ID, SEAT])
@token_required
@bp.arguments(schemas.UndoSchema, required=False)
@bp.response(201, schemas.AcceptedSchema, headers=ETAG, description="the player has the seat back")
@problems(bp, *WRITE)
def return_seat(_body: dict[str, Any], game_id: str, seat: int) -> Any:
    """Take your seat back from the bot standing in for you (you, or the host for you)."""
    game = load_game(game_id)
    check_seat(game, seat)
    kind, own = who(game, required=True)
    if own != seat and not is_host(game):
        raise Problem(403, "seat.not_yours", _("Only the seat's player or the host can give the seat back."))
    return answer(app_().return_seat(game, seat), own)


@bp.route("/games/<game_id>/resign", methods=["POST"], parameters=[GAME_ID])
@token_required
@bp.arguments(schemas.UndoSchema, required=False)
@bp.response(201, schemas.AcceptedSchema, headers=ETAG, description="resigned: a bot plays on, or the game ended")
@problems(bp, *WRITE)
def resign(_body: dict[str, Any], game_id: str) -> Any:
    """Give up: a bot plays your seat to the end, or the game ends with you last (the table's
    `on_resign`)."""
    game = load_game(game_id)
    seat = seat_required(game)
    return answer(app_().resign(game, seat), seat)


@bp.route("/games/<game_id>/clock", methods=["POST"], parameters=[GAME_ID])
@token_required
@bp.arguments(schemas.ClockSchema)
@bp.response(201, schemas.AcceptedSchema, headers=ETAG, description="the clock is relaxed")
@problems(bp, *WRITE)
def relax_clock(data: dict[str, Any], game_id: str) -> Any:
    """The host gives more time (or removes the clock); never less (`clock.not_relaxed`)."""
    game = load_game(game_id)
    host_required(game)
    return answer(app_().relax_clock(game, data["clock"]))


@bp.route("/games/<game_id>/private", methods=["POST"], parameters=[GAME_ID])
@token_required
@bp.arguments(schemas.UndoSchema, required=False)
@bp.response(201, schemas.AcceptedSchema, headers=ETAG, description="private now (200: it was already)")
@problems(bp, *WRITE)
def make_private(_body: dict[str, Any], game_id: str) -> Any:
    """The host takes the game out of the lobby: from now on only its seats, its host and whoever
    holds its invitation see it."""
    game = load_game(game_id)
    host_required(game)
    return answer(app_().make_private(game))


@bp.route("/games/<game_id>/invite", methods=["POST"], parameters=[GAME_ID])
@token_required
@bp.arguments(schemas.UndoSchema, required=False)
@bp.response(201, schemas.InviteSchema, headers=ETAG, description="a new invitation; the old one stops working")
@problems(bp, *WRITE)
def renew_invite(_body: dict[str, Any], game_id: str) -> Any:
    """The host gets a new invitation (the server keeps only its hash, so a lost one is renewed)."""
    game = load_game(game_id)
    host_required(game)
    result, invite = app_().renew_invite(game)
    body, status, headers = answer(result)
    return {**body, "invite": invite, "invite_url": invite_url(result.game, invite)}, status, headers


@bp.route("/games/<game_id>/messages", methods=["POST"], parameters=[GAME_ID])
@token_required
@bp.arguments(schemas.MessageSchema)
@bp.response(201, schemas.AcceptedSchema, headers=ETAG, description="posted: an event of the game (MessagePosted)")
@bp.alt_response(429, response="TOO_MANY_REQUESTS")
@problems(bp, *WRITE)
def post_message(data: dict[str, Any], game_id: str) -> Any:
    """Table talk: a message to the table (at most 500 characters, 10 per author in 10 minutes),
    stored as an event of the game and shown in its log. Seats and the host may talk."""
    game = load_game(game_id)
    kind, seat = who(game, required=True)
    if kind == "seat" and seat is not None:
        name = game.seats[seat]["name"]
    elif is_host(game):
        player = caller_player()
        name, seat = (player.name if player is not None else "host"), None
    else:
        raise Problem(403, "message.not_seated", _("Only the seats and the host talk at this table."))
    return answer(app_().post_message(game, seat, name, data["text"]))


@bp.route("/games/<game_id>/stream", methods=["GET"], parameters=[GAME_ID])
@bp.arguments(schemas.StreamQuerySchema, location="query", error_status_code=400)
@bp.response(200, description="text/event-stream: one event per stored event (`id` its version, `event` its type, "
             "`data` as in /events); Last-Event-ID (or `after`) resumes", content_type="text/event-stream")
@bp.doc(security=OPTIONAL_TOKEN)
@problems(bp, 400, 401, 404, 429)
def stream(args: dict[str, Any], game_id: str) -> Any:
    """The game, live (server-sent events), as the caller may see it. A stream lasts a few
    minutes; the browser's EventSource reconnects by itself and resumes with Last-Event-ID."""
    game = load_game(game_id)
    who(game)  # a bad token is a 401 before the stream starts
    player = caller_player()
    return game_stream(game, player, args.get("after"))
