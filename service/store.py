"""The store's health as the HTTP API and the command lines report it.

- `check_at_start(env)`: a damaged SQLite file is found before the server (or `replay`) uses
  it (`PRAGMA quick_check`), with a message that says what to do.
- `check_writable(app)`: `/healthz` writes one row (a full disk or a read-only store is not
  healthy, even when reads still work).
- `problem_for(exc)`: a store failure during a request is a 503 with a sentence, never a 500;
  nothing was saved (the store rolled the transaction back).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping
from pathlib import Path
from typing import Any
from uuid import UUID

from eventsourcing.persistence import (
    DatabaseError,
    DataError,
    IntegrityError,
    InterfaceError,
    InternalError,
    NotSupportedError,
    OperationalError,
    PersistenceError,
    ProgrammingError,
    StoredEvent,
)
from eventsourcing.sqlite import SQLITE3_DEFAULT_LOCK_TIMEOUT, SQLiteConnection

from domain.core.i18n import _

from .problems import Problem

HEALTH_TABLE = "shiplog_health"


class StoreDamaged(Exception):
    """The store file cannot be used as it is."""


def sqlite_path(env: Mapping[str, str]) -> Path | None:
    """The SQLite file of this environment, or None (PostgreSQL, in-memory, a URI)."""
    if env.get("PERSISTENCE_MODULE") != "eventsourcing.sqlite":
        return None
    name = env.get("SQLITE_DBNAME", "")
    if not name or name == ":memory:" or name.startswith("file:"):
        return None
    return Path(name).expanduser()


def check_at_start(env: Mapping[str, str]) -> None:
    """Raise StoreDamaged with a clear message if the SQLite file fails `PRAGMA quick_check`."""
    path = sqlite_path(env)
    if path is None or not path.is_file() or path.stat().st_size == 0:
        return
    try:
        with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as conn:
            rows = [row[0] for row in conn.execute("PRAGMA quick_check(5)")]
        conn.close()
    except sqlite3.DatabaseError as exc:
        rows = [str(exc)]
    if rows != ["ok"]:
        raise StoreDamaged(
            f"The store {path} is damaged ({'; '.join(rows)}). Nothing was changed. Restore it from a "
            f"backup, or try `sqlite3 {path} .recover` to save what is left; or point SQLITE_DBNAME elsewhere."
        )


def check_writable(app: Any) -> None:
    """Write one row, as the store would for a move: raises the store's error if it cannot."""
    datastore = app.recorder.datastore
    schema = getattr(datastore, "schema", None)
    table = f'"{schema}".{HEALTH_TABLE}' if schema else HEALTH_TABLE
    with datastore.transaction(commit=True) as cursor:
        cursor.execute(f"CREATE TABLE IF NOT EXISTS {table} (id INTEGER PRIMARY KEY, checked_at TEXT NOT NULL)")
        cursor.execute(
            f"INSERT INTO {table} (id, checked_at) VALUES (1, CAST(CURRENT_TIMESTAMP AS TEXT)) "
            "ON CONFLICT (id) DO UPDATE SET checked_at = excluded.checked_at"
        )


def problem_for(exc: PersistenceError) -> Problem:
    """503 with a sentence: what is wrong with the store, and that nothing was saved."""
    text = str(exc).lower()
    if "full" in text or "no space" in text:
        return Problem(503, "store.full", _("The server's disk is full, so nothing was saved. Try again later; "
                       "the server's operator has to make room."))
    if "readonly" in text or "read-only" in text or "read only" in text:
        return Problem(503, "store.read_only", _("The store is read-only at the moment, so nothing was saved. "
                       "Try again later."))
    if "malformed" in text or "not a database" in text or "corrupt" in text:
        return Problem(503, "store.damaged", _("The store is damaged, so nothing was saved; the server's operator "
                       "has to restore it."))
    return Problem(503, "store.unavailable", _("The store cannot be reached at the moment, so nothing was saved. "
                   "Try again later."))


_SQLITE_ERRORS: tuple[tuple[type[sqlite3.Error], type[PersistenceError]], ...] = (
    (sqlite3.InterfaceError, InterfaceError), (sqlite3.DataError, DataError),
    (sqlite3.OperationalError, OperationalError), (sqlite3.IntegrityError, IntegrityError),
    (sqlite3.InternalError, InternalError), (sqlite3.ProgrammingError, ProgrammingError),
    (sqlite3.NotSupportedError, NotSupportedError), (sqlite3.DatabaseError, DatabaseError),
)


def single_statement_reads(recorder: Any) -> None:
    """Read a game's events from SQLite with the one SELECT alone.

    The library wraps every read in `BEGIN` ... `ROLLBACK` on a pooled connection in autocommit
    mode; for one statement SQLite's own implicit transaction gives the same rows (one
    consistent snapshot), and the explicit pair cost 30-40 µs of the 60 µs a read took here,
    paid by every load of a game (each request of the hot routes). The pool (and its
    reader/writer interlocking) is the library's; its errors are raised as the library raises
    them, so a failing store is still a 503.
    """
    pool = recorder.datastore.pool
    base = recorder.select_events_statement
    convert = recorder.convert_originator_id

    def select_events(originator_id: UUID | str, *, gt: int | None = None, lte: int | None = None,
                      desc: bool = False, limit: int | None = None) -> list[StoredEvent]:
        statement = base
        params: list[Any] = [originator_id.hex if isinstance(originator_id, UUID) else originator_id]
        if gt is not None:
            statement += "AND originator_version>? "
            params.append(gt)
        if lte is not None:
            statement += "AND originator_version<=? "
            params.append(lte)
        statement += "ORDER BY originator_version " + ("DESC " if desc else "ASC ")
        if limit is not None:
            statement += "LIMIT ? "
            params.append(limit)
        connection = pool.get_connection(is_writer=False)
        try:
            cursor = connection.cursor()
            try:
                cursor.execute(statement, params)
                rows = cursor.fetchall()
            finally:
                cursor.sqlite_cursor.close()
        except sqlite3.Error as exc:
            raise next((ours for theirs, ours in _SQLITE_ERRORS if isinstance(exc, theirs)), PersistenceError)(exc) from exc
        finally:
            pool.put_connection(connection)
        return [StoredEvent(originator_id=convert(row["originator_id"]), originator_version=row["originator_version"],
                            topic=row["topic"], state=row["state"]) for row in rows]

    recorder.select_events = select_events


STATEMENTS = 128  # prepared statements kept per SQLite connection (sqlite3's default)


def statement_cache(pool: Any) -> None:
    """Open the library's pooled SQLite connections with a cache of prepared statements.

    The library opens them with `cached_statements=True`, which sqlite3 reads as a cache of
    one statement: every statement a connection ran evicted the one before, so each SELECT,
    INSERT, BEGIN and COMMIT of a command was parsed and planned again by SQLite (about 10 µs
    each; a tenth of the server's CPU per move). This is the library's own
    `SQLiteConnectionPool._create_connection` with sqlite3's default of 128 statements: the
    same connections otherwise (URI names, any thread, autocommit, its lock timeout, WAL for a
    file, rows by name). Call it before the pool opens its first connection.
    """

    def create_connection() -> SQLiteConnection:
        try:
            connection = sqlite3.connect(database=pool.db_name, uri=True, check_same_thread=False,
                                         isolation_level=None, cached_statements=STATEMENTS,
                                         timeout=pool.lock_timeout or SQLITE3_DEFAULT_LOCK_TIMEOUT)
        except (sqlite3.Error, TypeError) as exc:
            raise InterfaceError(exc) from exc
        if not pool.is_sqlite_memory_mode and not pool.is_journal_mode_wal:
            cursor = connection.cursor()
            cursor.execute("PRAGMA journal_mode;")
            if cursor.fetchone()[0].lower() != "wal":
                cursor.execute("PRAGMA journal_mode=WAL;")
                pool.journal_mode_was_changed_to_wal = True
            pool.is_journal_mode_wal = True
        connection.row_factory = sqlite3.Row
        return SQLiteConnection(sqlite_conn=connection, max_age=pool.max_age)

    pool._create_connection = create_connection
