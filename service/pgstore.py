"""PostgreSQL's writes of events in one statement and one round trip (`one_statement_inserts`).

The eventsourcing library writes a command's events to PostgreSQL in two round trips, the
table locked across the first: `BEGIN`, `SET LOCAL lock_timeout`, `LOCK TABLE ... IN EXCLUSIVE
MODE`, `NOTIFY` and the `INSERT` go together, the client waits for the `INSERT`'s answer
(a unique violation is then raised as such), and only then sends `COMMIT` and waits for the
commit's flush to disk. The lock (which makes the notification log's order the commit order,
so that a reader of the log never passes over a gap filled later) is held through that wait
and the second trip; every writer of every worker queues behind it. Here the whole
transaction is one statement (a function of the store's own, made by the first process that finds
it missing), and the commands of many threads share it (`GroupCommit`).

This reads the library's recorder (its statements and their order), so it is written for the
version pinned in pyproject.toml (eventsourcing 9.5.6): a new version of the library needs
tests/test_group_commit.py and tests/test_storage.py run on PostgreSQL before it is taken.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import Any
from uuid import UUID

from eventsourcing.persistence import InterfaceError, OperationalError, StoredEvent
from eventsourcing.utils import retry
from psycopg.sql import SQL, Composable, Identifier


def quicker_statements(recorder: Any) -> None:
    """The events recorder's writes in one statement, its reads with statements rendered once."""
    one_statement_inserts(recorder)
    kept_select_statements(recorder)


def one_statement_inserts(recorder: Any) -> None:
    """Write the events of a transaction with one statement: a function of the store's own,
    `<events table>_insert_<digest of its text>`, made when missing, that runs the statements of
    the library's `insert_events` in the server, in the statement's own transaction (the pool's
    connections autocommit).

    The same statements as the library's `insert_events`, in the same order: its lock timeout,
    its lock of the events table (so the notification log's order is the commit order, and a
    reader of the log never passes over a gap filled later), its NOTIFY, its INSERT returning
    the notification ids (the rows as four binary arrays rather than one composite array in
    text, whose escaping cost 50 us a write); so the same rows, the same log order, the same
    wake-ups of other workers. The lock is held only while the server works and flushes,
    never while a client's answer travels; a failing INSERT (a unique violation: the library's
    IntegrityError, which the application answers 409) stores nothing. Sent as six pipelined
    statements before, the write took 200-280 us of the client's CPU and now takes 55-75 us
    (docs/perf.md). (The library's own function, POSTGRES_ENABLE_DB_FUNCTIONS, leaves the lock
    out.) Connection errors are retried as the library retries them.
    """
    datastore = recorder.datastore
    schema = Identifier(datastore.schema)
    insert = SQL(  # the library's INSERT, its composite rows as four arrays (binary: no text to escape)
        "INSERT INTO {schema}.{table} (originator_id, originator_version, topic, state) "
        "SELECT * FROM unnest(ids, versions, topics, states) RETURNING notification_id"
    ).format(schema=schema, table=Identifier(recorder.events_table_name))
    body = text(SQL(" ").join([
        *(SQL("{0};").format(statement) for statement in recorder.lock_table_statements),
        SQL("NOTIFY {0};").format(Identifier(recorder.channel_name)),
        SQL("RETURN QUERY {0};").format(insert),
    ]))
    ids = SQL(datastore.originator_id_type)
    # Named by its text: a function of other statements (another version of this code or of the
    # library) is another function, made beside it, never replaced under a running worker.
    function = Identifier(f"{recorder.events_table_name}_insert_{hashlib.sha1(body).hexdigest()[:10]}")
    with datastore.transaction(commit=True) as cursor:  # one process at a time: two making it would clash
        cursor.execute(b"SELECT pg_advisory_xact_lock(hashtext('shiplog: the insert function'))")
        cursor.execute(b"SELECT to_regproc(%s) IS NOT NULL AS found", [text(SQL("{0}.{1}").format(schema, function)).decode()])
        found = cursor.fetchone()
        if not (found and found["found"]):
            cursor.execute(SQL(
                "CREATE FUNCTION {schema}.{function}(ids {ids}[], versions bigint[], topics text[], states bytea[]) "
                "RETURNS SETOF bigint LANGUAGE plpgsql AS $body$ BEGIN {body} END; $body$"
            ).format(schema=schema, function=function, ids=ids, body=SQL(body.decode())), prepare=False)
    call = text(SQL("SELECT notification_id FROM {0}.{1}(%b::{2}[], %b::bigint[], %b::text[], %b::bytea[]) AS notification_id")
                .format(schema, function, ids))

    @retry((InterfaceError, OperationalError), max_attempts=10, wait=0.2)
    def insert_events(stored_events: Sequence[StoredEvent], **_: Any) -> Sequence[int] | None:
        if not stored_events:
            return []
        columns = ([e.originator_id for e in stored_events], [e.originator_version for e in stored_events],
                   [e.topic for e in stored_events], [e.state for e in stored_events])
        with datastore.get_connection() as conn, conn.cursor() as cursor:
            cursor.execute(call, columns, prepare=True)
            return [found["notification_id"] for found in cursor.fetchall()]

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
