"""Live updates: server-sent events (`text/event-stream`) of a game and of a player's inbox.

A game's stream sends every stored event as the caller may see it (`id:` its version, `event:`
its type, `data:` the JSON of /events); a player's stream sends the inbox whenever it changes
(`id:` the read model's position), and the lobby page's stream also says when the lobby changed
(`event: lobby`). `Last-Event-ID` (what EventSource sends when it reconnects) resumes where the
client was. A stream sends a comment every 15 s so proxies keep it open, and ends after
SHIPLOG_SSE_SECONDS (300): the client reconnects. Each client (token, or address without one)
has at most SHIPLOG_SSE_PER_CLIENT (4) streams open, each process at most SHIPLOG_SSE_MAX: more
is a 429. Polling `GET /v1/games/{id}` with If-None-Match stays the cheap way. A player's open
stream is written down in the store as they go (service/presence.py): no e-mail of a turn goes
out while they watch.

What a stream sends is a `LiveStream` (its `round` gives the frames that are new); two
transports carry it. Under `shiplog serve` (ASGI, service/asgi.py) the event loop holds every
stream, no thread waits with one, and the worker's hub (service/hub.py) wakes the streams a
stored event concerns. Under a WSGI server (gunicorn, the tests' servers) the stream's own
thread waits: it wakes when this process stores an event and looks at the store every
SHIPLOG_SSE_POLL seconds (5) for other workers' events.
"""

from __future__ import annotations

import logging
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from flask import Response, current_app, request
from werkzeug.wsgi import ClosingIterator

from domain.core.aggregate import Game
from domain.core.i18n import _, speaking, spoken
from domain.core.rules import Viewer

from .feeds import feed, frame
from .presence import INBOX, game_place
from .problems import Problem
from .tokens import hash_token
from .views import identify, viewer_of

KEEPALIVE = 15.0
CARRIED = "shiplog.live"  # the environ key under which an ASGI server takes the stream over
log = logging.getLogger("shiplog.live")


class Streams:
    """How many streams are open, per client and in all (one per process)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.open: Counter[str] = Counter()

    def take(self, client: str, per_client: int, total: int) -> Callable[[], None]:
        with self.lock:
            if self.open[client] >= per_client:
                raise Problem(429, "stream.too_many", _("You have {n} live streams open already; close one first.", n=per_client),
                              headers={"Retry-After": "30"})
            if sum(self.open.values()) >= total:
                raise Problem(429, "stream.busy", _("This server has no room for another live stream right now; poll with "
                              "If-None-Match, or try again soon."), headers={"Retry-After": "30"})
            self.open[client] += 1
        released = threading.Event()

        def release() -> None:
            if not released.is_set():
                released.set()
                with self.lock:
                    self.open[client] -= 1
                    if self.open[client] <= 0:
                        del self.open[client]

        return release


def settings() -> tuple[int, int, float, float]:
    env = current_app.extensions["shiplog"].env
    return (int(env.get("SHIPLOG_SSE_PER_CLIENT", "4")), int(env.get("SHIPLOG_SSE_MAX", "4")),
            float(env.get("SHIPLOG_SSE_SECONDS", "300")), float(env.get("SHIPLOG_SSE_POLL", "5")))


def streams() -> Streams:
    return current_app.extensions.setdefault("shiplog.streams", Streams())  # type: ignore[no-any-return]


def client_key() -> str:
    token = request.authorization.token if request.authorization is not None else None
    token = token or request.cookies.get("shiplog_player")  # the web pages' player cookie
    return f"token:{hash_token(token)}" if token else f"addr:{request.remote_addr}"


def last_event_id() -> int | None:
    header = request.headers.get("Last-Event-ID", "").strip()
    return int(header) if header.isdigit() and len(header) < 12 else None


def respond(body: Iterator[str], release: Callable[[], None]) -> Response:
    response = Response(ClosingIterator((chunk.encode("utf-8") for chunk in body), [release]),
                        mimetype="text/event-stream")
    response.headers["Cache-Control"] = "no-cache"
    response.headers["X-Accel-Buffering"] = "no"  # nginx: do not buffer the stream
    response.headers["Vary"] = "Authorization"
    return response


def wait_for_change(app: Any, seen: int, timeout: float) -> None:
    with app.changed:
        app.changed.wait_for(lambda: app.changes != seen, timeout=max(timeout, 0))


@dataclass
class LiveStream:
    """One open stream, whoever carries it: `step` gives what is new since the last step (and
    `round` the same, the player seen at the stream's place meanwhile); `wakes` names what
    concerns it ("game:<id>", "inbox:<player id>", "lobby"); it ends after `seconds`. Its slot is
    given back when the answer is closed (`respond`)."""

    app: Any
    step: Callable[[], list[str]]
    wakes: tuple[str, ...]
    seconds: float
    poll: float
    player: str | None = None
    place: str = ""
    in_memory: bool = False  # a round reads nothing from the store once the hub has read the game
    reader: tuple[str, Any] = field(default_factory=spoken)  # the opening request's language (its sentences)

    def round(self) -> list[str]:
        """The frames that are new, the player seen at the stream's place meanwhile, in the
        language of the request that opened the stream."""
        if self.player is not None:
            present(self.app, self.player, self.place)
        with speaking(*self.reader):
            return self.step()


def live(step: Callable[[], list[str]], wakes: tuple[str, ...], player: Any = None, place: str = "",
         in_memory: bool = False) -> Response:
    """A stream that sends what `step` has new each time something may have changed; a comment
    when it stays quiet, and the end after SHIPLOG_SSE_SECONDS. The client's slot is taken now
    (or a 429). While it is open, `player` is seen at `place` (service/presence.py: no e-mail
    of a turn meanwhile). Under ASGI the answer's body is never read: the server carries the
    stream (`CARRIED`) and closes the body when it ends."""
    app = current_app.extensions["shiplog"]
    per_client, total, seconds, poll = settings()
    release = streams().take(client_key(), per_client, total)
    stream = LiveStream(app, step, wakes, seconds, poll, str(player.id) if player is not None else None, place, in_memory)
    if CARRIED in request.environ:
        request.environ[CARRIED] = stream
        return respond(iter(()), release)
    return respond(waiting(stream), release)


def waiting(stream: LiveStream) -> Iterator[str]:
    """The stream carried by its own thread (a WSGI server): it waits for this process's next
    stored event, or SHIPLOG_SSE_POLL seconds for other processes'."""
    app, seconds = stream.app, stream.seconds
    yield "retry: 3000\n\n"
    began = quiet = time.monotonic()
    while True:
        seen = app.changes
        frames = stream.round()
        yield from frames
        now = time.monotonic()
        if frames:
            quiet = now
        if now - began >= seconds:
            return
        if now - quiet >= KEEPALIVE:
            yield ": keepalive\n\n"
            quiet = now
        wait_for_change(app, seen, min(stream.poll, seconds - (now - began), KEEPALIVE))


def present(app: Any, player: str, place: str) -> None:
    """Write that `player` has a live page open at `place`; a store that cannot take it now
    costs the stream nothing (a mail may go out that could have waited)."""
    try:
        app.presence.seen(player, place, app.clock())
    except Exception:
        log.warning("presence of %s at %s not written", player, place, exc_info=True)


def game_stream(game: Game, player: Any, after: int | None) -> Response:
    """The game's events as the caller may see them: who the caller is (their seat, if they
    take one while the stream runs) is looked at again with every batch. The streams of one
    game in a process share the reading and the writing of its new events (service/feeds.py)."""
    app = current_app.extensions["shiplog"]
    token = request.authorization.token if request.authorization is not None else None
    token_hash, player_id = (hash_token(token) if token else None), (str(player.id) if player else None)
    resume = last_event_id()
    last = resume if resume is not None else after
    news = feed(app)

    known: tuple[Any, tuple[Any, ...], Viewer] | None = None  # the seats and the rest it was identified at, and the viewer

    def viewer(now: Game) -> Viewer:
        nonlocal known
        rest = (now.status, now.host_token_hash, now.host_player)
        if known is not None and known[0] is now.seats and known[1] == rest:
            return known[2]  # nothing it depends on changed (a changed seat is a new tuple of seats)
        kind, seat = identify(now, token_hash, player_id) or ("spectator", None)
        known = (now.seats, rest, viewer_of(now, kind, seat))
        return known[2]

    def step() -> list[str]:
        nonlocal last
        if last is None:  # a new client: where the game is, then what comes
            last = game.version
            return [frame({"version": game.version, "status": str(game.status), "to_act": sorted(game.to_act())},
                          "hello", game.version)]
        frames, newest = news.frames(game.id, last, viewer)
        last = newest
        return frames

    return live(step, (f"game:{game.id}",), player, game_place(game.id), in_memory=True)


def inbox_stream(player: Any, lobby: bool = False) -> Response:
    """The player's inbox whenever it changes (`id`: the read models' position); with `lobby`,
    also `event: lobby` whenever the lobby page would show something else (the player's games,
    the open games)."""
    app = current_app.extensions["shiplog"]
    known = last_event_id()
    sent: Any = None
    shown: Any = None
    carried = CARRIED in request.environ  # the hub brings the read models up to date before it wakes the stream
    first = True

    def step() -> list[str]:
        nonlocal known, sent, shown, first
        models = app.readmodels
        if first or not carried:
            models.catch_up()
        first = False
        inbox = [w.to_json() for w in models.inbox(str(player.id), fresh=False)]
        position = models.position()
        if known is not None and position <= known:
            return []
        frames = []
        if inbox != sent:
            frames.append(frame({"inbox": inbox, "position": position}, "inbox", position))
        if lobby:
            now = lobby_digest(models, str(player.id))
            if shown is not None and now != shown and not frames:
                frames.append(frame({"position": position}, "lobby", position))
            shown = now
        known, sent = position, inbox
        return frames

    wakes = (f"inbox:{player.id}", "lobby") if lobby else (f"inbox:{player.id}",)
    return live(step, wakes, player, INBOX)


def lobby_digest(models: Any, player: str) -> tuple[Any, ...]:
    """What the lobby page shows besides the inbox: the player's games (each one's state) and the
    open games (with their open seats)."""
    mine = tuple((g.id, g.status, g.open_seats) for g in models.games_of(player, fresh=False))
    return mine, tuple((g.id, g.open_seats) for g in models.open_games(None, fresh=False)[:50])
