"""Live updates: server-sent events (`text/event-stream`) of a game and of a player's inbox.

A game's stream sends every stored event as the caller may see it (`id:` its version, `event:`
its type, `data:` the JSON of /events); a player's stream sends the inbox whenever it changes
(`id:` the read model's position). `Last-Event-ID` (what EventSource sends when it reconnects)
resumes where the client was. A stream wakes when this process stores an event and looks at the
store every SHIPLOG_SSE_POLL seconds (5) for other workers' events, sends a comment every 15 s so
proxies keep it open, and ends after SHIPLOG_SSE_SECONDS (300): the client reconnects. Each
client (token, or address without one) has at most SHIPLOG_SSE_PER_CLIENT (4) streams open,
each process at most SHIPLOG_SSE_MAX (set by `shiplog serve` to half its threads): more is a
429. Polling `GET /v1/games/{id}` with If-None-Match stays the cheap way. A player's open stream
is written down in the store as they go (service/presence.py): no e-mail of a turn goes out
while they watch.
"""

from __future__ import annotations

import json
import logging
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

from flask import Response, current_app, request
from werkzeug.wsgi import ClosingIterator

from domain.core.aggregate import Game
from domain.core.rules import Viewer

from .presence import INBOX, game_place
from .problems import Problem
from .tokens import hash_token
from .views import event_json, identify, viewer_of

KEEPALIVE = 15.0
log = logging.getLogger("shiplog.live")


class Streams:
    """How many streams are open, per client and in all (one per process)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.open: Counter[str] = Counter()

    def take(self, client: str, per_client: int, total: int) -> Callable[[], None]:
        with self.lock:
            if self.open[client] >= per_client:
                raise Problem(429, "stream.too_many", f"You have {per_client} live streams open already; close one first.",
                              headers={"Retry-After": "30"})
            if sum(self.open.values()) >= total:
                raise Problem(429, "stream.busy", "This server has no room for another live stream right now; poll with "
                              "If-None-Match, or try again soon.", headers={"Retry-After": "30"})
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


def frame(data: Any, event: str | None = None, event_id: int | None = None) -> str:
    lines = []
    if event_id is not None:
        lines.append(f"id: {event_id}")
    if event is not None:
        lines.append(f"event: {event}")
    lines.append("data: " + json.dumps(data, separators=(",", ":")))
    return "\n".join(lines) + "\n\n"


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


def live(step: Callable[[], list[str]], player: Any = None, place: str = "") -> Response:
    """A stream that sends what `step` has new each time something may have changed: after this
    process stores an event, or every SHIPLOG_SSE_POLL seconds; a comment when it stays quiet,
    and the end after SHIPLOG_SSE_SECONDS. The client's slot is taken now (or a 429). While it
    is open, `player` is seen at `place` (service/presence.py: no e-mail of a turn meanwhile)."""
    app = current_app.extensions["shiplog"]
    per_client, total, seconds, poll = settings()
    release = streams().take(client_key(), per_client, total)

    def body() -> Iterator[str]:
        yield "retry: 3000\n\n"
        began = quiet = time.monotonic()
        while True:
            seen = app.changes
            if player is not None:
                present(app, str(player.id), place)
            frames = step()
            yield from frames
            now = time.monotonic()
            if frames:
                quiet = now
            if now - began >= seconds:
                return
            if now - quiet >= KEEPALIVE:
                yield ": keepalive\n\n"
                quiet = now
            wait_for_change(app, seen, min(poll, seconds - (now - began), KEEPALIVE))

    return respond(body(), release)


def present(app: Any, player: str, place: str) -> None:
    """Write that `player` has a live page open at `place`; a store that cannot take it now
    costs the stream nothing (a mail may go out that could have waited)."""
    try:
        app.presence.seen(player, place, app.clock())
    except Exception:
        log.warning("presence of %s at %s not written", player, place, exc_info=True)


def game_stream(game: Game, player: Any, after: int | None) -> Response:
    """The game's events as the caller may see them: who the caller is (their seat, if they
    take one while the stream runs) is looked at again with every batch."""
    app = current_app.extensions["shiplog"]
    token = request.authorization.token if request.authorization is not None else None
    token_hash, player_id = (hash_token(token) if token else None), (str(player.id) if player else None)
    resume = last_event_id()
    last = resume if resume is not None else after
    rules = game.rules

    def viewer(now: Game) -> Viewer:
        kind, seat = identify(now, token_hash, player_id) or ("spectator", None)
        return viewer_of(now, kind, seat)

    def step() -> list[str]:
        nonlocal last
        if last is None:  # a new client: where the game is, then what comes
            last = game.version
            return [frame({"version": game.version, "status": str(game.status), "to_act": sorted(game.to_act())},
                          "hello", game.version)]
        news = app.events_between(game.id, last if last >= 0 else None)
        if not news:
            return []
        then = app.get_game(game.id, news[-1].originator_version)
        shown, names = viewer(then), [s.get("name") or "" for s in then.seats]
        last = news[-1].originator_version
        rows = [event_json(ev, rules, shown, names) for ev in news]
        return [frame(row, row["type"], row["version"]) for row in rows]  # a seat's secret is named "Secret" too

    return live(step, player, game_place(game.id))


def inbox_stream(player: Any) -> Response:
    """The player's inbox whenever it changes (`id`: the read models' position)."""
    app = current_app.extensions["shiplog"]
    known = last_event_id()
    sent: Any = None

    def step() -> list[str]:
        nonlocal known, sent
        inbox = [w.to_json() for w in app.readmodels.inbox(str(player.id))]
        position = app.readmodels.position()
        if (known is not None and position <= known) or inbox == sent:
            return []
        known, sent = position, inbox
        return [frame({"inbox": inbox, "position": position}, "inbox", position)]

    return live(step, player, INBOX)
