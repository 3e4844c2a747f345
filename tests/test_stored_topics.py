"""Stored events name their class by topic (`domain.core.aggregate:Game.ActionTaken`), snapshots
name theirs (`domain.core.aggregate:Game.Snapshot`) and the classes of a game's attributes
(`domain.core.aggregate:Move`). The Game aggregate's parts have modules of their own
(domain/core/game/), yet every one of these names is the same: stores written before load, and
what is written now is what was written then (so the build before can read it too).

tests/records/store-before-the-split.json holds raw rows written by the build before the split
(its "about" says which): they are inserted as they are and loaded through today's code. The
fixtures are stored under the topics spelt out here, then loaded and verified.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any
from uuid import UUID

import pytest
from eventsourcing.persistence import StoredEvent
from eventsourcing.utils import get_topic, resolve_topic

import domain.core.aggregate
from domain.core import codec
from domain.core.aggregate import Game
from domain.core.game.base import Move, Status, UndoRequest
from domain.core.record import verify
from service.application import Shiplog

ROOT = Path(__file__).resolve().parent.parent
BEFORE = ROOT / "tests" / "records" / "store-before-the-split.json"
FIXTURES = sorted(ROOT.joinpath("fixtures").rglob("*.json"))

TOPIC = "domain.core.aggregate:Game."  # every stored Game event's topic: this and its class name
EVENTS = (
    "GameCreated", "SeatTaken", "SeatLeft", "GameStarted", "MadePrivate", "InviteRenewed",
    "ActionTaken", "UndoRequested", "UndoAnswered", "UndoApplied", "ClockRelaxed", "DaysOffChanged", "BotStoodIn",
    "PlayerReturned", "PlayerResigned", "TimedOut", "MessagePosted", "GameAbandoned", "SeedRevealed",
    "OrderGiven", "OrderChanged", "OrderCancelled", "OrderDropped",
)
# events the build before the split did not have: days off, standing orders
SINCE_THE_SPLIT = ("DaysOffChanged", "OrderGiven", "OrderChanged", "OrderCancelled", "OrderDropped")


def sqlite(path: Path, **more: str) -> dict[str, str]:
    return {"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": str(path), **more}


def replayed(events: list[Any]) -> Game:
    """The game the events make, folded one by one; every state hash an event carries checked."""
    game = None
    for event in events:
        game = event.mutate(game)
        if getattr(event, "state_hash", None) is not None:
            assert game.state_hash == event.state_hash, (type(event).__name__, event.originator_version)
    assert isinstance(game, Game)
    return game


def attributes(game: Game) -> dict[str, Any]:
    return codec.loads(Game.Snapshot.take(game).state["codec"])  # type: ignore[no-any-return]


def test_every_event_class_is_the_games_own_under_the_topic_stores_carry() -> None:
    found = {name for name, value in vars(Game).items()
             if isinstance(value, type) and issubclass(value, Game.Event) and name not in ("Event", "Created")}
    assert found == set(EVENTS)
    for name in EVENTS:
        cls = getattr(Game, name)
        assert get_topic(cls) == TOPIC + name and resolve_topic(TOPIC + name) is cls
        # Its part's class before Game.Event: the part's DETAIL, `said` and upcasts are its own.
        assert cls.__bases__[0] is not Game.Event and cls.__bases__[-1] is Game.Event, cls.__bases__
    assert get_topic(Game.Snapshot) == TOPIC + "Snapshot"
    assert get_topic(Game) == "domain.core.aggregate:Game"
    assert Game.SeatTaken.DETAIL == ("name", "bot", "player", "entropy")
    assert Game.SeatTaken.said({"name": "ann", "entropy": ""}) == "ann takes a seat."


def test_the_names_code_imported_from_the_aggregate_module_still_import() -> None:
    for name in domain.core.aggregate.__all__:
        assert getattr(domain.core.aggregate, name) is not None, name
    # Snapshots name the classes of a game's attributes as they always did.
    attrs = {"status": Status.ACTIVE, "moves": (Move(1, 0, False),), "undo": UndoRequest(0, 1, frozenset())}
    text = codec.dumps(attrs)
    for name in ("Status", "Move", "UndoRequest"):
        assert f'"domain.core.aggregate:{name}"' in text
    assert codec.loads(text) == attrs


def test_a_store_written_before_the_split_loads_and_is_written_again_byte_for_byte(tmp_path: Path) -> None:
    rows = json.loads(BEFORE.read_text())
    assert {r[2] for r in rows["events"]} == {TOPIC + n for n in EVENTS if n not in SINCE_THE_SPLIT}  # every kind it had
    app = Shiplog(sqlite(tmp_path / "before.sqlite", SHIPLOG_SNAPSHOT_INTERVAL="5"))
    app.recorder.insert_events([StoredEvent(UUID(i), v, topic, state.encode()) for i, v, topic, state in rows["events"]])
    assert app.snapshots is not None
    app.snapshots.recorder.insert_events(
        [StoredEvent(UUID(i), v, topic, state.encode()) for i, v, topic, state in rows["snapshots"]])
    games = list(dict.fromkeys(UUID(r[0]) for r in rows["events"]))
    assert len(games) == 5
    for gid in games:
        stored = [r for r in rows["events"] if UUID(r[0]) == gid]
        events = app.events_between(gid)
        assert [e.originator_version for e in events] == [r[1] for r in stored]
        for event, (_, _, topic, state) in zip(events, stored, strict=True):
            again = app.mapper.to_stored_event(event)
            assert (again.topic, again.state.decode()) == (topic, state)
        game = replayed(events)
        # Loaded through its stored snapshots (and the events after them): the same game.
        assert attributes(app.get_game(gid)) == attributes(game)
        for i, version, topic, state in rows["snapshots"]:
            if UUID(i) == gid:
                taken = Game.Snapshot.take(app.get_game(gid, version))
                again = app.mapper.to_stored_event(taken)
                assert again.topic == topic
                assert json.loads(again.state)["state"] == json.loads(state)["state"]
        assert verify(app.record(gid)).ok


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_a_fixture_stored_under_the_old_topics_loads_and_verifies(path: Path, tmp_path: Path) -> None:
    record = json.loads(path.read_text())
    source = Shiplog(sqlite(tmp_path / "source.sqlite"))
    gid, _tokens, _host = source.import_record(record)
    types = {row["version"]: row["type"] for row in record["events"]}
    rows = [source.mapper.to_stored_event(e) for e in source.events_between(gid)]
    # The rows as a store written before the split holds them: each topic spelt out by hand.
    old = [StoredEvent(r.originator_id, r.originator_version, TOPIC + types[r.originator_version], r.state)
           for r in rows]
    assert [r.topic for r in rows] == [r.topic for r in old]
    target = Shiplog(sqlite(tmp_path / "old.sqlite"))
    target.recorder.insert_events(old)
    events = Shiplog(sqlite(tmp_path / "old.sqlite")).events_between(gid)
    assert [type(e).__name__ for e in events] == [types[v] for v in sorted(types)]
    game = replayed(events)
    assert game.status == record["status"]
    assert game.state_hash == [e["state_hash"] for e in record["events"] if e.get("state_hash")][-1]
    loaded = target.record(gid)
    assert loaded["events"] == record["events"]
    assert verify(loaded).ok
