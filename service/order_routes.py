"""Standing orders over HTTP (issue 32): a seat lists, gives, changes and cancels its orders,
and asks what it could do next. Every route needs the seat's own token: nobody else, the
host included, learns a seat's orders while the game runs (the log shows them a "Secret" row).
"""

from __future__ import annotations

from typing import Any

from domain.core.conditions import vocabulary

from . import schemas
from .api import ETAG, GAME_ID, accepted, etag, json_posts_only, token_required
from .callers import app_, expected_version, load_game, seat_required
from .openapi import ApiBlueprint, problems
from .views import viewer_of

bp = ApiBlueprint("orders", __name__, url_prefix="/v1",
                  description="standing orders: a seat's moves queued for its coming decisions, and what it could do next")
bp.before_request(json_posts_only)
ORDER = {"in": "path", "name": "order", "required": True, "schema": {"type": "integer", "minimum": 0}}
WRITE = (400, 401, 403, 404, 409, 412, 413, 415, 422, 503)


def order_answer(result: Any, seat: int) -> Any:
    """`accepted` with the seat's orders as they now stand."""
    body, status, headers = accepted(result, viewer_of(result.game, "seat", seat), seat)
    return {**body, "orders": [o.to_json() for o in result.game.orders_of(seat)]}, status, headers


@bp.route("/games/<game_id>/orders", methods=["GET"], parameters=[GAME_ID])
@token_required
@bp.response(200, schemas.OrdersSchema, headers=ETAG)
@problems(bp, 401, 403, 404)
def list_orders(game_id: str) -> Any:
    """Your standing orders, in the order they are tried, and the conditions this game's orders
    may carry."""
    game = load_game(game_id)
    seat = seat_required(game)
    return {"id": str(game.id), "version": game.version, "seat": seat,
            "orders": [o.to_json() for o in game.orders_of(seat)],
            "conditions": [c.to_json() for c in vocabulary(game.rules).values()]}, 200, etag(game.version)


@bp.route("/games/<game_id>/orders", methods=["POST"], parameters=[GAME_ID])
@token_required
@bp.arguments(schemas.OrderSchema)
@bp.arguments(schemas.IfMatchHeaderSchema, location="headers", error_status_code=400)
@bp.response(201, schemas.OrderAcceptedSchema, headers=ETAG,
             description="given (and played at once if its step is now and it applies)")
@problems(bp, *WRITE)
def give_order(data: dict[str, Any], _headers: dict[str, Any], game_id: str) -> Any:
    """Queue an action for your coming decisions: the next time (or every time) a decision
    offers its action's type, it is played for you if it is legal then and its condition
    holds. Nothing about it is judged now; it is your secret until the game is over."""
    game = load_game(game_id)
    seat = seat_required(game)
    result = app_().give_order(game, seat, data["action"], data["scope"], data["condition"], expected_version(game))
    return order_answer(result, seat)


@bp.route("/games/<game_id>/orders/<int:order>", methods=["PUT"], parameters=[GAME_ID, ORDER])
@token_required
@bp.arguments(schemas.OrderSchema)
@bp.arguments(schemas.IfMatchHeaderSchema, location="headers", error_status_code=400)
@bp.response(201, schemas.OrderAcceptedSchema, headers=ETAG, description="changed")
@problems(bp, *WRITE)
def change_order(data: dict[str, Any], _headers: dict[str, Any], game_id: str, order: int) -> Any:
    """Change one of your standing orders (its action, scope and condition); it keeps its place."""
    game = load_game(game_id)
    seat = seat_required(game)
    result = app_().change_order(game, seat, order, data["action"], data["scope"], data["condition"],
                                 expected_version(game))
    return order_answer(result, seat)


@bp.route("/games/<game_id>/orders/<int:order>", methods=["DELETE"], parameters=[GAME_ID, ORDER])
@token_required
@bp.arguments(schemas.IfMatchHeaderSchema, location="headers", error_status_code=400)
@bp.response(201, schemas.OrderAcceptedSchema, headers=ETAG, description="cancelled")
@problems(bp, 400, 401, 403, 404, 409, 412, 422, 503)
def cancel_order(_headers: dict[str, Any], game_id: str, order: int) -> Any:
    """Cancel one of your standing orders."""
    game = load_game(game_id)
    seat = seat_required(game)
    return order_answer(app_().cancel_order(game, seat, order, expected_version(game)), seat)


@bp.route("/games/<game_id>/next", methods=["GET"], parameters=[GAME_ID])
@token_required
@bp.response(200, schemas.NextSchema, headers=ETAG)
@problems(bp, 401, 403, 404)
def next_decisions(game_id: str) -> Any:
    """What you could do next: the decision you face now (if you are to act), then the last
    decision of each other kind you met, each with the actions you were offered then: the
    actions to queue as standing orders. Nothing of positions to come is judged."""
    game = load_game(game_id)
    seat = seat_required(game)
    decisions = app_().next_decisions(game, seat)
    return {"id": str(game.id), "version": game.version, "seat": seat,
            "decisions": [d.to_json() for d in decisions]}, 200, etag(game.version)
