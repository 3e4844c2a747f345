"""Who plays a seat (issue 27): a seat a bot plays (resigned, or a bot standing in) has no moves,
take-backs or resignation of its own; a bot whose turn it is always moves, whatever command came
before (a property test over random sequences of commands); the host puts a bot on a present
player's seat only when the table's rules allow it; bots of one kind have names of their own."""

from __future__ import annotations

import json
import random
from typing import Any
from uuid import UUID

import pytest

from domain.core.aggregate import Game
from domain.core.errors import IllegalAction
from domain.core.record import verify
from service.application import Shiplog
from tests import tinygame
from tests.conftest import FakeClock
from tests.test_api import auth, problem
from tests.test_api_play import join, open_game, register


def players(app: Shiplog, *names: str) -> list[Any]:
    return [app.register_player(name)[0] for name in names]


def refused(code: str, command: Any, app: Shiplog, gid: UUID) -> None:
    """`command` is refused with `code` and stores nothing."""
    version = app.get_game(gid).version
    with pytest.raises(IllegalAction) as exc:
        command()
    assert exc.value.code == code
    assert app.get_game(gid).version == version


def a_play(game: Game, seat: int) -> dict[str, Any]:
    """A move of `seat` that draws nothing (so it can be taken back at once)."""
    return next(a for a in tinygame.legal_actions(game.state, seat) if a["type"] == "play")


# -- 1. a resigned seat, and the bots that always move --------------------------------------


def test_resign_then_the_bots_move_then_a_take_back_request_is_refused_and_the_game_goes_on(
        sqlite_env: dict[str, str]) -> None:
    """The issue's sequence: ann resigns, the bot plays her turn; her take-back would have undone
    the bot's move and left her seat to act with nobody to move it. It is refused, and so is
    everything else she might do in her seat's name."""
    app = Shiplog(sqlite_env)
    ann, bob = players(app, "ann", "bob")
    gid = app.open_game(ann, "high-card", 2, seed="seats").game.id
    app.join(gid, bob)
    result = app.resign(gid, 0)
    kinds = [type(e).__name__ for e in result.new_events]
    assert kinds[:2] == ["PlayerResigned", "ActionTaken"] and result.new_events[1].bot == "highest"
    game = app.get_game(gid)
    assert game.to_act() == {1} and game.moves[-1].seat == 0  # the bot's move is the latest
    refused("seat.resigned", lambda: app.request_undo(gid, 0), app, gid)
    refused("seat.resigned", lambda: app.resign(gid, 0), app, gid)
    app.submit(gid, 1, a_play(game, 1))  # bob plays on; the bot answers for ann at once
    game = app.get_game(gid)
    assert game.to_act() == {1} or game.status == "finished"
    assert game.status == "active"
    refused("seat.resigned", lambda: app.submit(gid, 0, {"type": "draw"}), app, gid)
    refused("seat.resigned", lambda: app.answer_undo(gid, 0, True), app, gid)
    result = app.request_undo(gid, 1)  # bob's, with the bot's move since: ann's bot accepts at once
    assert [type(e).__name__ for e in result.new_events] == ["UndoRequested", "UndoAnswered", "UndoApplied"]
    game = app.get_game(gid)
    assert game.to_act() == {1} and game.undo_request is None
    assert verify(app.record(gid), seed=game.seed).ok


def test_a_take_back_waiting_for_a_player_who_resigns_is_answered_by_their_bot(sqlite_env: dict[str, str]) -> None:
    app = Shiplog(sqlite_env)
    ann, bob, cy = players(app, "ann", "bob", "cy")
    gid = app.open_game(ann, "high-card", 3, seed="seats").game.id
    app.join(gid, bob)
    app.join(gid, cy)
    app.submit(gid, 0, {"type": "draw"})  # a draw: taken back only with bob's and cy's consent
    app.request_undo(gid, 0)
    app.answer_undo(gid, 2, True)
    result = app.resign(gid, 1)  # bob resigns instead of answering
    kinds = [type(e).__name__ for e in result.new_events]
    assert kinds[:3] == ["PlayerResigned", "UndoAnswered", "UndoApplied"]
    game = app.get_game(gid)
    assert game.undo_request is None and game.to_act() == {0} and game.moves == ()


def test_a_take_back_that_leaves_a_bot_to_act_is_followed_by_the_bots_move(sqlite_env: dict[str, str]) -> None:
    app = Shiplog(sqlite_env)
    ann, bob = players(app, "ann", "bob")
    gid = app.open_game(ann, "high-card", 2, seed="seats").game.id
    app.join(gid, bob)
    app.submit(gid, 0, {"type": "draw"})  # a draw: taken back only if bob agrees
    app.request_undo(gid, 0)
    app.seat_bot(gid, 0, "random", asked=True)  # then ann lets a bot play for her
    result = app.answer_undo(gid, 1, True)  # back to ann's turn, which her bot plays at once
    kinds = [type(e).__name__ for e in result.new_events]
    assert kinds[:3] == ["UndoAnswered", "UndoApplied", "ActionTaken"]
    assert result.new_events[2].seat == 0 and result.new_events[2].bot == "random"
    game = app.get_game(gid)
    assert game.to_act() == {1}


def test_a_seat_a_bot_stands_in_for_acts_only_once_its_player_is_back(sqlite_env: dict[str, str]) -> None:
    app = Shiplog(sqlite_env)
    ann, bob = players(app, "ann", "bob")
    gid = app.open_game(ann, "high-card", 2, seed="seats").game.id
    app.join(gid, bob)
    app.seat_bot(gid, 0, None, asked=True)  # ann: "let a bot play for me"; it moves at once
    game = app.get_game(gid)
    assert game.to_act() == {1}
    for command in (lambda: app.request_undo(gid, 0), lambda: app.resign(gid, 0),
                    lambda: app.submit(gid, 0, {"type": "draw"})):
        refused("seat.stood_in", command, app, gid)
    app.submit(gid, 1, a_play(game, 1))  # and the bot plays ann's next turn
    app.return_seat(gid, 0)
    game = app.get_game(gid)
    assert game.to_act() == {1} and 0 not in game.bot_seats()
    app.submit(gid, 1, a_play(game, 1))
    game = app.get_game(gid)
    assert game.to_act() == {0}
    app.submit(gid, 0, tinygame.legal_actions(game.state, 0)[0])  # her turns are hers again


# -- the property: no reachable position leaves a bot seat to act ---------------------------


SEEDS = range(100)
STEPS = 45


def _command(app: Shiplog, gid: UUID, game: Game, rnd: random.Random, clock: FakeClock) -> tuple[str, Any]:
    """One random command of any seat (or the host, or the clock), legal or not."""
    seats = len(game.seats)
    seat = rnd.randrange(seats)
    kind = rnd.choices(["move", "undo", "answer", "resign", "asked", "host", "return", "wait", "time"],
                       weights=[10, 4, 4, 1, 1, 2, 2, 3, 3])[0]
    if kind == "move":
        if rnd.random() < 0.8 and game.to_act():
            seat = rnd.choice(sorted(game.to_act()))
        legal = tinygame.legal_actions(game.state, seat) if game.state is not None else []
        action = rnd.choice(legal) if legal and seat in game.to_act() else {"type": "draw"}
        return kind, lambda: app.submit(gid, seat, action)
    if kind == "undo":
        return kind, lambda: app.request_undo(gid, seat)
    if kind == "answer":
        return kind, lambda: app.answer_undo(gid, seat, rnd.random() < 0.7)
    if kind == "resign":
        return kind, lambda: app.resign(gid, seat)
    if kind in ("asked", "host"):
        return kind, lambda: app.seat_bot(gid, seat, None, asked=kind == "asked")
    if kind == "return":
        return kind, lambda: app.return_seat(gid, seat)
    if kind == "wait":
        return kind, lambda: clock.advance(hours=rnd.choice([1, 25]))
    return kind, lambda: app.time_out(gid)


def _no_bot_is_waited_for(game: Game) -> None:
    if game.status != "active":
        return
    bots = game.bot_seats()
    assert not (game.to_act() & bots), f"bot seats {sorted(game.to_act() & bots)} are to act at version {game.version}"
    request = game.undo_request
    if request is not None:
        assert bots - {request.seat} <= request.accepted, "a take-back request waits for a bot's answer"


def test_after_any_command_no_bot_seat_is_left_to_act() -> None:
    """Random sequences of moves, take-back requests and answers, resignations, stand-ins (asked
    for, or the host's), returns and timeouts, through the application; after each command (and
    each refusal, which stores nothing) no bot seat of an active game is to act, and no take-back
    request waits for a bot."""
    succeeded: dict[str, int] = {}
    for seed in SEEDS:
        rnd = random.Random(seed)
        clock = FakeClock()
        app = Shiplog({"PERSISTENCE_MODULE": "eventsourcing.popo"}, clock=clock)
        count = rnd.choice([2, 3, 4])
        people = players(app, *(f"p{n}" for n in range(count)))
        bots = ["random"] * rnd.randrange(count - 1)
        settings = {"on_timeout": rnd.choice(["bot", "forfeit"]), "on_resign": rnd.choice(["bot", "bot", "end"]),
                    "clock": rnd.choice([None, {"days_per_move": 1}, {"days_per_move": 1}])}
        opened = app.open_game(people[0], "high-card", count, seed=f"seats {seed}", settings=settings, bots=bots)
        gid = opened.game.id
        for person in people[1 : count - len(bots)]:
            app.join(gid, person)
        _no_bot_is_waited_for(app.get_game(gid))
        for _ in range(STEPS):
            game = app.get_game(gid)
            if game.status != "active":
                break
            kind, command = _command(app, gid, game, rnd, clock)
            try:
                result = command()
            except IllegalAction:
                assert app.get_game(gid).version == game.version  # a refusal stores nothing
            else:
                stored = bool(getattr(result, "new_events", None))
                succeeded[kind] = succeeded.get(kind, 0) + stored
            _no_bot_is_waited_for(app.get_game(gid))
    assert all(succeeded.get(k) for k in ("move", "undo", "answer", "resign", "asked", "host", "return", "time")), succeeded


# -- 2. the host's stand-in over HTTP -------------------------------------------------------


def test_over_http_a_player_lets_a_bot_play_for_them_and_a_resigned_seat_is_refused(client: Any) -> None:
    ann, bob = register(client, "ann"), register(client, "bob")
    game = open_game(client, ann, 2, seed="seats")
    gid = game["id"]
    join(client, game, bob)
    # the host may not take bob's seat from him: he is there, and there is no clock to run out
    problem(client.post(f"/v1/games/{gid}/seats/1/bot", json={}, headers=auth(ann["token"])), 422,
            "stand_in.player_present")
    resp = client.post(f"/v1/games/{gid}/seats/1/bot", json={"bot": "random"}, headers=auth(bob["token"]))
    assert resp.status_code == 201, resp.json
    assert resp.json["events"][0]["text"] == ["bob lets a random bot play for them."]
    view = client.get(f"/v1/games/{gid}").json
    assert view["players"][1]["stand_in"] == "random" and view["players"][1]["away"] == "asked"
    problem(client.post(f"/v1/games/{gid}/undo", json={}, headers=auth(bob["token"])), 403, "seat.stood_in")
    assert client.post(f"/v1/games/{gid}/seats/1/return", json={}, headers=auth(bob["token"])).status_code == 201
    # ann resigns: her seat's token no longer acts, takes back, answers or resigns; it still sees and talks
    resp = client.post(f"/v1/games/{gid}/resign", json={}, headers=auth(ann["token"]))
    assert resp.status_code == 201
    view = client.get(f"/v1/games/{gid}").json
    assert view["status"] == "active" and view["players"][0]["resigned"] and view["players"][0]["stand_in"] == "highest"
    token = auth(ann["token"])
    problem(client.post(f"/v1/games/{gid}/actions", json={"type": "draw"}, headers=token), 403, "seat.resigned")
    problem(client.post(f"/v1/games/{gid}/undo", json={}, headers=token), 403, "seat.resigned")
    problem(client.post(f"/v1/games/{gid}/undo/answer", json={"accept": True}, headers=token), 403, "seat.resigned")
    problem(client.post(f"/v1/games/{gid}/resign", json={}, headers=token), 403, "seat.resigned")
    problem(client.post(f"/v1/games/{gid}/seats/0/bot", json={}, headers=token), 422, "stand_in.not_a_player")
    problem(client.post(f"/v1/games/{gid}/seats/0/return", json={}, headers=token), 409, "return.not_away")
    assert client.get(f"/v1/games/{gid}", headers=token).json["seat"] == 0
    assert client.get(f"/v1/games/{gid}/actions", headers=token).json["actions"] == []
    assert client.post(f"/v1/games/{gid}/messages", json={"text": "gg"}, headers=token).status_code == 201


# -- 9. bots of one kind have names of their own --------------------------------------------


def test_two_bots_of_one_kind_get_different_names_everywhere(sqlite_env: dict[str, str]) -> None:
    app = Shiplog(sqlite_env)
    ann, named = players(app, "ann", "random bot 2")
    gid = app.open_game(ann, "high-card", 4, bots=["random"]).game.id
    game = app.get_game(gid)
    assert game.bot_name("random") == "random bot 2" and game.bot_name("highest") == "highest bot"
    app.join(gid, named)  # a person may be called anything: the next bot steps round the name
    app.seat_bot(gid, None, "random")  # the host fills the last seat
    game = app.get_game(gid)
    names = ["ann", "random bot", "random bot 2", "random bot 3"]
    assert [s["name"] for s in game.seats] == names and game.status == "active"
    said = [type(ev).said(vars(ev)) for ev in app.events_between(gid)]
    assert said[2:5] == ["random bot takes a seat.", "random bot 2 takes a seat.", "random bot 3 takes a seat."]
    assert [p["name"] for p in app.record(gid)["players"]] == names
    assert [p["name"] for p in app.open_game(ann, "high-card", 3, bots=["random", "random"]).game.seats] == [
        "ann", "random bot", "random bot 2"]


# -- stored events from before BotStoodIn v2 --------------------------------------------------


def test_a_version_1_stand_in_still_loads_and_imports_as_the_hosts(sqlite_env: dict[str, str], clock: FakeClock) -> None:
    """BotStoodIn v1 (no `reason`: the host's stand-in for a vanished player) from a store and
    from a record: it loads, and the seat says the host put the bot there."""
    from eventsourcing.persistence import StoredEvent

    app = Shiplog(sqlite_env, clock=clock)
    ann, bob = players(app, "ann", "bob")
    gid = app.open_game(ann, "high-card", 2, seed="seats", settings={"clock": {"days_per_move": 1}}).game.id
    app.join(gid, bob)
    game = app.get_game(gid)
    app.submit(gid, 0, a_play(game, 0))
    clock.advance(days=1)
    app.seat_bot(gid, 1, None)
    old_id = UUID(int=gid.int ^ 1)
    copied = []
    for ev in app.events_between(gid):
        stored = app.mapper.to_stored_event(ev)
        state = json.loads(stored.state)
        if type(ev).__name__ == "BotStoodIn":
            assert state.pop("reason") == "host"
            state["class_version"] = 1
        text = json.dumps(state).replace(gid.hex, old_id.hex)
        copied.append(StoredEvent(old_id, stored.originator_version, stored.topic, text.encode()))
    app.recorder.insert_events(copied)
    loaded = Shiplog(sqlite_env, clock=clock).get_game(old_id)
    assert loaded.seats[1]["stand_in"] == "highest" and loaded.seats[1]["away"] == "host"
    assert loaded.state == app.get_game(gid).state

    while (game := app.get_game(gid)).status == "active":  # to the end: a record can be imported
        app.submit(gid, 0, tinygame.legal_actions(game.state, 0)[0])
    record = app.record(gid)
    for row in record["events"]:
        if row["type"] == "BotStoodIn":
            del row["reason"]  # as a record written before v2 has it
    record["id"] = str(UUID(int=gid.int ^ 2))
    assert verify(record).ok
    imported, _tokens, _host = Shiplog(sqlite_env).import_record(record)
    assert Shiplog(sqlite_env).get_game(imported).seats[1]["away"] == "host"
