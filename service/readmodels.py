"""Read models: the lobby, open seats, players' games and inboxes, the clocks that run out.

They are projections of the application's notification log kept in tables of the same store
(SQLite or PostgreSQL): the view is an eventsourcing `TrackingRecorder`, so the rows and the
position in the log they reflect (a `Tracking` record) are written in one transaction. Any
worker brings them up to date before it answers a query (`catch_up`), pulling only what it has
not seen; two workers racing over the same notifications cannot both record them (the tracking
record is unique), so the loser rolls back and reads the winner's rows. Every row of a game is
derived from the game as it stood at the newest version seen (or newer: as the worker has it
then), and only ever replaced by a newer version. `rebuild` throws the rows away and projects the whole log again (`shiplog readmodels
rebuild`).

Tables (prefixed `shiplog_`): `games` (one row per game: the lobby), `seats` (who sits where:
a player's games, a seat token's games), `waiting` (who the game waits for and why: a turn or a
take-back answer, since when, until when: the inboxes and the clocks), `thinking` (the games
waiting for a searching bot's move, which the tick has played: service/thinking.py).
"""

from __future__ import annotations

import contextlib
import json
import re
import sqlite3
import uuid
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, NamedTuple
from uuid import UUID

from eventsourcing.persistence import IntegrityError, Notification, Tracking
from eventsourcing.sqlite import SQLiteDatastore, SQLiteTrackingRecorder

from domain.core.aggregate import Game
from domain.core.game.seats import public_seats

from .ports import EventStore

GAME_TOPIC = "domain.core.aggregate:Game."
PAGE = 500

DDL = [
    """CREATE TABLE IF NOT EXISTS {games} (
        id TEXT PRIMARY KEY, game TEXT NOT NULL, status TEXT NOT NULL, organised INTEGER NOT NULL,
        private INTEGER NOT NULL, seats INTEGER NOT NULL, open_seats INTEGER NOT NULL,
        players TEXT NOT NULL, host_player TEXT, to_act TEXT NOT NULL, client_seeded INTEGER NOT NULL,
        version BIGINT NOT NULL, created TEXT NOT NULL, updated TEXT NOT NULL)""",
    "CREATE INDEX IF NOT EXISTS shiplog_games_updated ON {games} (updated)",
    "CREATE INDEX IF NOT EXISTS shiplog_games_host ON {games} (host_player)",
    """CREATE TABLE IF NOT EXISTS {seats} (
        game_id TEXT NOT NULL, seat INTEGER NOT NULL, player TEXT, token_hash TEXT,
        PRIMARY KEY (game_id, seat))""",
    "CREATE INDEX IF NOT EXISTS shiplog_seats_player ON {seats} (player)",
    """CREATE TABLE IF NOT EXISTS {waiting} (
        game_id TEXT NOT NULL, seat INTEGER NOT NULL, reason TEXT NOT NULL, player TEXT,
        token_hash TEXT, since TEXT NOT NULL, deadline TEXT,
        PRIMARY KEY (game_id, seat, reason))""",
    "CREATE INDEX IF NOT EXISTS shiplog_waiting_player ON {waiting} (player)",
    "CREATE INDEX IF NOT EXISTS shiplog_waiting_deadline ON {waiting} (deadline)",
    "CREATE TABLE IF NOT EXISTS {thinking} (game_id TEXT PRIMARY KEY, since TEXT NOT NULL)",
]
GAME_COLUMNS = ("id", "game", "status", "organised", "private", "seats", "open_seats", "players",
                "host_player", "to_act", "client_seeded", "version", "created", "updated")


def stamp(when: datetime) -> str:
    """A sortable UTC time as text: every row's times compare as strings."""
    return when.astimezone(UTC).isoformat(timespec="microseconds")


@dataclass
class Summary:
    """One row of the lobby."""

    id: str
    game: str
    players: list[dict[str, Any]]
    status: str
    to_act: list[int]
    version: int
    client_seeded: bool
    organised: bool
    private: bool
    open_seats: int
    created: str
    updated: str
    host_player: str | None = None
    waiting: list[dict[str, Any]] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "game": self.game,
            "players": self.players,
            "status": self.status,
            "to_act": self.to_act,
            "version": self.version,
            "client_seeded": self.client_seeded,
            "organised": self.organised,
            "private": self.private,
            "open_seats": self.open_seats,
            "created": self.created,
            "updated": self.updated,
        }

    @classmethod
    def from_row(cls, row: dict[str, Any]) -> Summary:
        return cls(
            id=row["id"], game=row["game"], players=json.loads(row["players"]), status=row["status"],
            to_act=json.loads(row["to_act"]), version=int(row["version"]),
            client_seeded=bool(row["client_seeded"]), organised=bool(row["organised"]),
            private=bool(row["private"]), open_seats=int(row["open_seats"]), created=row["created"],
            updated=row["updated"], host_player=row["host_player"],
        )


@dataclass(frozen=True)
class Waiting:
    """One inbox entry: a game waits for `seat` to take its turn or answer a take-back."""

    game: Summary
    seat: int
    reason: str  # "turn" or "undo"
    since: str
    deadline: str | None

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game.to_json(), "seat": self.seat, "reason": self.reason, "since": self.since,
                "deadline": self.deadline}


def rows_of(game: Game) -> tuple[dict[str, Any], list[dict[str, Any]], list[dict[str, Any]]]:
    """The rows a game contributes to the read models, as it stands."""
    gid = str(game.id)
    head = {
        "id": gid,
        "game": game.game,
        "status": str(game.status),
        "organised": int(game.organised),
        "private": int(game.private),
        "seats": len(game.seats),
        "open_seats": len(game.open_seats()),
        "players": json.dumps(public_seats(game.seats)),
        "host_player": game.host_player,
        "to_act": json.dumps(sorted(game.to_act())),
        "client_seeded": int(game.client_seeded),
        "version": game.version,
        "created": stamp(game.created_on),
        "updated": stamp(game.modified_on),
    }
    seats = [
        {"game_id": gid, "seat": n, "player": s.get("player"), "token_hash": s.get("token_hash")}
        for n, s in enumerate(game.seats) if s.get("name") is not None and not s.get("bot")
    ]
    waiting = []
    for seat, reason in game.waiting():
        since = game.since.get(seat) if reason == "turn" else getattr(game.undo_request, "at", None)
        deadline = game.deadline(seat) if reason == "turn" else None
        entry = game.seats[seat]
        waiting.append({
            "game_id": gid, "seat": seat, "reason": reason, "player": entry.get("player"),
            "token_hash": entry.get("token_hash"), "since": stamp(since or game.modified_on),
            "deadline": stamp(deadline) if deadline is not None else None,
        })
    return head, seats, waiting


class Views:
    """The SQL of the read models, for SQLite and PostgreSQL (mixed into a TrackingRecorder)."""

    datastore: Any
    postgres = False
    writing: Callable[[], Any] = contextlib.nullcontext  # the application's writer lock (SQLite)
    creates_tables = True  # False under CREATE_TABLE=no: `shiplog serve` made them before the workers

    def make_tables(self, statements: Sequence[str]) -> None:
        """Create the tables of `statements` (IF NOT EXISTS), unless the store's tables are made
        once before the workers start."""
        if self.creates_tables:
            with self.cursor(commit=True) as cursor:
                for statement in statements:
                    self.execute(cursor, statement)

    def table(self, name: str) -> str:
        return f"shiplog_{name}"

    def sql(self, text: str) -> str:
        """`{name}` is the table shiplog_name (schema-qualified on PostgreSQL); `:param` a parameter."""
        return re.sub(r"\{(\w+)\}", lambda m: self.table(m.group(1)), text)

    def ddl(self) -> list[str]:
        return [self.sql(statement) for statement in DDL]

    @contextmanager
    def cursor(self, commit: bool) -> Iterator[Any]:
        """A transaction; a writing one takes the application's writer lock first (SQLite lets
        one connection write at a time: see `writing.SQLiteWriter`)."""
        with self.writing() if commit else contextlib.nullcontext(), self.datastore.transaction(commit=commit) as cursor:
            yield cursor

    def execute(self, cursor: Any, text: str, params: dict[str, Any] | None = None) -> None:
        cursor.execute(self.sql(text), params or {})

    def query(self, text: str, params: dict[str, Any] | None = None) -> list[dict[str, Any]]:
        with self.cursor(commit=False) as cursor:
            self.execute(cursor, text, params)
            return [dict(row) for row in cursor.fetchall()]

    # -- writing ----------------------------------------------------------------------------

    def write(self, games: Sequence[Game], tracking: Tracking, clear: bool = False) -> None:
        """The rows of `games` and the position they reflect, in one transaction (`clear`: the
        old rows are deleted first, for a rebuild)."""
        with self.cursor(commit=True) as cursor:
            if clear:
                for table in ("games", "seats", "waiting", "thinking"):
                    self.execute(cursor, f"DELETE FROM {{{table}}}")
                self.reset_tracking(cursor, tracking.application_name)
            for game in games:
                self._write_game(cursor, game)
            self._insert_tracking(cursor, tracking)  # type: ignore[attr-defined]

    def reset_tracking(self, cursor: Any, name: str) -> None:
        raise NotImplementedError

    def _write_game(self, cursor: Any, game: Game) -> None:
        head, seats, waiting = rows_of(game)
        columns = ", ".join(GAME_COLUMNS)
        values = ", ".join(f":{c}" for c in GAME_COLUMNS)
        updates = ", ".join(f"{c} = excluded.{c}" for c in GAME_COLUMNS if c != "id")
        self.execute(
            cursor,
            f"INSERT INTO {{games}} AS g ({columns}) VALUES ({values}) ON CONFLICT (id) DO UPDATE SET "
            f"{updates} WHERE g.version < excluded.version RETURNING id",
            head,
        )
        if cursor.fetchone() is None:
            return  # a newer version of this game is in already
        self.execute(cursor, "DELETE FROM {seats} WHERE game_id = :id", {"id": head["id"]})
        self.execute(cursor, "DELETE FROM {waiting} WHERE game_id = :id", {"id": head["id"]})
        for row in seats:
            self.execute(cursor, "INSERT INTO {seats} (game_id, seat, player, token_hash) "
                                 "VALUES (:game_id, :seat, :player, :token_hash)", row)
        for row in waiting:
            self.execute(cursor, "INSERT INTO {waiting} (game_id, seat, reason, player, token_hash, since, deadline) "
                                 "VALUES (:game_id, :seat, :reason, :player, :token_hash, :since, :deadline)", row)
        self.execute(cursor, "DELETE FROM {thinking} WHERE game_id = :id", {"id": head["id"]})
        if game.thinking():
            self.execute(cursor, "INSERT INTO {thinking} (game_id, since) VALUES (:id, :since)",
                         {"id": head["id"], "since": head["updated"]})


class SQLiteViews(Views, SQLiteTrackingRecorder):
    def construct_create_table_statements(self) -> list[str]:
        return [*super().construct_create_table_statements(), *self.ddl()]

    def reset_tracking(self, cursor: Any, name: str) -> None:
        cursor.execute("DELETE FROM tracking WHERE application_name = ?", (name,))


def _postgres_views() -> type[Views]:
    from eventsourcing.postgres import PostgresTrackingRecorder  # lazy: PostgreSQL only
    from psycopg.sql import SQL, Identifier  # lazy: PostgreSQL only

    class PostgresViews(Views, PostgresTrackingRecorder):
        postgres = True

        def __init__(self, datastore: Any) -> None:
            super().__init__(datastore, tracking_table_name="shiplog_tracking")
            self.sql_create_statements.extend(SQL(s) for s in self.ddl())  # type: ignore[arg-type]

        def table(self, name: str) -> str:
            return SQL("{}.{}").format(Identifier(self.datastore.schema), Identifier(f"shiplog_{name}")).as_string(None)

        def sql(self, text: str) -> str:
            return re.sub(r"(?<!:):([a-z_]+)", r"%(\1)s", super().sql(text))

        def reset_tracking(self, cursor: Any, name: str) -> None:
            cursor.execute(SQL("DELETE FROM {}.{} WHERE application_name = %s").format(
                Identifier(self.datastore.schema), Identifier(self.tracking_table_name)), (name,))

    return PostgresViews


def views_for(app: EventStore) -> Views:
    """The view tables in the application's own store (a private in-memory SQLite database when
    the application keeps its events in memory)."""
    datastore = getattr(app.factory, "datastore", None)
    if datastore is None:
        datastore = SQLiteDatastore(f"file:shiplog-views-{uuid.uuid4().hex}?mode=memory&cache=shared")
        app.__dict__["_views_datastore"] = datastore  # kept alive with the application
    view: Views = _postgres_views()(datastore) if not isinstance(datastore, SQLiteDatastore) else SQLiteViews(datastore)
    if getattr(app.factory, "datastore", None) is datastore:
        view.writing = app.writing
    view.creates_tables = getattr(app.factory, "env_create_table", lambda: True)()
    if view.creates_tables:
        with view.writing():
            view.create_table()  # type: ignore[attr-defined]
    return view


def conflicts() -> tuple[type[BaseException], ...]:
    """What a lost race to record a tracking position raises, by store."""
    found: list[type[BaseException]] = [IntegrityError, sqlite3.IntegrityError]
    try:
        import psycopg  # lazy: PostgreSQL only

        found.append(psycopg.errors.IntegrityError)
    except ImportError:  # pragma: no cover
        pass
    return tuple(found)


class Note(NamedTuple):
    """A notification without its event: what the games' rows need to know (which game, how far)."""

    id: int
    originator_id: Any
    originator_version: int
    topic: str


def news_sql(app: EventStore, view: Any) -> str:
    """The notifications after `:after`: their id, originator, version and topic (not the events)."""
    recorder: Any = app.recorder
    if getattr(view, "postgres", False):
        from psycopg.sql import SQL, Identifier  # lazy: PostgreSQL only

        table = SQL("{}.{}").format(Identifier(recorder.datastore.schema), Identifier(recorder.events_table_name))
        name, column = table.as_string(None), "notification_id"
    else:
        name, column = recorder.events_table_name, "rowid"
    return f"SELECT {column} AS id, originator_id, originator_version, topic FROM {name} WHERE {column} > :after ORDER BY {column} LIMIT :limit"


Select = Callable[[int, int], Sequence[Any]]  # (after, limit) -> the notifications after `after`


def follow(app: EventStore, view: Any, name: str, apply: Callable[[Sequence[Notification], Tracking], None],
           page: int = PAGE, select: Select | None = None) -> int:
    """Feed the notifications after `name`'s tracked position to `apply`, a page at a time,
    until none are left (`select`: read otherwise than whole, as `ReadModels.notes` does). `apply`
    records the tracking itself (in its transaction); a page another worker recorded first is
    skipped. Returns how many notifications were applied."""
    applied = 0
    lost = conflicts()
    while True:
        position = view.max_tracking_id(name) or 0
        notes = select(position, page) if select is not None else app.recorder.select_notifications(start=position + 1, limit=page)
        if not notes:
            return applied
        try:
            apply(notes, Tracking(name, notes[-1].id))
        except lost:
            continue  # another worker recorded these first: read its position again
        applied += len(notes)
        if len(notes) < page:
            return applied


def latest_versions(notes: Sequence[Notification | Note]) -> dict[UUID, int]:
    """The newest version of each game in a page of notifications."""
    latest: dict[UUID, int] = {}
    for note in notes:
        if note.topic.startswith(GAME_TOPIC):
            gid = UUID(str(note.originator_id))
            latest[gid] = max(latest.get(gid, -1), note.originator_version)
    return latest


class ReadModels:
    """The read models of one application (one per worker process; they share the tables)."""

    NAME = "Shiplog.readmodels"

    def __init__(self, app: EventStore) -> None:
        self.app = app
        self.view = views_for(app)
        self.sql: str | None = None

    def notes(self, after: int, limit: int) -> list[Note]:
        """The notifications after `after`, without their events (the rows need only which game
        and how far: `latest_versions`)."""
        if not hasattr(self.app.recorder, "events_table_name"):  # events kept in memory: no table to ask
            return [Note(n.id, n.originator_id, n.originator_version, n.topic)
                    for n in self.app.recorder.select_notifications(start=after + 1, limit=limit)]
        self.sql = self.sql or news_sql(self.app, self.view)
        return [Note(int(r["id"]), r["originator_id"], int(r["originator_version"]), r["topic"])
                for r in self.view.query(self.sql, {"after": after, "limit": limit})]

    # -- projecting -------------------------------------------------------------------------

    def _apply(self, notes: Sequence[Notification | Note], tracking: Tracking, known: Mapping[UUID, Game] | None = None) -> None:
        # Each game as this process has it now (its cached copy brought up to date: one look at
        # the store, or as the caller just read it: `known`) rather than loaded again at the
        # notifications' version: it is that version or newer, and a row is only ever replaced
        # by a newer one.
        known = known or {}
        games = [known[gid] if gid in known and known[gid].version >= version else self.app.get_game(gid)
                 for gid, version in latest_versions(notes).items()]
        self.view.write(games, tracking)

    def catch_up(self, known: Mapping[UUID, Game] | None = None) -> int:
        """Project what this worker has not seen yet (`known`: games the caller has just read,
        as they now stand); returns how many notifications."""
        return follow(self.app, self.view, self.NAME, lambda notes, tracking: self._apply(notes, tracking, known),
                      select=self.notes)

    def rebuild(self) -> int:
        """Throw the rows away and project the whole notification log again, in one transaction.
        Returns how many games."""
        latest: dict[UUID, int] = {}
        last = 0
        while notes := self.notes(last, PAGE):
            for gid, version in latest_versions(notes).items():
                latest[gid] = max(latest.get(gid, -1), version)
            last = notes[-1].id
        games = [self.app.get_game(gid, version) for gid, version in latest.items()]
        self.view.write(games, Tracking(self.NAME, last), clear=True)
        return len(games)

    def position(self) -> int:
        return self.view.max_tracking_id(self.NAME) or 0  # type: ignore[attr-defined, no-any-return]

    # -- queries ----------------------------------------------------------------------------

    def search(self, game: str | None = None, status: str | None = None, waiting_for: str | None = None,
               include_private: bool = False) -> list[Summary]:
        """The lobby, most recently active first: private games only with `include_private`
        (or when `waiting_for`, a seat token's hash, names a seat of theirs)."""
        self.catch_up()
        where, params = ["1 = 1"], {}
        if game:
            where.append("g.game = :game")
            params["game"] = game
        if status:
            where.append("g.status = :status")
            params["status"] = status
        if waiting_for:
            where.append("g.id IN (SELECT w.game_id FROM {waiting} w WHERE w.token_hash = :token AND w.reason = 'turn')")
            params["token"] = waiting_for
        elif not include_private:
            where.append("g.private = 0")
        rows = self.view.query(f"SELECT * FROM {{games}} g WHERE {' AND '.join(where)} ORDER BY g.updated DESC, g.id", params)
        return [Summary.from_row(r) for r in rows]

    def open_games(self, game: str | None = None, fresh: bool = True) -> list[Summary]:
        """Public games waiting for players, the oldest first (they have waited longest);
        `fresh`: the read models brought up to date first (else the caller just did)."""
        if fresh:
            self.catch_up()
        rows = self.view.query(
            "SELECT * FROM {games} g WHERE g.status = 'open' AND g.private = 0 AND g.open_seats > 0"
            + (" AND g.game = :game" if game else "") + " ORDER BY g.created, g.id",
            {"game": game} if game else {},
        )
        return [Summary.from_row(r) for r in rows]

    def games_of(self, player: str, status: str | None = None, fresh: bool = True) -> list[Summary]:
        """The games a player sits at or hosts, most recently active first."""
        if fresh:
            self.catch_up()
        rows = self.view.query(
            "SELECT * FROM {games} g WHERE (g.host_player = :player OR g.id IN "
            "(SELECT s.game_id FROM {seats} s WHERE s.player = :player))"
            + (" AND g.status = :status" if status else "") + " ORDER BY g.updated DESC, g.id",
            {"player": player, "status": status} if status else {"player": player},
        )
        return [Summary.from_row(r) for r in rows]

    def inbox(self, player: str, fresh: bool = True) -> list[Waiting]:
        """Where a player is awaited: their turns and take-back requests, most urgent first
        (the nearest deadline, then the longest wait)."""
        if fresh:
            self.catch_up()
        rows = self.view.query(
            "SELECT g.*, w.seat AS w_seat, w.reason AS w_reason, w.since AS w_since, w.deadline AS w_deadline "
            "FROM {waiting} w JOIN {games} g ON g.id = w.game_id WHERE w.player = :player "
            "ORDER BY CASE WHEN w.deadline IS NULL THEN 1 ELSE 0 END, w.deadline, w.since, g.id",
            {"player": player},
        )
        return [Waiting(Summary.from_row(r), int(r["w_seat"]), r["w_reason"], r["w_since"], r["w_deadline"]) for r in rows]

    def thinking(self) -> list[UUID]:
        """Games waiting for a searching bot's move, the longest waiting first."""
        self.catch_up()
        return [UUID(r["game_id"]) for r in self.view.query("SELECT game_id FROM {thinking} ORDER BY since, game_id")]

    def due(self, now: datetime) -> list[UUID]:
        """Games where some seat's time has run out by `now`."""
        self.catch_up()
        rows = self.view.query("SELECT DISTINCT game_id FROM {waiting} WHERE deadline IS NOT NULL AND deadline <= :now",
                               {"now": stamp(now)})
        return [UUID(r["game_id"]) for r in rows]
