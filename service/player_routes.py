"""Players over HTTP: register (`POST /v1/players`), your settings (`/v1/me`), your games, your
inbox and the log of the notifications sent to you. The player token goes in the Authorization
header (`Bearer <token>`); the web pages will keep it in a cookie.
"""

from __future__ import annotations

from typing import Any

from . import schemas
from .api import json_posts_only
from .callers import app_, player_required
from .live import inbox_stream
from .openapi import SEAT_TOKEN, ApiBlueprint, problems
from .players import Player

bp = ApiBlueprint("players", __name__, url_prefix="/v1", description="players: register, settings, my games, my inbox")
bp.before_request(json_posts_only)


def profile(player: Player, secret: str | None = None) -> dict[str, Any]:
    return {**player.profile(), "email_enabled": app_().notifier.smtp is not None, "webhook_secret": secret}


@bp.route("/players", methods=["POST"])
@bp.arguments(schemas.RegisterPlayerSchema)
@bp.response(201, schemas.PlayerCreatedSchema)
@problems(bp, 400, 413, 415, 422, 429, 503)
def register(data: dict[str, Any]) -> tuple[dict[str, Any], int]:
    """A new player: the token (shown once, stored hashed) and the webhook secret come back."""
    player, token = app_().register_player(data["name"], data["email"], data["webhook_url"], data.get("email_mode"),
                                           data["digest_hour"], time_zone=data["time_zone"],
                                           reminder_hours=data["reminder_hours"], language=data["language"])
    return {**profile(player, player.webhook_secret), "token": token}, 201


@bp.route("/me", methods=["GET"])
@bp.response(200, schemas.ProfileSchema)
@bp.doc(security=SEAT_TOKEN)
@problems(bp, 401)
def me() -> dict[str, Any]:
    """Your settings (the token and the webhook secret are never shown again)."""
    return profile(player_required())


@bp.route("/me", methods=["PATCH"])
@bp.arguments(schemas.UpdatePlayerSchema)
@bp.response(200, schemas.ProfileSchema)
@bp.doc(security=SEAT_TOKEN)
@problems(bp, 400, 401, 413, 415, 422, 503)
def update_me(data: dict[str, Any]) -> dict[str, Any]:
    """Change your name, e-mail, webhook, e-mail mode, digest hour, time zone, reminder or days off (null removes an address);
    `new_webhook_secret: true` makes a new secret, shown in this answer only."""
    player = player_required()
    new_secret = data.pop("new_webhook_secret")
    secret = app_().update_player(player, data, new_secret)
    return profile(player, secret)


@bp.route("/me/games", methods=["GET"])
@bp.arguments(schemas.MyGamesQuerySchema, location="query", error_status_code=400)
@bp.response(200, schemas.GameListSchema)
@bp.doc(security=SEAT_TOKEN)
@problems(bp, 400, 401)
def my_games(args: dict[str, Any]) -> dict[str, Any]:
    """The games you sit at or host (private ones included), most recently active first."""
    player = player_required()
    rows = app_().readmodels.games_of(str(player.id), args.get("status"))
    return {"games": [r.to_json() for r in rows[args["offset"] : args["offset"] + args["limit"]]]}


@bp.route("/me/inbox", methods=["GET"])
@bp.response(200, schemas.InboxSchema)
@bp.doc(security=SEAT_TOKEN)
@problems(bp, 401)
def inbox() -> dict[str, Any]:
    """Where you are awaited: your turns and the take-back requests waiting for your answer, most
    urgent first (the nearest deadline, then the longest wait)."""
    player = player_required()
    rows = app_().readmodels.inbox(str(player.id))
    return {"inbox": [w.to_json() for w in rows], "position": app_().readmodels.position()}


@bp.route("/me/inbox/stream", methods=["GET"])
@bp.response(200, description="text/event-stream: `event: inbox` with the inbox as data, `id` its position; "
             "Last-Event-ID resumes", content_type="text/event-stream")
@bp.doc(security=SEAT_TOKEN)
@problems(bp, 401, 429)
def stream_inbox() -> Any:
    """Your inbox, live (server-sent events): sent at once, then whenever it changes."""
    return inbox_stream(player_required())


@bp.route("/me/deliveries", methods=["GET"])
@bp.arguments(schemas.DeliveriesQuerySchema, location="query", error_status_code=400)
@bp.response(200, schemas.DeliveriesSchema)
@bp.doc(security=SEAT_TOKEN)
@problems(bp, 400, 401)
def deliveries(args: dict[str, Any]) -> dict[str, Any]:
    """The notifications sent to you, newest first, with every attempt (webhook answers, errors)."""
    player = player_required()
    return {"deliveries": app_().notifier.deliveries_of(str(player.id), args["limit"])}
