"""The hub of one worker's live streams (under `shiplog serve`: service/asgi.py).

One task per worker process follows the store's notification log for all the worker's streams
(not one reader per stream): it wakes when this process stores an event, when PostgreSQL says
an event was stored (LISTEN on the channel the eventsourcing library NOTIFYs at every insert,
so by any worker on any machine), and every SHIPLOG_SSE_POLL seconds in any case (SQLite has no
NOTIFY: other workers' events are seen then). Each time it reads the new notifications (their
ids, games and topics only) and wakes the streams they concern:

- "game:<id>": every stream of a game that has a new event;
- "inbox:<player>": the inbox streams of the players whose turns or take-backs to answer changed
  in those games, and of everyone at a game that changed state (started, ended, a seat taken);
- "lobby": the lobby pages' streams, when a public game with open seats changed.

A woken stream reads what it shows itself (service/live.py, service/feeds.py): a game's from the
game the look has just read, an inbox's from the read models the look brought up to date, in
the event loop (an inbox's on PostgreSQL, and every stream's first round, in the streams' own
small pool: service/asgi.py), so the players' requests keep the worker's request threads.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
from collections.abc import Callable, Iterable
from concurrent.futures import Executor
from typing import Any
from uuid import UUID

from .feeds import feed
from .outcomes import GameNotFound
from .readmodels import latest_versions

log = logging.getLogger("shiplog.hub")
PAGE = 1000
KNOWN = 20_000  # games whose state the hub remembers (forgotten all at once beyond)


class Subscriber:
    """One stream's wish to be woken for any of `wakes`."""

    def __init__(self, wakes: Iterable[str]) -> None:
        self.wakes = tuple(wakes)
        self.woken = asyncio.Event()


class Hub:
    """The streams of one worker, by what wakes them, and the reader that wakes them."""

    def __init__(self, app: Any, poll: float, pool: Executor, gap: float = 0.1) -> None:
        self.app = app
        self.poll = poll
        self.gap = gap  # at least this long between two looks (a busy store is read in batches)
        self.pool = pool
        self.subscribers: dict[str, set[Subscriber]] = {}
        self.position: int | None = None
        self.known: dict[str, tuple[Any, ...]] = {}  # game id -> (status, open seats, waiting rows)
        self.kick: asyncio.Event | None = None
        self.task: asyncio.Task[None] | None = None
        self.stopping = threading.Event()
        self.marks: set[tuple[str, str]] = set()  # (player, place) of the streams open since the last look

    # -- streams ----------------------------------------------------------------------------

    def subscribe(self, wakes: Iterable[str]) -> Subscriber:
        subscriber = Subscriber(wakes)
        for key in subscriber.wakes:
            self.subscribers.setdefault(key, set()).add(subscriber)
        return subscriber

    def unsubscribe(self, subscriber: Subscriber) -> None:
        for key in subscriber.wakes:
            found = self.subscribers.get(key)
            if found is not None:
                found.discard(subscriber)
                if not found:
                    del self.subscribers[key]

    def seen(self, player: str, place: str) -> None:
        """A stream of `player` is open at `place` (written down in the store at the next look)."""
        self.marks.add((player, place))

    def wake(self, keys: Iterable[str]) -> int:
        woken = 0
        for key in keys:
            for subscriber in self.subscribers.get(key, ()):
                subscriber.woken.set()
                woken += 1
        return woken

    # -- following the log ------------------------------------------------------------------

    def start(self) -> None:
        loop = asyncio.get_running_loop()
        kick = self.kick = asyncio.Event()

        def kicked() -> None:
            loop.call_soon_threadsafe(kick.set)

        self.app.listeners.append(kicked)
        if getattr(self.app.readmodels.view, "postgres", False):
            threading.Thread(target=self.listen, args=(kicked,), name="shiplog-listen", daemon=True).start()
        self.task = loop.create_task(self.run())

    async def stop(self) -> None:
        self.stopping.set()
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.task

    async def run(self) -> None:
        loop = asyncio.get_running_loop()
        assert self.kick is not None
        while self.position is None:  # where the log ends now: what comes after wakes the streams
            try:
                self.position = await loop.run_in_executor(self.pool, self.app.recorder.max_notification_id) or 0
            except Exception:
                log.warning("the live streams' hub could not read the store", exc_info=True)
                await asyncio.sleep(self.poll)
        looked = 0.0
        while True:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.kick.wait(), self.poll)
            await asyncio.sleep(max(0.0, looked + self.gap - loop.time()))  # a busy store: one look per gap
            looked = loop.time()
            self.kick.clear()
            marks, self.marks = self.marks, set()
            try:
                keys = await loop.run_in_executor(self.pool, self.look, marks)
            except Exception:
                log.warning("the live streams' hub could not read the store", exc_info=True)
                await asyncio.sleep(self.poll)
                continue
            self.wake(keys)

    def look(self, marks: Iterable[tuple[str, str]] = ()) -> set[str]:
        """What the notifications since the last look concern (in a thread); the streams open
        meanwhile are written down (service/presence.py), a store that cannot take it now
        costing them nothing."""
        marks = list(marks)
        if marks:
            try:
                self.app.presence.seen_all(marks, self.app.clock())
            except Exception:
                log.warning("presence of %d streams not written", len(marks), exc_info=True)
        if self.position is None:  # (`run` sets it before the first look)
            self.position = self.app.recorder.max_notification_id() or 0
            return set()
        newest: dict[UUID, int] = {}
        while True:
            notes = self.app.readmodels.notes(self.position, PAGE)
            for gid, version in latest_versions(notes).items():
                newest[gid] = max(newest.get(gid, -1), version)
            if notes:
                self.position = notes[-1].id
            if len(notes) < PAGE:
                break
        feed(self.app).heard(newest)
        games = {str(gid) for gid in newest}
        keys = {f"game:{gid}" for gid in games}
        if games and any(key.startswith("inbox:") or key == "lobby" for key in self.subscribers):
            read: dict[UUID, Any] = {}
            people = self.concerned(sorted(games), read)
            if any(key in self.subscribers for key in people) and self.app.readmodels.position() < self.position:
                self.app.readmodels.catch_up(read)  # once here (unless another worker just did), not in each inbox stream
            keys |= people
        for gid in games:  # read here once, the streams' rounds then read nothing
            if f"game:{gid}" in self.subscribers:
                with contextlib.suppress(GameNotFound):
                    feed(self.app).current(UUID(gid))
        return keys

    def concerned(self, games: list[str], read: dict[UUID, Any]) -> set[str]:
        """The inboxes and the lobby that changed with these games, as each game now stands (this
        process's copy brought up to date, shared with the game's streams: service/feeds.py;
        each game read is left in `read`)."""
        if len(self.known) > KNOWN:
            self.known.clear()
        keys: set[str] = set()
        news = feed(self.app)
        for gid in games:
            try:
                game = read[UUID(gid)] = news.current(UUID(gid))
            except GameNotFound:
                continue
            waiting = frozenset((game.seats[seat].get("player"), seat, reason) for seat, reason in game.waiting())
            state = (str(game.status), len(game.open_seats()), waiting)
            before = self.known.get(gid)
            self.known[gid] = state
            everyone = {s.get("player") for s in game.seats} | {game.host_player}
            keys |= {f"inbox:{player}" for player in changes(before, state, everyone) if player}
            if not game.private and (before is None or before[:2] != state[:2]) \
                    and (state[0] == "open" or before is None or before[0] == "open"):
                keys.add("lobby")
        return keys

    def listen(self, kicked: Callable[[], None]) -> None:
        """PostgreSQL: wait for the NOTIFY of every insert of events (a connection of its own).

        One kick for all the notifications heard at once, then a gap before listening again:
        the hub looks at most once a gap anyway, and under load every worker's every commit
        notifies every worker (a wake-up of this thread and of the event loop each, 4% of a
        worker's interpreter time at 40 clients, py-spy); those of the gap come in one kick."""
        import psycopg  # lazy: PostgreSQL only

        datastore = self.app.readmodels.view.datastore
        channel = self.app.recorder.channel_name
        while not self.stopping.is_set():
            try:
                with psycopg.connect(**datastore.pool.kwargs, autocommit=True) as conn:
                    conn.execute(psycopg.sql.SQL("LISTEN {}").format(psycopg.sql.Identifier(channel)))
                    while not self.stopping.is_set():
                        if list(conn.notifies(timeout=5.0, stop_after=1)):  # those of one packet, all
                            kicked()
                            self.stopping.wait(self.gap)
            except Exception:
                log.warning("LISTEN on %s failed; polling meanwhile", channel, exc_info=True)
                self.stopping.wait(5.0)


def changes(before: tuple[Any, ...] | None, now: tuple[Any, ...], everyone: set[str]) -> set[str]:
    """The players whose inbox (or list of games) a game's change concerns: everyone at the table
    when its state changed (or it is new to the hub), else the players whose waiting rows did."""
    if before is None or before[:2] != now[:2]:
        return everyone | {row[0] for row in now[2]}
    return {row[0] for row in before[2] ^ now[2]}
