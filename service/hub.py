"""The hub of one worker's live streams (under `shiplog serve`: service/asgi.py).

One task per worker process follows the store's notification log for all the worker's streams
(not one reader per stream): it wakes when this process stores an event, when PostgreSQL says
an event was stored (LISTEN on the channel the eventsourcing library NOTIFYs at every insert,
so by any worker on any machine), and every SHIPLOG_SSE_POLL seconds in any case (SQLite has no
NOTIFY: other workers' events are seen then). Each time it reads the new notifications (their
ids, games and topics only) and wakes the streams they concern:

- "game:<id>": every stream of a game that has a new event;
- "inbox:<player>": the inbox streams of the players whose turns or take-backs to answer changed
  in those games (the read model's `waiting` rows), and of everyone at a game that changed
  state (started, ended, a seat taken);
- "lobby": the lobby pages' streams, when a public game with open seats changed.

A woken stream reads what it shows itself (service/live.py, service/feeds.py), in a thread of
the streams' own small pool, so the players' requests keep the worker's request threads.
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
from .readmodels import GAME_TOPIC

log = logging.getLogger("shiplog.hub")
PAGE = 1000
KNOWN = 20_000  # games whose state the hub remembers (forgotten all at once beyond)


class Subscriber:
    """One stream's wish to be woken for any of `wakes`."""

    def __init__(self, wakes: Iterable[str]) -> None:
        self.wakes = tuple(wakes)
        self.woken = asyncio.Event()


def marks(ids: list[str]) -> tuple[str, dict[str, str]]:
    """`:g0, :g1, …` and their parameters, for an IN (…) of game ids."""
    return ", ".join(f":g{n}" for n in range(len(ids))), {f"g{n}": gid for n, gid in enumerate(ids)}


class Hub:
    """The streams of one worker, by what wakes them, and the reader that wakes them."""

    def __init__(self, app: Any, poll: float, pool: Executor, gap: float = 0.1) -> None:
        self.app = app
        self.poll = poll
        self.gap = gap  # at least this long between two looks: a busy store is read in batches
        self.pool = pool
        self.subscribers: dict[str, set[Subscriber]] = {}
        self.position: int | None = None
        self.known: dict[str, tuple[Any, ...]] = {}  # game id -> (status, open seats, waiting rows)
        self.kick: asyncio.Event | None = None
        self.task: asyncio.Task[None] | None = None
        self.stopping = threading.Event()
        self.sql: str | None = None

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
        while True:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.kick.wait(), self.poll)
            await asyncio.sleep(self.gap)
            self.kick.clear()
            try:
                keys = await loop.run_in_executor(self.pool, self.look)
            except Exception:
                log.warning("the live streams' hub could not read the store", exc_info=True)
                await asyncio.sleep(self.poll)
                continue
            self.wake(keys)

    def look(self) -> set[str]:
        """What the notifications since the last look concern (in a thread)."""
        view = self.app.readmodels.view
        if self.position is None:
            self.position = self.app.recorder.max_notification_id() or 0
            return set()
        newest: dict[UUID, int] = {}
        sql = self.sql = self.sql or news_sql(self.app)
        while True:
            rows = view.query(sql, {"after": self.position, "limit": PAGE})
            for row in rows:
                if row["topic"].startswith(GAME_TOPIC):
                    gid = UUID(str(row["originator_id"]))
                    newest[gid] = max(newest.get(gid, -1), int(row["originator_version"]))
            if rows:
                self.position = int(rows[-1]["id"])
            if len(rows) < PAGE:
                break
        feed(self.app).heard(newest)
        games = {str(gid) for gid in newest}
        keys = {f"game:{gid}" for gid in games}
        if games and any(key.startswith("inbox:") or key == "lobby" for key in self.subscribers):
            keys |= self.concerned(sorted(games))
        return keys

    def concerned(self, games: list[str]) -> set[str]:
        """The inboxes and the lobby that changed with these games (the read models brought up
        to date first)."""
        view = self.app.readmodels.view
        self.app.readmodels.catch_up()
        inside, params = marks(games)
        heads = {r["id"]: r for r in view.query(
            f"SELECT id, status, private, open_seats, host_player FROM {{games}} WHERE id IN ({inside})", params)}
        people: dict[str, set[str]] = {gid: set() for gid in games}
        for row in view.query(f"SELECT game_id, player FROM {{seats}} WHERE game_id IN ({inside}) AND player IS NOT NULL",
                              params):
            people[row["game_id"]].add(row["player"])
        waiting: dict[str, set[tuple[Any, ...]]] = {gid: set() for gid in games}
        for row in view.query(f"SELECT game_id, player, seat, reason, deadline FROM {{waiting}} WHERE game_id IN ({inside}) "
                              "AND player IS NOT NULL", params):
            waiting[row["game_id"]].add((row["player"], row["seat"], row["reason"], row["deadline"]))
        if len(self.known) > KNOWN:
            self.known.clear()
        keys: set[str] = set()
        for gid in games:
            head = heads.get(gid)
            if head is None:
                continue
            state = (head["status"], head["open_seats"], frozenset(waiting[gid]))
            before = self.known.get(gid)
            self.known[gid] = state
            changed = changes(before, state, people[gid] | ({head["host_player"]} if head["host_player"] else set()))
            keys |= {f"inbox:{player}" for player in changed}
            if not head["private"] and (before is None or before[:2] != state[:2]) \
                    and (head["status"] == "open" or before is None or before[0] == "open"):
                keys.add("lobby")
        return keys

    def listen(self, kicked: Callable[[], None]) -> None:
        """PostgreSQL: wait for the NOTIFY of every insert of events (a connection of its own)."""
        import psycopg  # lazy: PostgreSQL only

        datastore = self.app.readmodels.view.datastore
        channel = self.app.recorder.channel_name
        while not self.stopping.is_set():
            try:
                with psycopg.connect(**datastore.pool.kwargs, autocommit=True) as conn:
                    conn.execute(psycopg.sql.SQL("LISTEN {}").format(psycopg.sql.Identifier(channel)))
                    while not self.stopping.is_set():
                        for _note in conn.notifies(timeout=5.0, stop_after=1):
                            kicked()
            except Exception:
                log.warning("LISTEN on %s failed; polling meanwhile", channel, exc_info=True)
                self.stopping.wait(5.0)


def changes(before: tuple[Any, ...] | None, now: tuple[Any, ...], everyone: set[str]) -> set[str]:
    """The players whose inbox (or list of games) a game's change concerns: everyone at the table
    when its state changed (or it is new to the hub), else the players whose waiting rows did."""
    if before is None or before[:2] != now[:2]:
        return everyone | {row[0] for row in now[2]}
    return {row[0] for row in before[2] ^ now[2]}


def news_sql(app: Any) -> str:
    """The notifications after `:after`: their id, originator, version and topic (not the events)."""
    recorder = app.recorder
    if getattr(app.readmodels.view, "postgres", False):
        from psycopg.sql import SQL, Identifier  # lazy: PostgreSQL only

        table = SQL("{}.{}").format(Identifier(recorder.datastore.schema), Identifier(recorder.events_table_name))
        name, column = table.as_string(None), "notification_id"
    else:
        name, column = recorder.events_table_name, "rowid"
    return f"SELECT {column} AS id, originator_id, originator_version, topic FROM {name} WHERE {column} > :after ORDER BY {column} LIMIT :limit"
