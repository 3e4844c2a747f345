"""The store, on SQLite and on PostgreSQL: durable, versioned, snapshotted, conflict-safe."""

from __future__ import annotations

from typing import Any

import pytest

from domain.core.aggregate import Game
from domain.core.record import verify
from service.application import GameNotFound, Shiplog, VersionConflict
from tests import tinygame

PLAYERS = [{"name": "ann"}, {"name": "bob"}]


def play_out(app: Shiplog, game_id: Any) -> list[str]:
    """Play the game to its end through the application; the state hash after every version."""
    hashes = [app.get_game(game_id).state_hash]
    while True:
        game = app.get_game(game_id)
        if game.status != "active":
            return hashes
        seat = min(game.to_act())
        action = tinygame.legal_actions(game.state, seat)[-1]
        result = app.submit(game_id, seat, action, expected_version=game.version)
        hashes.extend(ev.state_hash for ev in result.new_events if hasattr(ev, "state_hash"))


def test_every_version_loads_as_it_was(shiplog: Shiplog) -> None:
    created = shiplog.create_game("high-card", PLAYERS, {"deck_size": 20})
    gid = created.game.id
    play_out(shiplog, gid)
    final = shiplog.get_game(gid)
    record = shiplog.record(gid)
    actions = {e["version"]: e for e in record["events"] if e["type"] == "ActionTaken"}
    for version, event in actions.items():
        then = shiplog.get_game(gid, version)
        assert then.version == version
        assert then.hash(then.state) == event["state_hash"]
    assert final.status == "finished" and final.seed_revealed
    assert verify(record).ok


def test_a_fresh_application_reads_what_another_wrote(store_env: dict[str, str]) -> None:
    writer = Shiplog(store_env)
    gid = writer.create_game("high-card", PLAYERS).game.id
    play_out(writer, gid)
    reader = Shiplog(store_env)
    assert reader.get_game(gid).state_hash == writer.get_game(gid).state_hash
    assert [r.id for r in reader.lobby.search(status="finished")] == [str(gid)]


def test_the_game_left_in_the_cache_after_a_command_misses_nothing(store_env: dict[str, str]) -> None:
    """After a command the process keeps a copy of the game it stored (no reload of its own
    events); two processes taking turns on one store still each see the other's moves, and what
    the cache holds loads the same as a fresh read."""
    one, two = Shiplog(store_env), Shiplog(store_env)
    gid = one.create_game("high-card", PLAYERS, {"deck_size": 20}).game.id
    apps = [one, two]
    turn = 0
    while (game := apps[turn % 2].get_game(gid)).status == "active":
        seat = min(game.to_act())
        result = apps[turn % 2].submit(gid, seat, tinygame.legal_actions(game.state, seat)[-1], game.version)
        assert one.repository.cache is not None
        cached = apps[turn % 2].repository.cache.get(gid)
        assert cached is not result.game and cached.version == result.game.version
        turn += 1
    fresh = Shiplog(store_env).get_game(gid)
    for app in apps:
        loaded = app.get_game(gid)
        assert (loaded.version, loaded.state_hash, loaded.status) == (fresh.version, fresh.state_hash, fresh.status)
        assert vars(loaded).keys() == vars(fresh).keys()


def test_loading_brings_a_copy_up_to_date_never_the_cached_game(store_env: dict[str, str]) -> None:
    """A load asks the store for what another process stored since the cached copy; the newer
    events are applied to the caller's copy, which then replaces the cached one: a game handed
    out earlier, or still cached, is never changed under its holder."""
    one, two = Shiplog(store_env), Shiplog(store_env)
    gid = one.create_game("high-card", PLAYERS, {"deck_size": 20}).game.id
    held = one.get_game(gid)
    assert one.repository.cache is not None
    before = one.repository.cache.get(gid)
    game = two.get_game(gid)
    seat = min(game.to_act())
    two.submit(gid, seat, tinygame.legal_actions(game.state, seat)[-1], game.version)
    loaded = one.get_game(gid)
    assert loaded.version == two.get_game(gid).version > held.version
    assert (held.version, before.version) == (game.version, game.version)  # untouched
    after = one.repository.cache.get(gid)
    assert after is not loaded and after is not before and after.version == loaded.version
    assert one.get_game(gid) is not loaded


def test_sqlite_connections_are_the_librarys_with_their_statements_kept(sqlite_env: dict[str, str]) -> None:
    """`statement_cache` opens the pool's connections as the library does (autocommit, rows by
    name, WAL), only keeping their prepared statements."""
    import sqlite3

    app = Shiplog(sqlite_env)
    pool = app.recorder.datastore.pool
    connection = pool.get_connection(is_writer=False)
    try:
        raw = connection._sqlite_conn
        assert raw.isolation_level is None and raw.row_factory is sqlite3.Row
        assert raw.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    finally:
        pool.put_connection(connection)


def test_snapshots_are_taken_and_loading_through_them_is_exact(store_env: dict[str, str]) -> None:
    app = Shiplog({**store_env, "SHIPLOG_SNAPSHOT_INTERVAL": "2"})
    gid = app.create_game("high-card", PLAYERS, {"deck_size": 20}).game.id
    play_out(app, gid)
    assert app.snapshots is not None
    snaps = list(app.snapshots.get(gid))
    assert snaps, "no snapshot was taken"
    plain = Shiplog({**store_env, "SHIPLOG_SNAPSHOT_INTERVAL": "0"})
    for snap in snaps:
        via_snapshot = app.get_game(gid, snap.originator_version)
        assert via_snapshot.state_hash == plain.get_game(gid, snap.originator_version).state_hash


def test_two_commands_for_the_same_version_cannot_both_land(shiplog: Shiplog) -> None:
    gid = shiplog.create_game("high-card", PLAYERS).game.id
    a = shiplog.get_game(gid)
    b = shiplog.get_game(gid)
    seat = min(a.to_act())
    a.take_action(seat, tinygame.legal_actions(a.state, seat)[0])
    b.take_action(seat, tinygame.legal_actions(b.state, seat)[-1])
    shiplog.save(a)
    with pytest.raises(Exception) as exc:
        shiplog.save(b)
    assert "Integrity" in type(exc.value).__name__
    assert shiplog.get_game(gid).version == 1


def test_a_stale_expected_version_is_a_conflict(shiplog: Shiplog) -> None:
    gid = shiplog.create_game("high-card", PLAYERS).game.id
    game = shiplog.get_game(gid)
    seat = min(game.to_act())
    shiplog.submit(gid, seat, tinygame.legal_actions(game.state, seat)[0], expected_version=0)
    with pytest.raises(VersionConflict):
        shiplog.submit(gid, 1, {"type": "draw"}, expected_version=0)


def test_the_same_idempotency_key_applies_once(shiplog: Shiplog) -> None:
    gid = shiplog.create_game("high-card", PLAYERS).game.id
    game = shiplog.get_game(gid)
    action = tinygame.legal_actions(game.state, 0)[0]
    first = shiplog.submit(gid, 0, action, idempotency_key="k1")
    again = shiplog.submit(gid, 0, action, idempotency_key="k1")
    assert not first.replayed and again.replayed
    assert shiplog.get_game(gid).version == 1
    assert [e.originator_version for e in again.new_events] == [1]
    game = shiplog.get_game(gid)
    shiplog.submit(gid, 1, tinygame.legal_actions(game.state, 1)[0])  # another seat moves on
    late = shiplog.submit(gid, 0, action, idempotency_key="k1")
    assert late.replayed and [e.originator_version for e in late.new_events] == [1]
    assert shiplog.get_game(gid).version == 2


def test_take_back_restores_the_earlier_state_and_keeps_history(shiplog: Shiplog) -> None:
    gid = shiplog.create_game("high-card", PLAYERS).game.id
    start = shiplog.get_game(gid).state_hash
    shiplog.submit(gid, 0, tinygame.legal_actions(shiplog.get_game(gid).state, 0)[0])
    shiplog.request_undo(gid, 0)
    game = shiplog.get_game(gid)
    assert game.state_hash == start and game.version == 2
    kinds = [e["type"] for e in shiplog.record(gid)["events"]]
    assert kinds == ["GameCreated", "ActionTaken", "UndoApplied"]
    assert verify(shiplog.record(gid)).ok


def test_take_back_with_consent_after_a_draw(shiplog: Shiplog) -> None:
    gid = shiplog.create_game("high-card", PLAYERS).game.id
    shiplog.submit(gid, 0, {"type": "draw"})
    before_draw = shiplog.get_game(gid, 0).state_hash
    shiplog.request_undo(gid, 0)
    assert shiplog.get_game(gid).undo_request is not None
    shiplog.answer_undo(gid, 1, True)
    game = shiplog.get_game(gid)
    assert game.undo_request is None and game.state_hash == before_draw
    assert verify(shiplog.record(gid)).ok


def test_export_then_import_round_trips(store_env: dict[str, str], tmp_path: Any) -> None:
    source = Shiplog(store_env)
    gid = source.create_game("high-card", [{"name": "a", "bot": "random"}, {"name": "b", "bot": "random"}]).game.id
    record = source.record(gid)
    target = Shiplog({"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": str(tmp_path / "other.sqlite")})
    new_id, tokens, host = target.import_record(record)
    assert new_id == gid and tokens == [None, None] and host
    assert target.record(gid)["events"] == record["events"]
    with pytest.raises(Exception) as exc:
        target.import_record(record)
    assert getattr(exc.value, "code", "") == "record.exists"


def test_unknown_games_are_not_found(shiplog: Shiplog) -> None:
    import uuid

    with pytest.raises(GameNotFound):
        shiplog.get_game(uuid.uuid4())


def test_old_events_pass_through_the_upcasting_hook(store_env: dict[str, str], monkeypatch: Any) -> None:
    """Stored events carry class_version; a newer class upcasts them on load (eventsourcing)."""
    app = Shiplog(store_env)
    gid = app.create_game("high-card", PLAYERS).game.id
    app.submit(gid, 0, {"type": "draw"})
    seen: list[int] = []

    def upcast_v1_v2(state: dict[str, Any]) -> None:
        seen.append(state["seat"])
        state["facts"] = [dict(f, upcast=True) if f["t"] == "CardDrawn" else f for f in state["facts"]]

    monkeypatch.setattr(Game.ActionTaken, "class_version", 2, raising=False)
    monkeypatch.setattr(Game.ActionTaken, "upcast_v1_v2", staticmethod(upcast_v1_v2), raising=False)
    fresh = Shiplog(store_env)
    events = fresh.events_between(gid)
    assert seen == [0]
    assert events[1].facts[0]["upcast"] is True
