"""The HTTP API under /v1 (see docs/api.md and /v1/openapi.json). No game-specific code here.

Each route is documented by its own decorators, in one place: `@bp.arguments` (what it
accepts), `@bp.response` (what it answers), `@problems` (its problem+json answers) and
`@bp.doc(security=...)` (the token it needs). The schemas are in service/schemas/; who the
caller is and which game it names, in service/callers.py; what a game looks like to them, in
service/views.py.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable
from typing import Any, TypeVar
from urllib.parse import urlencode

from flask import Response, jsonify, request, url_for

from domain.core import ALL, registry, search
from domain.core.aggregate import Game, Status
from domain.core.errors import IllegalAction
from domain.core.i18n import _, words_of
from domain.core.options import catalog as options_catalog
from domain.core.rules import Viewer
from domain.core.table import TABLE_OPTIONS

from . import schemas
from .callers import (
    app_,
    bearer,
    caller_player,
    entity_tags,
    expected_version,
    host_required,
    load_game,
    not_your_turn,
    player_required,
    seat_required,
    who,
)
from .openapi import OPTIONAL_TOKEN, SEAT_TOKEN, ApiBlueprint, problems
from .outcomes import StaleVersion, VersionConflict
from .problems import STATUS_BY_CODE, Problem
from .tokens import hash_token
from .views import event_json, game_view, viewer_of

F = TypeVar("F", bound=Callable[..., Any])
log = logging.getLogger("shiplog.api")
bp = ApiBlueprint("v1", __name__, url_prefix="/v1", description="games: create, view, act, take back, audit")

GAME_ID = {"in": "path", "name": "game_id", "required": True, "schema": {"type": "string", "format": "uuid"}}
ETAG = {"ETag": {"description": 'the game\'s version, e.g. "12"', "schema": {"type": "string"}}}


# -- request helpers -------------------------------------------------------------------------


@bp.before_request
def json_posts_only() -> None:
    """A browser's cross-origin form post carries a form or text Content-Type: refuse anything
    but application/json (a POST with neither body nor Content-Type, like a bare take-back, is fine)."""
    if request.method not in ("POST", "PATCH", "PUT"):
        return
    # The usual header, exactly: werkzeug's `mimetype` (a parse of the header's parameters) says the same.
    if request.environ.get("CONTENT_TYPE") == "application/json" or request.mimetype == "application/json" or (not request.mimetype and not request.get_data(cache=True)):
        return
    raise Problem(415, "body.content_type", _("Send the request as 'Content-Type: application/json'."),
                  headers={"Accept-Post": "application/json"})


def token_required(view: F) -> F:
    """Document that a route needs a token, and ask for one before anything else is looked at."""

    @functools.wraps(view)
    def checked(*args: Any, **kwargs: Any) -> Any:
        if bearer() is None:
            raise Problem(401, "auth.missing", _("This needs your token: 'Authorization: Bearer <token>'."))
        return view(*args, **kwargs)

    return bp.doc(security=SEAT_TOKEN)(checked)  # type: ignore[no-any-return]


@bp.app_errorhandler(IllegalAction)
def illegal(exc: IllegalAction) -> Response:
    """Rule violations: 422 with the rule's code, or 403/409 for turn and game-over codes."""
    return Problem(STATUS_BY_CODE.get(exc.code, 422), exc.code, exc.message).response()


@bp.app_errorhandler(VersionConflict)
def conflict(exc: VersionConflict) -> Response:
    where = {} if exc.current is None else {"current_version": exc.current}
    if isinstance(exc, StaleVersion):
        return Problem(412, "version.stale", _("If-Match names a version this game has moved on from: it is at "
                                               "version {current}. Reload and try again.", current=exc.current), **where).response()
    return Problem(409, "version.conflict", str(exc), **where).response()


# -- response helpers ------------------------------------------------------------------------


def etag(version: int) -> dict[str, str]:
    """ETag is the game's version; what is shown depends on the token, hence Vary."""
    return {"ETag": f'"{version}"', "Vary": "Authorization"}


def accepted(result: Any, viewer: Viewer, seat: int | None = None) -> tuple[dict[str, Any], int, dict[str, str]]:
    game = result.game
    rules = game.rules
    to_act = game.to_act()
    payload = {
        "id": str(game.id),
        "version": game.version,
        "status": game.status,
        "to_act": sorted(to_act),
        "events": [event_json(ev, rules, viewer, [s["name"] for s in game.seats]) for ev in result.new_events],
        "replayed": bool(getattr(result, "replayed", False)),
        # The caller's next legal actions (saves a round trip): its decision's when it is still
        # to act, else any it may take out of turn.
        "actions": game.legal_actions(seat) if seat is not None else [],
    }
    return payload, 200 if payload["replayed"] else 201, etag(game.version)


# -- routes ----------------------------------------------------------------------------------


@bp.route("/catalog", methods=["GET"])
@bp.response(200, schemas.CatalogSchema)
def catalog() -> dict[str, Any]:
    """The games this server hosts, their seat counts and bots; the table's settings every game takes."""
    games, unavailable = [], []
    for name in registry.names():
        try:
            rules = registry.get(name)
        except IllegalAction as exc:  # a broken game package must not hide the others
            log.error("game %s cannot be loaded: %s", name, exc)
            unavailable.append(name)
            continue
        said = words_of(rules).gettext  # the game's texts in the request's language
        games.append(
            {
                "game": name,
                "title": said(rules.TITLE),
                "min_players": rules.MIN_SEATS,
                "max_players": rules.MAX_SEATS,
                "bots": sorted(rules.BOTS),
                "levels": search.catalog_levels(rules.BOTS),
                "rules_version": rules.RULES_VERSION,
                "options": [{**o, "sentence": said(o["sentence"])} for o in options_catalog(rules.OPTIONS)],
                "description": said(rules.BLURB),
            }
        )
    return {"games": games, "unavailable": unavailable, "table": options_catalog(TABLE_OPTIONS)}


@bp.route("/games", methods=["POST"])
@bp.arguments(schemas.CreateGameSchema)
@bp.response(201, schemas.CreatedSchema, headers={
    "Location": {"description": "the game's address", "schema": {"type": "string"}}, **ETAG})
@problems(bp, 400, 401, 413, 415, 422, 429, 503)
def create_game(data: dict[str, Any]) -> tuple[dict[str, Any], int, dict[str, str]]:
    """Create a game. With `seats` and your player token: a game with open seats, you in one;
    share its invitation (`invite_url`) or let it be listed; it starts when the last seat is
    filled. With `players`: an organised game (tournaments, scripts), set up at once, a token
    per seat and a host token in this answer (shown once)."""
    settings = schemas.CreateGameSchema().settings(data)
    if "seats" in data:
        host = player_required()
        opened = app_().open_game(host, data["game"], data["seats"], data["options"], data["seed"], data["private"],
                                  settings, data.get("entropy"), data["seat"], data["bots"])
        game, tokens, host_token = opened.game, [None] * len(opened.game.seats), None
        invite: str | None = opened.invite
        seat: int | None = opened.seat
    else:
        if all(p.get("bot") for p in data["players"]):
            raise Problem(422, "options.all_bots", _("At least one seat must be a person: a game of bots only would be "
                          "played out inside this request (use `shiplog play-bots` for that)."))
        created = app_().create_game(data["game"], data["players"], data["options"], data["seed"], settings)
        game, tokens, host_token, invite, seat = created.game, created.tokens, created.host_token, None, None
    seats = [
        {"seat": n, "name": s["name"], "bot": s.get("bot"), "token": tokens[n]}
        for n, s in enumerate(game.seats)
    ]
    payload = {
        "id": str(game.id),
        "game": game.game,
        "version": game.version,
        "seats": seats,
        "host_token": host_token,
        "seed_commitment": game.seed_commitment,
        "client_seeded": game.client_seeded,
        "status": game.status,
        "to_act": sorted(game.to_act()),
        "organised": game.organised,
        "private": game.private,
        "seat": seat,
        "invite": invite,
        "invite_url": invite_url(game, invite) if invite else None,
    }
    return payload, 201, {"Location": f"/v1/games/{game.id}", "ETag": f'"{game.version}"'}


def invite_url(game: Game, invite: str) -> str:
    """The game's address with its invitation: the link a host shares."""
    base = app_().env.get("SHIPLOG_PUBLIC_URL") or request.host_url
    return f"{base.rstrip('/')}/v1/games/{game.id}?{urlencode({'invite': invite})}"


@bp.route("/games", methods=["GET"])
@bp.arguments(schemas.ListGamesQuerySchema, location="query", error_status_code=400)
@bp.response(200, schemas.GameListSchema)
@bp.doc(security=OPTIONAL_TOKEN)
@problems(bp, 400, 401)
def list_games(args: dict[str, Any]) -> dict[str, Any]:
    """The lobby, most recently active first (private games are not listed); `status=open` for
    the games waiting for players, oldest first; `waiting=me` (with a seat or player token) for
    those waiting for your move."""
    waiting_token = args.get("waiting_for")
    if args.get("waiting") == "me":
        waiting_token = bearer()
        if waiting_token is None:
            raise Problem(401, "auth.missing", _("waiting=me needs your seat token in the Authorization header."))
        player = caller_player()
        if player is not None:
            turns = {w.game.id: w.game for w in app_().readmodels.inbox(str(player.id)) if w.reason == "turn"}
            mine = [r for r in turns.values() if not args.get("game") or r.game == args["game"]]
            return {"games": [r.to_json() for r in mine[args["offset"] : args["offset"] + args["limit"]]]}
    if args.get("status") == "open" and not waiting_token:
        open_rows = app_().readmodels.open_games(args.get("game"))
        return {"games": [r.to_json() for r in open_rows[args["offset"] : args["offset"] + args["limit"]]]}
    rows = app_().lobby.search(
        game=args.get("game"),
        status=args.get("status"),
        waiting_for=hash_token(waiting_token) if waiting_token else None,
    )
    offset, limit = args["offset"], args["limit"]
    return {"games": [r.to_json() for r in rows[offset : offset + limit]]}


@bp.route("/games/<game_id>", methods=["GET"], parameters=[GAME_ID])
@bp.arguments(schemas.ViewHeadersSchema, location="headers", error_status_code=400)
@bp.arguments(schemas.InviteQuerySchema, location="query", error_status_code=400)
@bp.response(200, schemas.GameViewSchema, headers=ETAG)
@bp.alt_response(304, description="If-None-Match names the current version: nothing new")
@bp.doc(security=OPTIONAL_TOKEN)
@problems(bp, 400, 401, 404)
def view_game(_headers: dict[str, Any], _query: dict[str, Any], game_id: str) -> Any:
    """The game as the caller may see it: a seat token, the host token, or none for a spectator."""
    game = load_game(game_id)
    kind, seat = who(game)
    if entity_tags("If-None-Match").contains_weak(str(game.version)):
        return Response(status=304, headers=etag(game.version))
    return game_view(game, kind, seat), 200, etag(game.version)


@bp.route("/games/<game_id>/versions/<int:version>", methods=["GET"], parameters=[GAME_ID])
@bp.arguments(schemas.InviteQuerySchema, location="query", error_status_code=400)
@bp.response(200, schemas.GameViewSchema, headers=ETAG)
@bp.doc(security=OPTIONAL_TOKEN)
@problems(bp, 400, 401, 404)
def view_version(_query: dict[str, Any], game_id: str, version: int) -> Any:
    """The caller's view of the game after event `version`."""
    current = load_game(game_id)
    if version > current.version:
        raise Problem(404, "version.not_found", _("This game is at version {current}; there is no version {version} yet.", current=current.version, version=version))
    kind, seat = who(current)
    then = load_game(game_id, version, invited=False)
    return game_view(then, kind, seat, current), 200, etag(version)


@bp.route("/games/<game_id>/actions", methods=["GET"], parameters=[GAME_ID])
@token_required
@bp.response(200, schemas.LegalActionsSchema, headers=ETAG, dump=False)
@problems(bp, 401, 403, 404)
def legal_actions(game_id: str) -> Any:
    """The caller's legal actions, each ready to POST back unchanged."""
    game = load_game(game_id)
    seat = seat_required(game)
    actions = game.legal_actions(seat)  # its decision's when it is to act, else any out-of-turn ones
    return {"id": str(game.id), "version": game.version, "seat": seat, "actions": actions}, 200, etag(game.version)


@bp.route("/games/<game_id>/actions", methods=["POST"], parameters=[GAME_ID])
@token_required
@bp.arguments(schemas.ActionSchema)
@bp.arguments(schemas.ActionHeadersSchema, location="headers", error_status_code=400)
@bp.response(201, schemas.AcceptedSchema, description="accepted: the new version and the facts as the caller may see them",
             headers=ETAG, dump=False)
@bp.alt_response(200, schema=schemas.AcceptedSchema, description="an Idempotency-Key seen before: the first answer, applied once",
                 success=True)
@problems(bp, 400, 401, 403, 404, 409, 412, 413, 415, 422, 503)
def submit_action(action: dict[str, Any], headers: dict[str, Any], game_id: str) -> Any:
    """Submit one action; If-Match makes it conditional, Idempotency-Key makes retries safe."""
    game = load_game(game_id)
    seat = seat_required(game)
    try:
        result = app_().submit(game, seat, action, expected_version(game), headers.get("idempotency_key"))
    except IllegalAction as exc:
        if exc.code == "turn.not_yours":
            raise not_your_turn(game, exc) from None
        raise
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
        # A rules module must reject bad payloads with IllegalAction; this is the safety net.
        log.exception("rules raised %r for %s %s", exc, game.game, action)
        raise Problem(422, "action.malformed", _("This action is not understood by the rules of this game.")) from None
    return accepted(result, viewer_of(result.game, "seat", seat), seat)


@bp.route("/games/<game_id>/events", methods=["GET"], parameters=[GAME_ID])
@bp.arguments(schemas.EventsQuerySchema, location="query", error_status_code=400)
@bp.response(200, schemas.EventsSchema, headers={
    **ETAG, "Link": {"description": 'rel="next": the next page', "schema": {"type": "string"}}})
@bp.doc(security=OPTIONAL_TOKEN)
@problems(bp, 400, 401, 404)
def events(args: dict[str, Any], game_id: str) -> Any:
    """The event log as the caller may see it, `limit` events after `after`; `next` links on."""
    game = load_game(game_id)
    kind, seat = who(game)
    after, limit = args["after"], args["limit"]
    viewer = viewer_of(game, kind, seat)
    rules = game.rules
    stored = app_().events_between(game.id, after if after >= 0 else None, limit=limit + 1)
    names = [s["name"] for s in game.seats]
    rows = [event_json(ev, rules, viewer, names) for ev in stored[:limit]]
    headers = etag(game.version)
    next_page = None
    if len(stored) > limit:
        query = urlencode({"after": rows[-1]["version"], "limit": limit})
        next_page = f"{url_for('v1.events', game_id=game_id)}?{query}"
        headers["Link"] = f'<{next_page}>; rel="next"'
    return {"id": str(game.id), "version": game.version, "events": rows, "next": next_page}, 200, headers


@bp.route("/games/<game_id>/record", methods=["GET"], parameters=[GAME_ID])
@bp.arguments(schemas.InviteQuerySchema, location="query", error_status_code=400)
@bp.response(200, schemas.RecordSchema, description="a shiplog.record document (docs/replay.md)")
@bp.doc(security=OPTIONAL_TOKEN)
@problems(bp, 400, 401, 403, 404)
def record(_query: dict[str, Any], game_id: str) -> Response:
    """The full game record (draws, state hashes, the seed): for everyone once the game is over."""
    game = load_game(game_id)
    who(game)  # a bad token is still a 401
    if game.status in (Status.ACTIVE, Status.OPEN):
        raise Problem(403, "record.not_yet", _("The full record (draws, hashes, hidden cards) is shown to everyone once the game is over."))
    return jsonify(app_().record(game.id))  # as stored: the record format is domain/core/record.py's


@bp.route("/games/<game_id>/undo", methods=["POST"], parameters=[GAME_ID])
@token_required
@bp.arguments(schemas.UndoSchema, required=False)
@bp.arguments(schemas.IfMatchHeaderSchema, location="headers", error_status_code=400)
@bp.response(201, schemas.AcceptedSchema, description="undone at once, or asked of the other seats", headers=ETAG, dump=False)
@problems(bp, 400, 401, 403, 404, 409, 412, 413, 415, 422, 503)
def request_undo(_body: dict[str, Any], _headers: dict[str, Any], game_id: str) -> Any:
    """Take back your last action: at once if nobody acted since and nothing was revealed,
    otherwise a request the other seats answer."""
    game = load_game(game_id)
    seat = seat_required(game)
    result = app_().request_undo(game, seat, expected_version(game))
    return accepted(result, viewer_of(result.game, "seat", seat), seat)


@bp.route("/games/<game_id>/undo/answer", methods=["POST"], parameters=[GAME_ID])
@token_required
@bp.arguments(schemas.UndoAnswerSchema)
@bp.response(201, schemas.AcceptedSchema, description="answered (and applied, when every other seat accepted)", headers=ETAG, dump=False)
@problems(bp, 400, 401, 403, 404, 409, 413, 415, 422, 503)
def answer_undo(data: dict[str, Any], game_id: str) -> Any:
    """Accept or decline the pending take-back request."""
    game = load_game(game_id)
    seat = seat_required(game)
    result = app_().answer_undo(game, seat, data["accept"])
    return accepted(result, viewer_of(result.game, "seat", seat), seat)


@bp.route("/games/<game_id>/abandon", methods=["POST"], parameters=[GAME_ID])
@token_required
@bp.arguments(schemas.AbandonSchema, required=False)
@bp.response(201, schemas.AcceptedSchema, description="abandoned; the seed is revealed", headers=ETAG, dump=False)
@problems(bp, 400, 401, 403, 404, 409, 413, 415, 422, 503)
def abandon(data: dict[str, Any], game_id: str) -> Any:
    """Stop the game (the host: its host token, or the creator's player token); the seed is
    revealed and everything becomes public."""
    game = load_game(game_id)
    who(game, required=True)
    host_required(game, "abandon.host_only")
    result = app_().abandon(game, data["reason"])
    return accepted(result, ALL)
