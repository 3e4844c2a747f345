"""PostgreSQL's writes of events in one round trip (`one_round_trip_inserts`).

The eventsourcing library writes a command's events to PostgreSQL in two round trips, the
table locked across the first: `BEGIN`, `SET LOCAL lock_timeout`, `LOCK TABLE ... IN EXCLUSIVE
MODE`, `NOTIFY` and the `INSERT` go together, the client waits for the `INSERT`'s answer
(a unique violation is then raised as such), and only then sends `COMMIT` and waits for the
commit's flush to disk. The lock (which makes the notification log's order the commit order,
so that a reader of the log never passes over a gap filled later) is held through that wait
and the second trip; every writer of every worker queues behind it. Here the whole
transaction goes in one trip, and commands of many threads share it (`GroupCommit`).

This reads the library's recorder (its statements and their order), so it is written for the
version pinned in pyproject.toml (eventsourcing 9.5.6): a new version of the library needs
tests/test_group_commit.py and tests/test_storage.py run on PostgreSQL before it is taken.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any
from uuid import UUID

from eventsourcing.persistence import InterfaceError, OperationalError, StoredEvent
from eventsourcing.utils import retry
from psycopg.sql import SQL, Composable, Identifier

BEGIN, COMMIT = b"BEGIN", b"COMMIT"


def quicker_statements(recorder: Any) -> None:
    """The events recorder's writes in one round trip, its reads with statements rendered once."""
    one_round_trip_inserts(recorder)
    kept_select_statements(recorder)


def one_round_trip_inserts(recorder: Any) -> None:
    """Write the events of a transaction with the library's statements, `COMMIT` included, in
    one pipeline and one round trip; the table's lock is then held only while the server works
    and flushes, never while a client's answer travels.

    The same statements and the same transaction as the library's `insert_events` (its lock
    timeout, its lock, its NOTIFY, its INSERT of the composite rows returning the notification
    ids), so the same rows, the same log order, the same wake-ups of other workers. A failing
    statement makes the server skip the rest, `COMMIT` included: nothing is stored, the error
    is raised (through the library's mapping: a unique violation is its IntegrityError, which
    the application answers 409) and the pool rolls the connection's failed transaction back
    as it takes the connection back. Connection errors are retried as the library retries them.
    """
    datastore = recorder.datastore
    before = [text(statement) for statement in recorder.lock_table_statements]
    before.append(text(SQL("NOTIFY {0}").format(Identifier(recorder.channel_name))))
    insert = text(recorder.insert_events_statement)  # ... RETURNING notification_id
    row = recorder.construct_pg_stored_event

    @retry((InterfaceError, OperationalError), max_attempts=10, wait=0.2)
    def insert_events(stored_events: Sequence[StoredEvent], **_: Any) -> Sequence[int] | None:
        if not stored_events:
            return []
        rows = [row(e.originator_id, e.originator_version, e.topic, e.state) for e in stored_events]
        with datastore.get_connection() as conn:
            failed: BaseException | None = None
            with conn.pipeline() as pipeline:
                try:
                    cursor = conn.cursor()
                    cursor.execute(BEGIN, prepare=True)
                    for statement in before:
                        cursor.execute(statement, prepare=True)
                    inserted = conn.cursor()
                    inserted.execute(insert, (rows,), prepare=True)
                    cursor.execute(COMMIT, prepare=True)
                    pipeline.sync()
                    ids = [r["notification_id"] for r in inserted.fetchall()]
                except BaseException as exc:  # raised once the pipeline is left (psycopg warns otherwise)
                    failed = exc
            if failed is not None:  # (leaving the pool's connection block rolls the transaction back)
                raise failed
        return ids

    recorder.insert_events = insert_events



def text(statement: Composable) -> bytes:
    """A statement as the bytes psycopg sends: psycopg renders a composed statement again at
    every execute (a fifth of a command's CPU in the store, profiled)."""
    return statement.as_bytes(None)


def kept_select_statements(recorder: Any) -> None:
    """Read a game's events with the library's statements, each rendered once.

    The library composes its SELECT anew at every read (`WHERE originator_id = %s`, then
    `AND originator_version > %s` and so on) and psycopg renders the composition to text
    again; every load of a game reads (for what other workers stored). The statements here are
    the same texts, kept by shape; the rows and the errors are the library's.
    """
    datastore = recorder.datastore
    base = text(recorder.select_events_statement)
    statements: dict[tuple[bool, bool, bool, bool], bytes] = {}

    @retry((InterfaceError, OperationalError), max_attempts=10, wait=0.2)
    def select_events(originator_id: UUID | str, *, gt: int | None = None, lte: int | None = None,
                      desc: bool = False, limit: int | None = None) -> Sequence[StoredEvent]:
        shape = (gt is not None, lte is not None, desc, limit is not None)
        statement = statements.get(shape)
        if statement is None:
            statement = statements[shape] = base + b"".join((
                b" AND originator_version > %s" if shape[0] else b"",
                b" AND originator_version <= %s" if shape[1] else b"",
                b" ORDER BY originator_version", b" DESC" if desc else b" ASC",
                b" LIMIT %s" if shape[3] else b""))
        params = [originator_id, *(p for p in (gt, lte, limit) if p is not None)]
        with datastore.get_connection() as conn, conn.cursor() as cursor:
            cursor.execute(statement, params, prepare=True)
            return [StoredEvent(originator_id=r["originator_id"], originator_version=r["originator_version"],
                                topic=r["topic"], state=bytes(r["state"])) for r in cursor.fetchall()]

    recorder.select_events = select_events
