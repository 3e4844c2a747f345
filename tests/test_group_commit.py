"""Group commit, on SQLite and on PostgreSQL: commands of many threads are written in one
transaction, and a batch that fails is written again one command at a time, so that each
command gets its own answer (of two racing for the same move, one is stored, the other 409)."""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Sequence
from typing import Any
from uuid import UUID

import pytest
from eventsourcing.persistence import IntegrityError, StoredEvent

from domain.core import registry
from service.application import Shiplog, VersionConflict
from service.writing import Pending


def held_first_write(app: Shiplog, behind: int) -> list[int]:
    """The sizes of the batches the app writes (one-command retries included); its first write
    waits until `behind` more commands wait behind it, so that they go as one batch."""
    assert app.group is not None
    group, record = app.group, app.group._record
    sizes: list[int] = []

    def write(batch: Sequence[Pending]) -> None:
        if not sizes:
            deadline = time.monotonic() + 30
            while len(group._waiting) < behind:
                assert time.monotonic() < deadline, f"only {len(group._waiting)} commands came"
                time.sleep(0.001)
        sizes.append(len(batch))
        record(batch)

    group._record = write
    return sizes


def play_at_once(app: Shiplog, commands: list[tuple[UUID, int]]) -> dict[UUID, list[str]]:
    """Each (game, n) in a thread of its own, all let go together: the seat to act plays its
    n-th legal action, expecting the version it read. What each game's commands were told."""
    rules = registry.get("high-card")
    outcomes: dict[UUID, list[str]] = {gid: [] for gid, _ in commands}
    barrier = threading.Barrier(len(commands))

    def command(gid: UUID, pick: int) -> None:
        game = app.get_game(gid)
        seat = min(game.to_act())
        action = rules.legal_actions(game.state, seat)[pick]
        barrier.wait()
        try:
            app.submit(game, seat, action, expected_version=game.version)
            outcomes[gid].append("stored")
        except VersionConflict:
            outcomes[gid].append("conflict")

    threads = [threading.Thread(target=command, args=c) for c in commands]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return outcomes


def new_games(app: Shiplog, count: int) -> list[UUID]:
    return [app.create_game("high-card", [{"name": "a"}, {"name": "b"}], {"deck_size": 20}).game.id
            for _ in range(count)]


def test_a_batch_with_two_commands_for_one_move_is_written_again_one_by_one(
        store_env: dict[str, str], caplog: pytest.LogCaptureFixture) -> None:
    """20 threads, two commands for each of 10 games' same move. The first command written
    holds the others back until all 19 wait: they go as one batch, which holds a racing pair and
    fails, so each of the 19 is written alone. Of each pair exactly one is stored, the other is
    told so (409); nothing of the failed batch stayed, and no connection is left in its failed
    transaction (psycopg's pool would warn)."""
    caplog.set_level(logging.WARNING)
    app = Shiplog(store_env)
    games = new_games(app, 10)
    sizes = held_first_write(app, behind=19)
    outcomes = play_at_once(app, [(gid, pick) for gid in games for pick in (0, -1)])
    assert sizes == [1, 19] + [1] * 19
    fresh = Shiplog(store_env)
    for gid in games:
        assert sorted(outcomes[gid]) == ["conflict", "stored"]
        assert [e.originator_version for e in fresh.events_between(gid)] == [0, 1]
    assert not [r for r in caplog.records if r.name.startswith("psycopg")], caplog.text
    assert all(sorted(play_at_once(app, [(gid, 0)])[gid]) == ["stored"] for gid in games)  # the store goes on


def test_commands_for_many_games_at_once_are_stored_in_one_transaction(store_env: dict[str, str]) -> None:
    """20 threads, one command each for 20 games: the 19 behind the first go in one batch, all
    are stored, and the notification log (what read models and live streams follow) holds every
    event once, in order, with no gap."""
    app = Shiplog(store_env)
    games = new_games(app, 20)
    sizes = held_first_write(app, behind=19)
    outcomes = play_at_once(app, [(gid, 0) for gid in games])
    assert sizes == [1, 19]
    assert all(outcomes[gid] == ["stored"] for gid in games)
    fresh = Shiplog(store_env)
    assert all(fresh.get_game(gid).version == 1 for gid in games)
    log = fresh.recorder.select_notifications(start=None, limit=1000)
    ids = [n.id for n in log]
    assert ids == list(range(ids[0], ids[0] + 40))
    assert sorted((n.originator_id, n.originator_version) for n in log) == sorted(
        (gid, version) for gid in games for version in (0, 1))


@pytest.mark.postgres
def test_on_postgresql_a_refused_insert_leaves_nothing_and_a_clean_connection(postgres_env: dict[str, str]) -> None:
    """PostgreSQL's events go in one round trip (service/pgstore.py): a unique violation there is
    the library's IntegrityError, none of the transaction's rows stay, and the one pooled
    connection is idle again for the next write."""
    from psycopg import pq

    app = Shiplog({**postgres_env, "POSTGRES_POOL_SIZE": "1", "POSTGRES_MAX_OVERFLOW": "0"})
    gid = new_games(app, 1)[0]
    stored = app.recorder.select_events(gid)
    other = UUID(int=gid.int ^ 1)
    clash = [StoredEvent(other, 0, stored[0].topic, stored[0].state), stored[0]]
    with pytest.raises(IntegrityError):
        app.recorder.insert_events(clash)
    assert app.recorder.select_events(other) == []
    with app.recorder.datastore.get_connection() as conn:
        assert conn.info.transaction_status == pq.TransactionStatus.IDLE
    ids: Any = app.recorder.insert_events([StoredEvent(other, 0, stored[0].topic, stored[0].state)])
    assert len(ids) == 1 and ids[0] > app.recorder.select_notifications(start=None, limit=1)[0].id
    assert [e.originator_version for e in app.recorder.select_events(other)] == [0]


@pytest.mark.postgres
def test_on_postgresql_the_insert_function_holds_the_librarys_statements_and_is_made_when_missing(
        postgres_env: dict[str, str]) -> None:
    """The one statement of a write (service/pgstore.py) runs the library's: the events table's lock
    (the log's order is the commit order), the NOTIFY that wakes other workers, the INSERT. Any
    worker makes the function when it is missing (CREATE_TABLE=no too, as under `shiplog serve`),
    so a store made before it still takes writes."""
    app = Shiplog(postgres_env)
    recorder = app.recorder
    schema = recorder.datastore.schema

    def functions() -> list[Any]:
        with recorder.datastore.transaction(commit=True) as cursor:
            cursor.execute("SELECT p.oid::regprocedure::text AS name, pg_get_functiondef(p.oid) AS body FROM pg_proc p "
                           "JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = %s AND p.proname LIKE %s",
                           [schema, f"{recorder.events_table_name}_insert_%"])
            return cursor.fetchall()

    [made] = functions()
    body = made["body"]
    assert "LOCK TABLE" in body and "IN EXCLUSIVE MODE" in body and f'NOTIFY "{recorder.channel_name}"' in body
    assert "INSERT INTO" in body and "RETURNING notification_id" in body
    with recorder.datastore.transaction(commit=True) as cursor:
        cursor.execute(f"DROP FUNCTION {made['name']}")
    assert functions() == []
    worker = Shiplog({**postgres_env, "CREATE_TABLE": "no"})
    gid = new_games(worker, 1)[0]
    assert [f["body"] for f in functions()] == [body]
    assert Shiplog(postgres_env).get_game(gid).version == 0
