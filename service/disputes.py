"""Settling a rules dispute over HTTP: what a seat could have done at a past version, and what an
action would have caused there (domain/core/dispute.py; nothing is stored).

    GET  /v1/games/{id}/versions/{n}/actions?seat=S   the legal actions then, each in words
    POST /v1/games/{id}/versions/{n}/try              {"seat": S, "action": {...}}: accepted or not

Who may ask. A finished (or abandoned) game is public: anyone who may see the game asks about any
seat and the answers show everything, drawing from the game's revealed seed. While a game runs
only a seat may ask, about itself only, and it is answered from what it could see then: the
answer stops before a random draw or a fact that reveals anything hidden, and the facts shown
are redacted for it. The host and the other seats get 403 (so does a player without a seat),
no token 401.
"""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, fields, validate

from domain.core import ALL
from domain.core.aggregate import Game, Status
from domain.core.dispute import Position, attempt, legal
from domain.core.i18n import _
from domain.core.rules import Viewer

from .api import ETAG, GAME_ID, etag, json_posts_only
from .callers import bearer, load_game, who
from .openapi import OPTIONAL_TOKEN, ApiBlueprint, problems
from .problems import Problem
from .schemas import INVITE, MAX_PLAYERS, ActionSchema, RequestSchema

bp = ApiBlueprint("disputes", __name__, url_prefix="/v1",
                  description="settling a rules dispute: the legal actions at a past version, and what an action "
                              "would have caused there")
bp.before_request(json_posts_only)
VERSION = {"in": "path", "name": "version", "required": True, "schema": {"type": "integer", "minimum": 0}}
SEAT_FIELD = {"description": "the seat asked about (default: the caller's own seat)"}


# -- schemas -----------------------------------------------------------------------------------


class PastActionsQuerySchema(RequestSchema):
    seat = fields.Int(strict=False, validate=validate.Range(min=0, max=MAX_PLAYERS - 1), metadata={
        "description": "the seat asked about; default: the caller's own seat, or every seat to act then"})
    invite = INVITE


class TrySchema(RequestSchema):
    seat = fields.Int(strict=True, validate=validate.Range(min=0, max=MAX_PLAYERS - 1), metadata=SEAT_FIELD)
    action = fields.Nested(ActionSchema, required=True, metadata={
        "description": "the action as it would have been submitted (POST /v1/games/{id}/actions); the rules judge it"})


class SectionSchema(Schema):
    number = fields.Str(required=True, metadata={"description": 'the rules page\'s section, e.g. "4.6"'})
    title = fields.Str(required=True)


class AnswerSchema(Schema):
    seat = fields.Raw(required=True)
    action = fields.Raw(required=True)
    accepted = fields.Bool(required=True, metadata={"description": "whether the rules would have accepted it then"})
    code = fields.Str(allow_none=True, metadata={"description": "the refusal's rule code (null: accepted)"})
    message = fields.Str(allow_none=True, metadata={"description": "the refusal in a sentence (null: accepted)"})
    facts = fields.List(fields.Dict(), required=True, metadata={"description": "what it would have caused, as you may see it"})
    text = fields.List(fields.Str(), required=True, metadata={"description": "each fact in words"})
    sections = fields.List(fields.Nested(SectionSchema, allow_none=True), required=True,
                           metadata={"description": "the rules-page section of each fact (null where the game records none)"})
    stopped = fields.Str(allow_none=True, validate=validate.OneOf(["draw", "reveal"]), metadata={
        "description": "a running game: the answer stops before a random draw or something hidden (null: every fact)"})
    note = fields.Str(allow_none=True)


class TryAnswerSchema(AnswerSchema):
    id = fields.Str(required=True)
    version = fields.Int(required=True)


class SeatActionsSchema(Schema):
    seat = fields.Int(required=True)
    actions = fields.List(fields.Nested(AnswerSchema), required=True,
                          metadata={"description": "each legal action with what it would have caused"})


class PastActionsSchema(Schema):
    id = fields.Str(required=True)
    version = fields.Int(required=True)
    to_act = fields.List(fields.Int(), required=True, metadata={"description": "the seats to act then"})
    seats = fields.List(fields.Nested(SeatActionsSchema), required=True)


# -- who may ask, about what -------------------------------------------------------------------


def asked(game_id: str, version: int, seat: int | None) -> tuple[Game, Position, list[int], Viewer]:
    """The game now, the position after `version`, the seats asked about and who sees the answer."""
    current = load_game(game_id)
    if version > current.version:
        raise Problem(404, "version.not_found", _("This game is at version {current}; there is no version {version} yet.", current=current.version, version=version))
    kind, own = who(current)
    if seat is not None and not 0 <= seat < len(current.seats):
        raise Problem(404, "seat.not_found", _("This game has seats 0 to {last}.", last=len(current.seats) - 1))
    then = load_game(game_id, version, invited=False)
    running = current.status in (Status.ACTIVE, Status.OPEN)
    position = Position(current.rules, version, then.state, then.status != Status.ACTIVE,
                        seed=current.seed if current.seed_revealed else None)
    if not running:
        seats = [seat] if seat is not None else [own] if own is not None else sorted(position.to_act())
        return current, position, seats, ALL
    if bearer() is None:
        raise Problem(401, "auth.missing", _("While the game runs, only a seat may ask, about itself: "
                      "'Authorization: Bearer <seat token>'."))
    if kind != "seat" or own is None or (seat is not None and seat != own):
        raise Problem(403, "dispute.own_seat_only", _("While the game runs, a seat may ask only about its own moves, "
                      "from what it could see then; everything is public once the game is over."))
    return current, position, [own], own


def _names(game: Game) -> list[str]:
    return [s.get("name") or "" for s in game.seats]


# -- routes ------------------------------------------------------------------------------------


@bp.route("/games/<game_id>/versions/<int:version>/actions", methods=["GET"], parameters=[GAME_ID, VERSION])
@bp.arguments(PastActionsQuerySchema, location="query", error_status_code=400)
@bp.response(200, PastActionsSchema, headers=ETAG)
@bp.doc(security=OPTIONAL_TOKEN)
@problems(bp, 400, 401, 403, 404)
def past_actions(args: dict[str, Any], game_id: str, version: int) -> Any:
    """What could this seat have done after event `version`? Each legal action then, with what it
    would have caused in words. A finished game: anyone, any seat (default: the seats to act then).
    A running game: your own seat only, from what you could see then."""
    current, position, seats, viewer = asked(game_id, version, args.get("seat"))
    names = _names(current)
    rows = [{"seat": s, "actions": [attempt(position, s, a, viewer, names).to_json() for a in legal(position, s)]}
            for s in seats]
    return ({"id": str(current.id), "version": version, "to_act": sorted(position.to_act()), "seats": rows},
            200, etag(current.version))


@bp.route("/games/<game_id>/versions/<int:version>/try", methods=["POST"], parameters=[GAME_ID, VERSION])
@bp.arguments(TrySchema)
@bp.response(200, TryAnswerSchema, description="the answer, accepted or refused (with the rule's code); nothing is stored")
@bp.doc(security=OPTIONAL_TOKEN)
@problems(bp, 400, 401, 403, 404, 413, 415, 422)
def try_action(data: dict[str, Any], game_id: str, version: int) -> Any:
    """Would this action have been accepted after event `version`? The facts it would have caused,
    in words with the rules-page section of each, or the refusal's rule code and sentence. Nothing
    is stored. Who may ask is as for the legal actions then."""
    current, position, seats, viewer = asked(game_id, version, data.get("seat"))
    if len(seats) != 1:
        raise Problem(422, "try.seat_required", _("Say which seat acts: {\"seat\": n, \"action\": {...}}."))
    answer = attempt(position, seats[0], data["action"], viewer, _names(current))
    return {"id": str(current.id), "version": version, **answer.to_json()}
