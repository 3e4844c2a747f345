"""Who an API request is from and what it names: its token (`bearer`), its player, its seat
or the host's powers (`who`, `seat_required`, `host_required`), the game (`load_game`: 404 for
an unknown or uninvited one) and the version its If-Match names (`expected_version`).

The routes (service/api.py, table_routes.py, player_routes.py, disputes.py) ask these.
"""

from __future__ import annotations

import functools
import re
from uuid import UUID

from flask import current_app, g, request
from werkzeug.datastructures import ETags
from werkzeug.http import parse_etags

from domain.core.aggregate import Game, public_seats
from domain.core.errors import IllegalAction
from domain.core.i18n import _, ngettext

from .application import Shiplog
from .outcomes import GameNotFound
from .players import Player, player_id
from .problems import Problem
from .tables import NotInvited
from .tokens import hash_token
from .views import identify

MAX_TOKEN = 200
_SPACE = re.compile(r"\s")
_ONE_VERSION = re.compile(r'"([0-9]+)"')  # If-Match: "12"
_BEARER = "shiplog.bearer"  # the request's token, once read (request.environ)


def app_() -> Shiplog:
    return current_app.extensions["shiplog"]  # type: ignore[no-any-return]


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
        scheme, _space, rest = header.partition(" ")
        rest = rest.strip(" \t")
        token = rest if scheme.lower() == "bearer" and "=" not in rest.rstrip("=") else None
        if not token or len(token) > MAX_TOKEN or _SPACE.search(token):
            raise Problem(401, "auth.malformed", _("Send the token as 'Authorization: Bearer <token>'."))
    environ[_BEARER] = token
    return token


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
        raise Problem(404, "game.not_found", _("There is no game with this id.")) from None
    try:
        game = app_().get_game(uid, version)
    except GameNotFound:
        if version is not None:
            raise Problem(404, "version.not_found", _("This game has no version {version}.", version=version)) from None
        raise Problem(404, "game.not_found", _("There is no game with this id.")) from None
    if invited and game.private:
        check_invited(game, request.args.get("invite"))
    return game


def check_invited(game: Game, invite: str | None) -> None:
    kind, _seat = who(game)
    if kind == "spectator":
        try:
            app_().check_invited(game, invite)
        except NotInvited:
            raise Problem(404, "game.not_found", _("There is no game with this id.")) from None


def caller_player() -> Player | None:
    """The player whose token came with the request (None: no token, or not a player's)."""
    if "player" not in g:
        token = bearer()
        g.player = app_().player_by_token(token) if token else None
    return g.player  # type: ignore[no-any-return]


def player_required() -> Player:
    if bearer() is None:
        raise Problem(401, "auth.missing", _("This needs your player token: 'Authorization: Bearer <token>' "
                      "(POST /v1/players gives you one)."))
    player = caller_player()
    if player is None:
        raise Problem(401, "auth.invalid_token", _("This is not a player token (POST /v1/players gives you one)."))
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
        raise Problem(401, "auth.missing", _("This needs the host's token: 'Authorization: Bearer <token>'."))
    if not is_host(game):
        raise Problem(403, code, _("Only the host can do this."))


def who(game: Game, required: bool = False) -> tuple[str, int | None]:
    """('seat', n), ('host', None) or ('spectator', None) for the caller's token."""
    token = bearer()
    if token is None:
        if required:
            raise Problem(401, "auth.missing", _("This needs your seat token: 'Authorization: Bearer <token>'."))
        return "spectator", None
    hashed = hash_token(token)
    if hashed == game.host_token_hash:
        return "host", None
    seat = game.seat_of(hashed)
    if seat is not None:
        return "seat", seat
    # A player's id is made from their token (`player_id`) and a player is never removed, so a
    # player seated at this game (or hosting it) is known without reading them from the store.
    pid: str | None = str(player_id(hashed))
    if game.seat_of_player(pid) is None and game.host_player != pid:
        player = caller_player()  # read: a player not at this game is a spectator, any other token refused
        pid = str(player.id) if player is not None else None
    found = identify(game, hashed, pid)
    if found is None:
        raise Problem(401, "auth.invalid_token", _("This token belongs neither to a seat of this game nor to a player."))
    return found


def seat_required(game: Game) -> int:
    kind, seat = who(game, required=True)
    if kind == "host":
        raise Problem(403, "seat.host_cannot_act", _("The host token cannot act for a seat; use a seat token."))
    if seat is None:
        raise Problem(403, "seat.none", _("You have no seat at this game."))
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
    return Problem(403, exc.code, ngettext("It is not your turn: {names} is to act.", "It is not your turn: {names} are to act.",
                                           len(waiting), names=names),
                   to_act=waiting)
