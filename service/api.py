"""The HTTP API under /v1 (see docs/api.md and /v1/openapi.json). No game-specific code here.

Each route is documented by its own decorators, in one place: `@bp.arguments` (what it
accepts), `@bp.response` (what it answers), `@problems` (its problem+json answers) and
`@bp.doc(security=...)` (the token it needs). The schemas are in service/schemas.py.
"""

from __future__ import annotations

import functools
import logging
import re
from collections.abc import Callable
from typing import Any, TypeVar
from urllib.parse import urlencode
from uuid import UUID

from flask import Response, current_app, g, jsonify, request, url_for
from werkzeug.datastructures import ETags
from werkzeug.http import parse_etags

from domain.core import ALL, registry
from domain.core.aggregate import Game, Status
from domain.core.errors import IllegalAction
from domain.core.game.seats import public_seats
from domain.core.options import catalog as options_catalog
from domain.core.rules import GameRules, Viewer, action_for, redacted
from domain.core.words import described, render

from . import schemas
from .application import GameNotFound, Shiplog, StaleVersion, VersionConflict, hash_token
from .openapi import OPTIONAL_TOKEN, SEAT_TOKEN, ApiBlueprint, problems
from .players import Player
from .problems import Problem
from .readmodels import stamp
from .tables import NotInvited

F = TypeVar("F", bound=Callable[..., Any])
log = logging.getLogger("shiplog.api")
bp = ApiBlueprint("v1", __name__, url_prefix="/v1", description="games: create, view, act, take back, audit")

# Codes that are not 422: who may act, and conflicts with the game's state.
STATUS_BY_CODE = {
    "turn.not_yours": 403, "game.over": 409, "undo.game_over": 409, "game.unknown": 422, "game.not_started": 409,
    "join.started": 409, "join.full": 409, "join.seat_taken": 409, "join.already_seated": 409, "leave.started": 409,
    "resign.already": 409, "stand_in.already": 409, "return.not_away": 409, "message.too_often": 429,
    "seat.resigned": 403, "seat.stood_in": 403,  # a seat a bot plays has no moves, take-backs or resignation of its own
}
GAME_ID = {"in": "path", "name": "game_id", "required": True, "schema": {"type": "string", "format": "uuid"}}
ETAG = {"ETag": {"description": 'the game\'s version, e.g. "12"', "schema": {"type": "string"}}}
MAX_TOKEN = 200
_SPACE = re.compile(r"\s")
_ONE_VERSION = re.compile(r'"([0-9]+)"')  # If-Match: "12"
_BEARER = "shiplog.bearer"  # the request's token, once read (request.environ)


def app_() -> Shiplog:
    return current_app.extensions["shiplog"]  # type: ignore[no-any-return]


# -- request helpers -------------------------------------------------------------------------


@bp.before_request
def json_posts_only() -> None:
    """A browser's cross-origin form post carries a form or text Content-Type: refuse anything
    but application/json (a POST with neither body nor Content-Type, like a bare take-back, is fine)."""
    if request.method not in ("POST", "PATCH"):
        return
    # The usual header, exactly: werkzeug's `mimetype` (a parse of the header's parameters) says the same.
    if request.environ.get("CONTENT_TYPE") == "application/json" or request.mimetype == "application/json" or (not request.mimetype and not request.get_data(cache=True)):
        return
    raise Problem(415, "body.content_type", "Send the request as 'Content-Type: application/json'.",
                  headers={"Accept-Post": "application/json"})


def bearer() -> str | None:
    """The Bearer token (scheme case-insensitive, as RFC 9110 says), None without the header.
    Read once per request (a route asks several times: the token check, who the caller is)."""
    environ = request.environ
    if _BEARER in environ:
        return environ[_BEARER]  # type: ignore[no-any-return]
    header = environ.get("HTTP_AUTHORIZATION")
    if header is None:
        token = None
    else:
        # As werkzeug's `Authorization.from_header` reads it: the scheme, then a token (no `=`
        # but trailing ones) rather than parameters.
        scheme, _, rest = header.partition(" ")
        rest = rest.strip(" \t")
        token = rest if scheme.lower() == "bearer" and "=" not in rest.rstrip("=") else None
        if not token or len(token) > MAX_TOKEN or _SPACE.search(token):
            raise Problem(401, "auth.malformed", "Send the token as 'Authorization: Bearer <token>'.")
    environ[_BEARER] = token
    return token


def token_required(view: F) -> F:
    """Document that a route needs a token, and ask for one before anything else is looked at."""

    @functools.wraps(view)
    def checked(*args: Any, **kwargs: Any) -> Any:
        if bearer() is None:
            raise Problem(401, "auth.missing", "This needs your token: 'Authorization: Bearer <token>'.")
        return view(*args, **kwargs)

    return bp.doc(security=SEAT_TOKEN)(checked)  # type: ignore[no-any-return]


@functools.lru_cache(maxsize=1024)
def game_uuid(text: str) -> UUID:
    """The game id of a path (ValueError if it is none): the ids in play are parsed once
    (UUID's parsing is Python's; at most 1,024 kept, a refused one never)."""
    return UUID(text)


def load_game(game_id: str, version: int | None = None, invited: bool = True) -> Game:
    """The game, or 404; a private game only for its seats, its host and whoever holds its
    invitation (`?invite=`): to anyone else it does not exist (`invited=False`: the caller
    checks the invitation itself)."""
    try:
        uid = game_uuid(game_id)
    except ValueError:
        raise Problem(404, "game.not_found", "There is no game with this id.") from None
    try:
        game = app_().get_game(uid, version)
    except GameNotFound:
        if version is not None:
            raise Problem(404, "version.not_found", f"This game has no version {version}.") from None
        raise Problem(404, "game.not_found", "There is no game with this id.") from None
    if invited and game.private:
        check_invited(game, request.args.get("invite"))
    return game


def check_invited(game: Game, invite: str | None) -> None:
    kind, _seat = who(game)
    if kind == "spectator":
        try:
            app_().check_invited(game, invite)
        except NotInvited:
            raise Problem(404, "game.not_found", "There is no game with this id.") from None


def caller_player() -> Player | None:
    """The player whose token came with the request (None: no token, or not a player's)."""
    if "player" not in g:
        token = bearer()
        g.player = app_().player_by_token(token) if token else None
    return g.player  # type: ignore[no-any-return]


def player_required() -> Player:
    if bearer() is None:
        raise Problem(401, "auth.missing", "This needs your player token: 'Authorization: Bearer <token>' "
                      "(POST /v1/players gives you one).")
    player = caller_player()
    if player is None:
        raise Problem(401, "auth.invalid_token", "This is not a player token (POST /v1/players gives you one).")
    return player


def is_host(game: Game) -> bool:
    """The host: the host token of an organised game, or the player who created the game."""
    token = bearer()
    if token is None:
        return False
    if game.host_token_hash is not None and hash_token(token) == game.host_token_hash:
        return True
    player = caller_player()
    return player is not None and game.host_player == str(player.id)


def host_required(game: Game, code: str = "host.only") -> None:
    if bearer() is None:
        raise Problem(401, "auth.missing", "This needs the host's token: 'Authorization: Bearer <token>'.")
    if not is_host(game):
        raise Problem(403, code, "Only the host can do this.")


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
    if seat is not None:
        return "seat", seat
    player = caller_player()
    found = identify(game, hashed, str(player.id) if player is not None else None)
    if found is None:
        raise Problem(401, "auth.invalid_token", "This token belongs neither to a seat of this game nor to a player.")
    return found


def identify(game: Game, token_hash: str | None, player: str | None) -> tuple[str, int | None] | None:
    """Who a token is at this game: the host, a seat (its seat token, or its player), or a
    player without a seat (a spectator); None when it is neither a token of the game nor a player's."""
    if token_hash is not None and token_hash == game.host_token_hash:
        return "host", None
    seat = game.seat_of(token_hash) if token_hash is not None else None
    if seat is None and player is not None:
        seat = game.seat_of_player(player)
    if seat is not None:
        return "seat", seat
    if player is None:
        return None if token_hash is not None else ("spectator", None)
    return ("host", None) if game.host_player == player else ("spectator", None)


def viewer_of(game: Game, kind: str, seat: int | None) -> Viewer:
    """While a game runs a seat sees its own secrets and nobody else's; the host keeps its powers
    but sees what a spectator sees. Once the game is over everything is shown to everyone."""
    if game.status in (Status.ACTIVE, Status.OPEN):
        return seat if kind == "seat" else None
    return ALL


def seat_required(game: Game) -> int:
    kind, seat = who(game, required=True)
    if kind == "host":
        raise Problem(403, "seat.host_cannot_act", "The host token cannot act for a seat; use a seat token.")
    if seat is None:
        raise Problem(403, "seat.none", "You have no seat at this game.")
    return seat


def entity_tags(header: str) -> ETags:
    """The entity tags of an If-Match or If-None-Match header, as werkzeug parses them."""
    return parse_etags(request.headers.get(header, "").strip() or None)


def expected_version(game: Game) -> int | None:
    """The version If-Match names (werkzeug parses the header); None without one, or for `*`.

    A list of versions matches if any is current. The application compares, after it has looked
    for an Idempotency-Key replay, so a retried request still gets its first answer.
    """
    header = request.environ.get("HTTP_IF_MATCH")
    if header is None:
        return None
    one = _ONE_VERSION.fullmatch(header.strip())
    if one is not None:  # the usual case, one strong tag: what werkzeug's parse below gives for it
        return game.version if one[1] == str(game.version) else -1
    tags = entity_tags("If-Match")
    if tags.star_tag:
        return None
    every = tags.as_set(include_weak=True)
    if not every or not all(tag.isdigit() and tag.isascii() for tag in every):
        raise Problem(400, "header.if_match", 'If-Match must be the version you saw, like "12" (or *).')
    # Strong comparison (RFC 9110 13.1.1): W/"12" never matches. -1 matches no version.
    return game.version if str(game.version) in tags.as_set() else -1


def not_your_turn(game: Game, exc: IllegalAction) -> Problem:
    """403 turn.not_yours, naming who is to act."""
    seats = public_seats(game.seats)
    waiting = [seats[s] for s in sorted(game.to_act())]
    names = " and ".join(f"{s['name']} (seat {s['seat']})" for s in waiting) or "nobody"
    return Problem(403, exc.code, f"It is not your turn: {names} {'is' if len(waiting) == 1 else 'are'} to act.",
                   to_act=waiting)


@bp.app_errorhandler(IllegalAction)
def illegal(exc: IllegalAction) -> Response:
    """Rule violations: 422 with the rule's code, or 403/409 for turn and game-over codes."""
    return Problem(STATUS_BY_CODE.get(exc.code, 422), exc.code, exc.message).response()


@bp.app_errorhandler(VersionConflict)
def conflict(exc: VersionConflict) -> Response:
    where = {} if exc.current is None else {"current_version": exc.current}
    if isinstance(exc, StaleVersion):
        return Problem(412, "version.stale", f"If-Match names a version this game has moved on from: it is at "
                       f"version {exc.current}. Reload and try again.", **where).response()
    return Problem(409, "version.conflict", str(exc), **where).response()


# -- response helpers ------------------------------------------------------------------------


def event_json(ev: Any, rules: GameRules, viewer: Viewer, names: list[str] | None = None) -> dict[str, Any]:
    """One event as `viewer` may see it; its facts also in words (`text`, with the players' `names`)."""
    kind, fields = type(ev), vars(ev)
    row: dict[str, Any] = {
        "version": ev.originator_version,
        "type": kind.__name__,
        "time": ev.timestamp.isoformat(),
        "seat": kind.actor(fields),
    }
    if fields.get("facts") is not None:  # the rules' facts: game set up, action taken
        row["facts"] = redacted(rules, ev.facts, viewer)
        row["text"] = described(rules, row["facts"], viewer, names or [])
    if isinstance(ev, Game.ActionTaken):
        row["action"] = action_for(rules, ev.action, ev.seat, viewer)
        row["bot"] = ev.bot
    detail = kind.detail(fields)
    if detail is not None:
        row["detail"] = detail
    said = kind.said(fields)
    if said is not None:
        row["text"] = [render(said, names or []), *row.get("text", [])]
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
        "state": None if game.state is None else rules.view(game.state, viewer_of(current, kind, seat)),
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
        "organised": game.organised,
        "private": game.private,
        "host": game.host_player,
        "settings": game.settings,
        "clocks": [
            {"seat": s, "since": stamp(since), "deadline": stamp(d) if (d := game.deadline(s)) else None,
             "bank_seconds": game.bank.get(s)}
            for s, since in sorted(game.since.items())
        ],
    }


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
    """The games this server hosts, their seat counts and bots."""
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
                "description": rules.BLURB,
            }
        )
    return {"games": games, "unavailable": unavailable}


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
            raise Problem(422, "options.all_bots", "At least one seat must be a person: a game of bots only would be "
                          "played out inside this request (use `shiplog play-bots` for that).")
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
            raise Problem(401, "auth.missing", "waiting=me needs your seat token in the Authorization header.")
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
        raise Problem(404, "version.not_found", f"This game is at version {current.version}; there is no version {version} yet.")
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
        raise Problem(422, "action.malformed", "This action is not understood by the rules of this game.") from None
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
        raise Problem(403, "record.not_yet", "The full record (draws, hashes, hidden cards) is shown to everyone once the game is over.")
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
