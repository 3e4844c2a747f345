"""The HTTP API under /v1 (see DESIGN.md and /v1/openapi.json). No game-specific code here."""

from __future__ import annotations

import logging
import re
from typing import Any
from uuid import UUID

from flask import Blueprint, Response, current_app, jsonify, request
from marshmallow import Schema, ValidationError

from domain.core import ALL, registry
from domain.core.aggregate import STATUS_ACTIVE, Game, public_seats
from domain.core.errors import IllegalAction
from domain.core.options import catalog as options_catalog
from domain.core.rules import GameRules, Viewer, action_for, redacted

from . import schemas
from .application import GameNotFound, Shiplog, VersionConflict, hash_token
from .problems import Problem

log = logging.getLogger("shiplog.api")
bp = Blueprint("v1", __name__, url_prefix="/v1")

# Codes that are not 422: who may act, and conflicts with the game's state.
STATUS_BY_CODE = {"turn.not_yours": 403, "game.over": 409, "undo.game_over": 409, "game.unknown": 422}


def app_() -> Shiplog:
    return current_app.extensions["shiplog"]  # type: ignore[no-any-return]


# -- request helpers -------------------------------------------------------------------------


def body(schema: Schema) -> dict[str, Any]:
    raw = request.get_data(cache=True)
    if not raw.strip():
        raise Problem(400, "body.empty", "The request needs a JSON body.")
    data = request.get_json(silent=True, force=True)
    if data is None:
        raise Problem(400, "body.malformed_json", "The request body is not valid JSON.")
    if not isinstance(data, dict):
        raise Problem(422, "body.not_an_object", "The request body must be a JSON object.")
    try:
        return schema.load(data)  # type: ignore[no-any-return]
    except ValidationError as exc:
        first = _first_error(exc.messages)
        raise Problem(422, "body.invalid", f"The request body is not valid: {first}", errors=exc.messages) from None


def _first_error(messages: Any, path: str = "") -> str:
    if isinstance(messages, dict):
        for key, value in messages.items():
            return _first_error(value, f"{path}.{key}" if path else str(key))
    if isinstance(messages, list) and messages:
        return _first_error(messages[0], path)
    return f"{path}: {messages}" if path else str(messages)


def bearer() -> str | None:
    header = request.headers.get("Authorization")
    if header is None:
        return None
    match = re.fullmatch(r"Bearer\s+(\S{1,200})", header.strip())
    if match is None:
        raise Problem(401, "auth.malformed", "Send the token as 'Authorization: Bearer <token>'.")
    return match.group(1)


def load_game(game_id: str, version: int | None = None) -> Game:
    try:
        uid = UUID(game_id)
    except ValueError:
        raise Problem(404, "game.not_found", "There is no game with this id.") from None
    try:
        return app_().get_game(uid, version)
    except GameNotFound:
        if version is not None:
            raise Problem(404, "version.not_found", f"This game has no version {version}.") from None
        raise Problem(404, "game.not_found", "There is no game with this id.") from None


def who(game: Game, required: bool = False) -> tuple[str, int | None]:
    """('seat', n), ('host', None) or ('spectator', None) for the caller's token."""
    token = bearer()
    if token is None:
        if required:
            raise Problem(401, "auth.missing", "This needs your seat token: 'Authorization: Bearer <token>'.")
        return "spectator", None
    hashed = hash_token(token)
    if hashed == game.host_token_hash:
        return "host", None
    seat = game.seat_of(hashed)
    if seat is None:
        raise Problem(401, "auth.invalid_token", "This token does not belong to a seat of this game.")
    return "seat", seat


def viewer_of(game: Game, kind: str, seat: int | None) -> Viewer:
    """Secrets are hidden per seat while a game runs; the host and a finished game show all."""
    if kind == "host" or game.status != STATUS_ACTIVE:
        return ALL
    return seat


def seat_required(game: Game) -> int:
    kind, seat = who(game, required=True)
    if kind == "host" or seat is None:
        raise Problem(403, "seat.host_cannot_act", "The host token cannot act for a seat; use a seat token.")
    return seat


def if_match() -> int | None:
    header = request.headers.get("If-Match")
    if header is None:
        return None
    match = re.fullmatch(r'\s*(?:W/)?"?(\d{1,12})"?\s*', header)
    if match is None:
        raise Problem(400, "header.if_match", 'If-Match must be the version you saw, like "12".')
    return int(match.group(1))


def idempotency_key() -> str | None:
    key = request.headers.get("Idempotency-Key")
    if key is not None and not 1 <= len(key) <= 200:
        raise Problem(400, "header.idempotency_key", "Idempotency-Key must be 1 to 200 characters.")
    return key


@bp.app_errorhandler(IllegalAction)
def illegal(exc: IllegalAction) -> Response:
    """Rule violations: 422 with the rule's code, or 403/409 for turn and game-over codes."""
    return Problem(STATUS_BY_CODE.get(exc.code, 422), exc.code, exc.message).response()


@bp.app_errorhandler(VersionConflict)
def conflict(exc: VersionConflict) -> Response:
    return Problem(409, "version.conflict", str(exc), current_version=exc.current).response()


# -- response helpers ------------------------------------------------------------------------


def event_json(ev: Any, rules: GameRules, viewer: Viewer) -> dict[str, Any]:
    kind = type(ev).__name__
    row: dict[str, Any] = {
        "version": ev.originator_version,
        "type": kind,
        "time": ev.timestamp.isoformat(),
        "seat": getattr(ev, "seat", None),
    }
    if kind in ("GameCreated", "ActionTaken"):
        row["facts"] = redacted(rules, ev.facts, viewer)
    if kind == "ActionTaken":
        row["action"] = action_for(rules, ev.action, ev.seat, viewer)
        row["bot"] = ev.bot
    elif kind == "UndoRequested":
        row["detail"] = {"to_version": ev.to_version}
    elif kind == "UndoAnswered":
        row["detail"] = {"accept": ev.accept}
    elif kind == "UndoApplied":
        row["detail"] = {"to_version": ev.to_version, "requested_by": ev.requested_by}
    elif kind == "GameAbandoned":
        row["detail"] = {"reason": ev.reason}
    elif kind == "SeedRevealed":
        row["detail"] = {"seed": ev.seed, "salt": ev.salt}
    elif kind == "GameCreated":
        row["detail"] = {"players": [s["name"] for s in ev.seats], "options": ev.options}
    return row


def game_view(game: Game, kind: str, seat: int | None, current: Game | None = None) -> dict[str, Any]:
    current = current or game
    rules = game.rules
    outcome = game.outcome()
    request_ = game.undo_request
    return {
        "id": str(game.id),
        "game": game.game,
        "title": rules.TITLE,
        "version": game.version,
        "status": game.status,
        "to_act": sorted(game.to_act()),
        "players": public_seats(game.seats),
        "viewer": kind,
        "seat": seat,
        "state": rules.view(game.state, viewer_of(current, kind, seat)),
        "outcome": outcome.to_json() if outcome is not None else None,
        "undo_request": None
        if request_ is None
        else {"seat": request_.seat, "to_version": request_.to_version, "accepted": sorted(request_.accepted)},
        "options": game.options,
        "rules_version": game.rules_version,
        "seed_commitment": game.seed_commitment,
        "client_seeded": game.client_seeded,
        "entropies": game.entropies,
        "seed": game.committed_seed if current.seed_revealed else None,
        "seed_salt": game.salt if current.seed_revealed else None,
    }


def with_etag(resp: Response, version: int) -> Response:
    """ETag is the game's version; what is shown depends on the token, hence Vary."""
    resp.headers["ETag"] = f'"{version}"'
    resp.headers["Vary"] = "Authorization"
    return resp


def not_modified(version: int) -> Response | None:
    """304 for a poller whose If-None-Match already names this version (nothing new)."""
    wanted = request.headers.get("If-None-Match", "")
    if f'"{version}"' in [tag.strip().removeprefix("W/") for tag in wanted.split(",")]:
        return with_etag(Response(status=304), version)
    return None


# -- routes ----------------------------------------------------------------------------------


@bp.get("/catalog")
def catalog() -> Response:
    games, unavailable = [], []
    for name in registry.names():
        try:
            rules = registry.get(name)
        except IllegalAction as exc:  # a broken game package must not hide the others
            log.error("game %s cannot be loaded: %s", name, exc)
            unavailable.append(name)
            continue
        games.append(
            {
                "game": name,
                "title": rules.TITLE,
                "min_players": rules.MIN_SEATS,
                "max_players": rules.MAX_SEATS,
                "bots": sorted(rules.BOTS),
                "rules_version": rules.RULES_VERSION,
                "options": options_catalog(rules.OPTIONS),
            }
        )
    return jsonify({"games": games, "unavailable": unavailable})


@bp.post("/games")
def create_game() -> tuple[Response, int, dict[str, str]]:
    data = body(schemas.CreateGameSchema())
    created = app_().create_game(data["game"], data["players"], data["options"], data["seed"])
    game = created.game
    seats = [
        {"seat": n, "name": s["name"], "bot": s.get("bot"), "token": created.tokens[n]}
        for n, s in enumerate(game.seats)
    ]
    payload = {
        "id": str(game.id),
        "game": game.game,
        "version": game.version,
        "seats": seats,
        "host_token": created.host_token,
        "seed_commitment": game.seed_commitment,
        "client_seeded": game.client_seeded,
        "status": game.status,
        "to_act": sorted(game.to_act()),
    }
    return jsonify(payload), 201, {"Location": f"/v1/games/{game.id}", "ETag": f'"{game.version}"'}


@bp.get("/games")
def list_games() -> Response:
    args = request.args
    waiting_token = args.get("waiting_for")
    if args.get("waiting") in ("1", "true", "me"):
        waiting_token = bearer()
        if waiting_token is None:
            raise Problem(401, "auth.missing", "waiting=me needs your seat token in the Authorization header.")
    try:
        limit = min(max(int(args.get("limit", "100")), 1), 500)
        offset = max(int(args.get("offset", "0")), 0)
    except ValueError:
        raise Problem(400, "query.invalid", "limit and offset must be whole numbers.") from None
    status = args.get("status")
    if status is not None and status not in ("active", "finished", "abandoned"):
        raise Problem(400, "query.invalid", "status must be active, finished or abandoned.")
    rows = app_().lobby.search(
        game=args.get("game"),
        status=status,
        waiting_for=hash_token(waiting_token) if waiting_token else None,
    )
    return jsonify({"games": [r.to_json() for r in rows[offset : offset + limit]]})


@bp.get("/games/<game_id>")
def view_game(game_id: str) -> Response:
    game = load_game(game_id)
    kind, seat = who(game)
    return not_modified(game.version) or with_etag(jsonify(game_view(game, kind, seat)), game.version)


@bp.get("/games/<game_id>/versions/<int:version>")
def view_version(game_id: str, version: int) -> Response:
    current = load_game(game_id)
    if version > current.version:
        raise Problem(404, "version.not_found", f"This game is at version {current.version}; there is no version {version} yet.")
    kind, seat = who(current)
    then = load_game(game_id, version)
    return with_etag(jsonify(game_view(then, kind, seat, current)), version)


@bp.get("/games/<game_id>/actions")
def legal_actions(game_id: str) -> Response:
    game = load_game(game_id)
    seat = seat_required(game)
    actions = game.rules.legal_actions(game.state, seat) if seat in game.to_act() else []
    return with_etag(jsonify({"id": str(game.id), "version": game.version, "seat": seat, "actions": actions}), game.version)


def accepted_response(result: Any, viewer: Viewer, seat: int | None = None) -> tuple[Response, int]:
    game = result.game
    rules = game.rules
    events = [event_json(ev, rules, viewer) for ev in result.new_events]
    to_act = game.to_act()
    payload = {
        "id": str(game.id),
        "version": game.version,
        "status": game.status,
        "to_act": sorted(to_act),
        "events": events,
        "replayed": bool(getattr(result, "replayed", False)),
        # The caller's next legal actions when it is still to act (saves a round trip).
        "actions": rules.legal_actions(game.state, seat) if seat is not None and seat in to_act else [],
    }
    resp = jsonify(payload)
    resp.headers["ETag"] = f'"{game.version}"'
    return resp, 200 if payload["replayed"] else 201


@bp.post("/games/<game_id>/actions")
def submit_action(game_id: str) -> tuple[Response, int]:
    action = body(schemas.ActionSchema())
    game = load_game(game_id)
    seat = seat_required(game)
    expected, key = if_match(), idempotency_key()
    try:
        result = app_().submit(game, seat, action, expected, key)
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
        # A rules module must reject bad payloads with IllegalAction; this is the safety net.
        log.exception("rules raised %r for %s %s", exc, game.game, action)
        raise Problem(422, "action.malformed", "This action is not understood by the rules of this game.") from None
    return accepted_response(result, viewer_of(result.game, "seat", seat), seat)


@bp.get("/games/<game_id>/events")
def events(game_id: str) -> Response:
    game = load_game(game_id)
    kind, seat = who(game)
    try:
        after = int(request.args.get("after", "-1"))
    except ValueError:
        raise Problem(400, "query.invalid", "after must be a whole number (a version).") from None
    viewer = viewer_of(game, kind, seat)
    rules = game.rules
    rows = [event_json(ev, rules, viewer) for ev in app_().events_between(game.id, after if after >= 0 else None)]
    return with_etag(jsonify({"id": str(game.id), "version": game.version, "events": rows}), game.version)


@bp.get("/games/<game_id>/record")
def record(game_id: str) -> Response:
    game = load_game(game_id)
    kind, _seat = who(game)
    if kind != "host" and game.status == STATUS_ACTIVE:
        raise Problem(403, "record.not_yet", "The full record is shown to the host, or to everyone once the game is over.")
    return jsonify(app_().record(game.id))


@bp.post("/games/<game_id>/undo")
def request_undo(game_id: str) -> tuple[Response, int]:
    game = load_game(game_id)
    seat = seat_required(game)
    result = app_().request_undo(game, seat, if_match())
    return accepted_response(result, viewer_of(result.game, "seat", seat))


@bp.post("/games/<game_id>/undo/answer")
def answer_undo(game_id: str) -> tuple[Response, int]:
    data = body(schemas.UndoAnswerSchema())
    game = load_game(game_id)
    seat = seat_required(game)
    result = app_().answer_undo(game, seat, data["accept"])
    return accepted_response(result, viewer_of(result.game, "seat", seat))


@bp.post("/games/<game_id>/abandon")
def abandon(game_id: str) -> tuple[Response, int]:
    data = body(schemas.AbandonSchema())
    game = load_game(game_id)
    kind, _seat = who(game, required=True)
    if kind != "host":
        raise Problem(403, "abandon.host_only", "Only the host can abandon a game.")
    result = app_().abandon(game, data["reason"])
    return accepted_response(result, ALL)


