"""How the application writes to SQLite and measures its store: one writer at a time
(`SQLiteWriter`), commands of many threads in one transaction (`GroupCommit`) and the rows and
bytes of a table (`table_size`)."""

from __future__ import annotations

import contextlib
import os
import threading
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from uuid import UUID

try:
    import fcntl
except ImportError:  # Windows: one process per SQLite file there, the thread lock suffices
    fcntl = None  # type: ignore[assignment]


class SQLiteWriter:
    """One writer at a time to a SQLite file, among the threads of a process and among processes.

    SQLite lets one connection write at a time. Left to the eventsourcing pool, a second writer
    thread waits for the first while holding the pool's queue, so every reader queues behind it
    (a profile of `shiplog serve` under 40 clients found most request threads waiting there
    while one thread committed); and a writer in another process polls with growing sleeps
    (SQLite's busy handler: 1, 2, 5, ... 100 ms), which made p99 latencies of around a second
    with two gunicorn workers. Taking this lock first means the pool never has a writer waiting,
    and a writer in another process wakes the moment the file lock (`<database>.lock`) is free.
    """

    def __init__(self, database: str) -> None:
        self._threads = threading.Lock()
        in_memory = database == ":memory:" or "mode=memory" in database
        path = None if in_memory or fcntl is None else Path(database.removeprefix("file:").split("?")[0])
        # Readable by its owner only, like the store itself (tests/test_store_faults.py).
        self._file = (os.fdopen(os.open(path.with_name(path.name + ".lock"), os.O_RDWR | os.O_CREAT, 0o600), "a+b")
                      if path is not None else None)

    @contextlib.contextmanager
    def __call__(self) -> Iterator[None]:
        with self._threads:
            if self._file is None:
                yield
                return
            fcntl.flock(self._file, fcntl.LOCK_EX)
            try:
                yield
            finally:
                fcntl.flock(self._file, fcntl.LOCK_UN)


@dataclass
class Pending:
    """One command's new events, waiting to be written with whatever else is waiting."""

    aggregate: Any
    events: list[Any]
    done: threading.Event = field(default_factory=threading.Event)
    lead: bool = False  # handed the job of writing the next batch
    error: BaseException | None = None


class GroupCommit:
    """Commands from many threads stored together on SQLite: one transaction, one fsync.

    SQLite commits one transaction at a time and each costs an fsync (0.4 ms on a quiet disk,
    6-8 ms measured here while other work used the disk). The first command to arrive writes;
    the ones that arrive while it is on its way to disk wait, and the first of them then writes
    them all in one transaction, so the batch grows with the load and nobody waits for more
    than one commit ahead of their own. A batch that fails (two commands for the same move, or
    anything else) is written again one command at a time, so each gets its own answer: the
    first of two racing commands is stored, the other one raises as if it had been alone.
    """

    def __init__(self, record: Callable[[Sequence[Pending]], None]) -> None:
        self._record = record  # writes a batch in one transaction (the application's `record_and_snapshot`)
        self._lock = threading.Lock()
        self._waiting: list[Pending] = []
        self._writing = False

    def save(self, aggregate: Any) -> None:
        pending = Pending(aggregate, list(aggregate.collect_events()))
        with self._lock:
            self._waiting.append(pending)
            pending.lead = not self._writing
            self._writing = True
        if not pending.lead:
            pending.done.wait()
        if pending.lead:
            self._lead()
        if pending.error is not None:
            raise pending.error

    def _lead(self) -> None:
        with self._lock:
            batch, self._waiting = self._waiting, []
        try:
            self._write(batch)
        finally:
            with self._lock:
                if self._waiting:  # the next batch is written by the first of those waiting
                    self._waiting[0].lead = True
                    self._waiting[0].done.set()
                else:
                    self._writing = False
            for pending in batch:
                pending.done.set()

    def _write(self, batch: list[Pending]) -> None:
        try:
            self._record(batch)
        except Exception as exc:  # nothing of the batch was stored: the transaction rolled back
            if len(batch) == 1:
                batch[0].error = exc
                return
            for pending in batch:
                try:
                    self._record([pending])
                except Exception as alone:
                    pending.error = alone


def table_size(recorder: Any) -> tuple[int, int]:
    """(rows, bytes) of one SQLite or PostgreSQL table of the eventsourcing library."""
    datastore, table = recorder.datastore, recorder.events_table_name
    schema = getattr(datastore, "schema", None)
    if schema is None:
        statement: Any = f'SELECT * FROM "{table}"'
    else:
        from psycopg.sql import SQL, Identifier  # lazy: PostgreSQL only

        statement = SQL("SELECT * FROM {}.{}").format(Identifier(schema), Identifier(table))
    rows = size = 0
    with datastore.transaction(commit=False) as cursor:
        cursor.execute(statement)
        for row in cursor.fetchall():
            rows += 1
            for value in row.values() if isinstance(row, dict) else tuple(row):
                if isinstance(value, bytes | bytearray | memoryview):
                    size += len(value)
                elif isinstance(value, str):
                    size += len(value.encode("utf-8"))
                elif isinstance(value, UUID):
                    size += 16
                elif value is not None:
                    size += 8
    return rows, size
