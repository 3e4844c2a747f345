"""What the store holds, on SQLite and on PostgreSQL: a failing snapshot write fails no request,
and a game's stored bytes grow with its length, not with its square."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any
from uuid import UUID

import pytest

from domain.core import registry
from replay.loadgen import play_complete_game
from service.app import create_app
from service.application import Shiplog

# A complete 4-player Puerto Rico game may store at most this much per event on average,
# snapshots included (issue 8: it was ~5.5 KB while snapshots held the whole move history).
MAX_BYTES_PER_EVENT = 2048


@contextmanager
def snapshot_inserts_refused(app: Shiplog) -> Iterator[None]:
    """A store whose snapshot table refuses every insert (a trigger raises), until the block ends."""
    assert app.snapshots is not None
    recorder = app.snapshots.recorder
    datastore, table = recorder.datastore, recorder.events_table_name
    schema = getattr(datastore, "schema", None)
    if schema is None:  # SQLite
        create = [f"CREATE TRIGGER refuse_snapshots BEFORE INSERT ON {table} "
                  "BEGIN SELECT RAISE(ABORT, 'snapshot store is failing'); END"]
        drop = ["DROP TRIGGER refuse_snapshots"]
    else:  # PostgreSQL, inside the test's own schema
        create = [f'CREATE FUNCTION "{schema}".refuse_snapshots() RETURNS trigger LANGUAGE plpgsql AS '
                  "$$ BEGIN RAISE EXCEPTION 'snapshot store is failing'; END $$",
                  f'CREATE TRIGGER refuse_snapshots BEFORE INSERT ON "{schema}"."{table}" '
                  f'FOR EACH ROW EXECUTE FUNCTION "{schema}".refuse_snapshots()']
        drop = [f'DROP TRIGGER refuse_snapshots ON "{schema}"."{table}"',
                f'DROP FUNCTION "{schema}".refuse_snapshots()']
    with datastore.transaction(commit=True) as cursor:
        for statement in create:
            cursor.execute(statement)
    try:
        yield
    finally:
        with datastore.transaction(commit=True) as cursor:
            for statement in drop:
                cursor.execute(statement)


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def play_one(client: Any, game: dict[str, Any]) -> dict[str, Any]:
    """POST the first legal action of the seat to act; the 201 answer."""
    gid = game["id"]
    view = client.get(f"/v1/games/{gid}").json
    token = game["seats"][view["to_act"][0]]["token"]
    action = client.get(f"/v1/games/{gid}/actions", headers=auth(token)).json["actions"][0]
    resp = client.post(f"/v1/games/{gid}/actions", json=action,
                       headers={**auth(token), "If-Match": f'"{view["version"]}"'})
    assert resp.status_code == 201, resp.json
    return resp.json  # type: ignore[no-any-return]


def test_a_failing_snapshot_write_fails_no_request(store_env: dict[str, str], caplog: pytest.LogCaptureFixture) -> None:
    """Item 5 of issue 8: every move stored is answered 201, and a new game's tokens reach its creator."""
    env = {**store_env, "SHIPLOG_SNAPSHOT_INTERVAL": "2"}
    flask_app = create_app({"TESTING": True}, env)
    app: Shiplog = flask_app.extensions["shiplog"]
    client = flask_app.test_client()
    caplog.set_level(logging.WARNING, logger="shiplog.store")
    with snapshot_inserts_refused(app):
        game = client.post("/v1/games", json={"game": "high-card", "players": ["ann", "bob"], "forced_moves": False,
                                               "options": {"deck_size": 20}}).json  # (high-card's draw is forced)
        versions = [play_one(client, game)["version"] for _ in range(4)]
        # A whole game played by bots in one command (the HTTP API refuses games of bots only,
        # the application does not): many snapshot versions, all refused, none fails the command.
        bots = app.create_game("high-card", [{"name": "r", "bot": "random"}, {"name": "h", "bot": "highest"}],
                               {"deck_size": 20})
        assert app.stored_size()["snapshots"][0] == 0, "the store did not refuse the snapshots"
    assert versions == [1, 2, 3, 4]
    assert any("snapshot" in r.getMessage() for r in caplog.records), "the failed snapshot was not logged"
    gid = UUID(game["id"])
    events = app.events_between(gid)
    assert [e.originator_version for e in events] == [0, 1, 2, 3, 4]
    # The tokens handed out work: the game goes on, and the next snapshot is taken as usual.
    answer = play_one(client, game)
    answer = answer if answer["version"] % 2 == 0 else play_one(client, game)
    assert [s.originator_version for s in app.snapshots.get(gid)] == [answer["version"]]
    fresh, plain = Shiplog(env), Shiplog({**store_env, "SHIPLOG_SNAPSHOT_INTERVAL": "0"})
    for version in range(answer["version"] + 1):
        assert fresh.get_game(gid, version).state_hash == plain.get_game(gid, version).state_hash
    bots_id = bots.game.id
    assert fresh.get_game(bots_id).status == "finished"
    assert fresh.record(bots_id)["status"] == "finished"


def test_a_complete_puerto_rico_game_stores_under_2kb_per_event(store_env: dict[str, str]) -> None:
    """Item 6 of issue 8: events and snapshots of a whole 4-player game, summed row by row."""
    app = Shiplog({**store_env, "SHIPLOG_SNAPSHOT_INTERVAL": "50"})
    gid = play_complete_game(app, "puerto-rico", 4)
    events = app.get_game(gid).version + 1
    size = app.stored_size()
    assert size["events"][0] == events and size["snapshots"][0] == (events - 1) // 50  # none at 0
    per_event = (size["events"][1] + size["snapshots"][1]) / events
    assert per_event < MAX_BYTES_PER_EVENT, f"{per_event:.0f} bytes per event ({size})"


def test_a_game_keeps_one_move_per_seat_and_a_seat_can_take_back_twice(store_env: dict[str, str]) -> None:
    """What take-backs need, not the whole history: each seat's latest move in effect. After a
    take-back the moves in effect then come back with the state, so the seat can go on back."""
    app = Shiplog(store_env)
    gid = app.create_game("high-card", [{"name": "ann"}, {"name": "bob"}], {"deck_size": 20}).game.id
    states = {0: app.get_game(gid).state_hash}
    for _ in range(3):  # ann plays, bob plays, ann plays: versions 1, 2, 3
        game = app.get_game(gid)
        seat = min(game.to_act())
        play = next(a for a in registry.get("high-card").legal_actions(game.state, seat) if a["type"] == "play")
        version = app.submit(game, seat, play).game.version
        states[version] = app.get_game(gid).state_hash
    game = app.get_game(gid)
    assert [(m.version, m.seat) for m in game.moves] == [(2, 1), (3, 0)]
    app.request_undo(gid, 0)  # ann's own latest move: taken back at once
    game = app.get_game(gid)
    assert game.version == 4 and game.state_hash == states[2]
    assert [(m.version, m.seat) for m in game.moves] == [(1, 0), (2, 1)]
    app.request_undo(gid, 0)  # ann's move before: bob moved since, so bob must agree
    assert app.get_game(gid).undo_request.to_version == 0  # type: ignore[union-attr]
    app.answer_undo(gid, 1, True)
    fresh = Shiplog(store_env).get_game(gid)
    assert fresh.state_hash == states[0] and fresh.moves == ()
    with pytest.raises(Exception) as exc:
        app.request_undo(gid, 0)
    assert getattr(exc.value, "code", "") == "undo.nothing"


def test_a_version_2_snapshot_with_the_whole_history_is_upcast(sqlite_env: dict[str, str]) -> None:
    """Snapshots that kept every move and raw Idempotency-Keys load as one move per seat."""
    import copy
    import json

    from domain.core import codec
    from domain.core.aggregate import Game
    from domain.core.game.base import Move
    from domain.core.game.play import key_digest
    from domain.core.rules import revealing

    app = Shiplog({**sqlite_env, "SHIPLOG_SNAPSHOT_INTERVAL": "0"})
    gid = play_complete_game(app, "high-card", 3)
    live = app.get_game(gid)
    rules = registry.get("high-card")
    history = [Move(e.originator_version, e.seat, bool(e.draws) or revealing(rules, e.facts))
               for e in app.events_between(gid) if type(e).__name__ == "ActionTaken"]
    keys = [[e.idempotency_key, e.originator_version] for e in app.events_between(gid) if getattr(e, "idempotency_key", None)]
    snapshot = Game.Snapshot.take(live)
    attrs = json.loads(snapshot.state["codec"])
    entries = dict(attrs["~m"])
    entries["moves"] = json.loads(codec.dumps(tuple(history)))
    entries["idempotency"] = keys
    attrs["~m"] = sorted(([k, v] for k, v in entries.items()), key=lambda kv: kv[0])
    state = {"state": {"codec": codec.canonical_json(attrs)}}
    Game.Snapshot.upcast_v2_v3(state)
    old = copy.copy(snapshot)
    object.__setattr__(old, "state", state["state"])
    game = old.mutate(None)
    assert len(history) > len(live.seats) and game.moves == live.moves
    assert game.idempotency == live.idempotency and game.version_for_key(keys[-1][0]) == keys[-1][1]
    assert dict(game.idempotency)[key_digest(keys[0][0])] == keys[0][1]

