"""Games with open seats: joining, entropy in the seed, bots, the host's powers, resignations,
clocks and timeouts (with a fake clock), table talk; old stored events still load."""

from __future__ import annotations

import copy
import json
from datetime import timedelta
from typing import Any
from uuid import UUID

import pytest

from domain.core.aggregate import Game
from domain.core.errors import IllegalAction
from domain.core.record import fairness, verify
from domain.core.rng import game_seed
from service.application import Shiplog, VersionConflict
from service.tables import NotInvited
from tests import tinygame
from tests.conftest import FakeClock


def players(app: Shiplog, *names: str) -> list[Any]:
    return [app.register_player(name)[0] for name in names]


def play_until_over(app: Shiplog, gid: UUID) -> None:
    while (game := app.get_game(gid)).status == "active":
        seat = min(game.to_act())
        app.submit(gid, seat, tinygame.legal_actions(game.state, seat)[-1])


def test_a_game_with_open_seats_starts_when_the_last_seat_is_filled(sqlite_env: dict[str, str]) -> None:
    app = Shiplog(sqlite_env)
    ann, bob, cy = players(app, "ann", "bob", "cy")
    opened = app.open_game(ann, "high-card", 3, entropy="ann's dice")
    gid = opened.game.id
    assert [type(e).__name__ for e in opened.new_events] == ["GameCreated", "SeatTaken"]
    created = opened.new_events[0]
    assert created.facts is None and created.seed_commitment  # committed before any entropy
    game = app.get_game(gid)
    assert game.status == "open" and game.state is None and game.to_act() == frozenset()
    assert game.open_seats() == [1, 2] and opened.seat == 0

    app.join(gid, cy, entropy="cy's coin", seat=2)
    with pytest.raises(IllegalAction) as exc:
        app.join(gid, cy)
    assert exc.value.code == "join.already_seated"
    result, seat = app.join(gid, bob, entropy="bob's bytes")
    assert seat == 1
    assert [type(e).__name__ for e in result.new_events] == ["SeatTaken", "GameStarted"]
    game = app.get_game(gid)
    assert game.status == "active" and game.to_act() == {0}
    assert game.entropies == ["ann's dice", "bob's bytes", "cy's coin"]  # seat order, not join order
    assert game.seed == game_seed(game.committed_seed, game.entropies, False)
    started = result.new_events[1]
    assert started.state_hash == game.hash(game.state) and started.to_act == [0]


def test_joining_a_full_or_started_game_changes_nothing(sqlite_env: dict[str, str]) -> None:
    app = Shiplog(sqlite_env)
    ann, bob, cy = players(app, "ann", "bob", "cy")
    gid = app.open_game(ann, "high-card", 2).game.id
    app.join(gid, bob)
    version = app.get_game(gid).version
    for attempt in (lambda: app.join(gid, cy), lambda: app.leave(gid, 1)):
        with pytest.raises(IllegalAction) as exc:
            attempt()
        assert exc.value.code in ("join.started", "leave.started")
    assert app.get_game(gid).version == version
    with pytest.raises(IllegalAction) as exc:
        app.open_game(ann, "high-card", 2, entropy="x" * 500)
    assert exc.value.code == "entropy.invalid"


def test_leaving_before_the_start_frees_the_seat_and_its_entropy(sqlite_env: dict[str, str]) -> None:
    app = Shiplog(sqlite_env)
    ann, bob, cy = players(app, "ann", "bob", "cy")
    gid = app.open_game(ann, "high-card", 2, entropy="a").game.id
    app.join(gid, bob, entropy="bob was here")
    with pytest.raises(IllegalAction):  # started: bob cannot leave any more
        app.leave(gid, 1)
    gid = app.open_game(ann, "high-card", 3, entropy="a").game.id
    app.join(gid, bob, entropy="bob was here")
    app.leave(gid, 1)
    assert app.get_game(gid).open_seats() == [1, 2]
    app.join(gid, cy, entropy="c")
    app.seat_bot(gid, None, "random")
    game = app.get_game(gid)
    assert game.entropies == ["a", "c", ""]  # bob's left with him; a bot adds none
    assert [s["name"] for s in game.seats] == ["ann", "cy", "random bot"]


def test_bots_fill_seats_at_creation_and_play_when_the_game_starts(sqlite_env: dict[str, str]) -> None:
    app = Shiplog(sqlite_env)
    (ann,) = players(app, "ann")
    opened = app.open_game(ann, "high-card", 3, seat=1, bots=["highest", "random"])
    game = app.get_game(opened.game.id)
    assert opened.seat == 1 and game.status == "active"
    assert [s["bot"] for s in game.seats] == ["highest", None, "random"]
    assert game.to_act() == {1}  # the bot on seat 0 has played already
    with pytest.raises(IllegalAction) as exc:
        app.open_game(ann, "high-card", 2, bots=["random", "random"])
    assert exc.value.code == "options.all_bots"


def test_a_finished_game_with_open_seats_verifies_and_fairness_proves_the_entropy(sqlite_env: dict[str, str]) -> None:
    app = Shiplog(sqlite_env)
    ann, bob = players(app, "ann", "bob")
    gid = app.open_game(ann, "high-card", 2, entropy="ann's 32 bytes").game.id
    app.join(gid, bob, entropy="bob's 32 bytes")
    play_until_over(app, gid)
    record = app.record(gid)
    assert record["format_version"] == 4 and record["status"] == "finished"
    assert [p["name"] for p in record["players"]] == ["ann", "bob"]
    assert record["entropies"] == ["ann's 32 bytes", "bob's 32 bytes"]
    text = json.dumps(record)
    assert str(ann.id) not in text and "token_hash" not in text  # no accounts in a record
    assert verify(record).ok
    report = fairness(record)
    assert report.ok and report.entropies == 2 and report.draws_checked > 0
    forged = copy.deepcopy(record)
    next(e for e in forged["events"] if e["type"] == "SeatTaken" and e["seat"] == 1)["entropy"] = "other"
    assert not fairness(forged).ok  # the seed must come from what the seats sent
    steered = copy.deepcopy(record)
    steered["entropies"] = ["ann's 32 bytes", "chosen later"]
    assert not fairness(steered).ok


def test_client_seeded_open_games_ignore_entropy_and_are_marked(sqlite_env: dict[str, str]) -> None:
    app = Shiplog(sqlite_env)
    ann, bob = players(app, "ann", "bob")
    states = []
    for entropy in ("one", "two"):
        gid = app.open_game(ann, "high-card", 2, seed="table 7", entropy=entropy).game.id
        app.join(gid, bob, entropy=entropy)
        game = app.get_game(gid)
        assert game.client_seeded and game.entropies == [] and game.seed == "table 7"
        states.append(game.state)
    assert states[0] == states[1]


def test_the_host_puts_a_bot_on_a_seat_only_once_its_clock_ran_out_and_the_player_returns(
        sqlite_env: dict[str, str], clock: FakeClock) -> None:
    app, gid = clocked(sqlite_env, clock, {"clock": {"days_per_move": 3}})
    game = app.get_game(gid)
    app.submit(gid, 0, tinygame.legal_actions(game.state, 0)[0])  # bob to act; he has vanished
    clock.advance(days=2)
    with pytest.raises(IllegalAction) as exc:  # bob is within his time: his seat is his
        app.seat_bot(gid, 1, None)
    assert exc.value.code == "stand_in.player_present"
    assert app.get_game(gid).version == game.version + 1  # nothing stored
    clock.advance(days=1)  # bob's three days are over
    result = app.seat_bot(gid, 1, None)
    kinds = [type(e).__name__ for e in result.new_events]
    assert kinds[0] == "BotStoodIn" and "ActionTaken" in kinds
    assert result.new_events[0].reason == "host"
    assert result.new_events[1].bot == "highest" and result.new_events[1].seat == 1
    game = app.get_game(gid)
    assert game.seats[1]["stand_in"] == "highest" and game.seats[1]["name"] == "bob" and game.seats[1]["player"]
    app.return_seat(gid, 1)
    game = app.get_game(gid)
    assert game.seats[1]["stand_in"] is None and 1 not in game.bot_seats()
    with pytest.raises(IllegalAction) as exc:
        app.return_seat(gid, 1)
    assert exc.value.code == "return.not_away"


def test_a_player_who_asks_for_a_bot_has_one_at_once_whatever_the_clock(sqlite_env: dict[str, str]) -> None:
    app = Shiplog(sqlite_env)
    ann, bob = players(app, "ann", "bob")
    gid = app.open_game(ann, "high-card", 2).game.id  # no clock at all
    app.join(gid, bob)
    with pytest.raises(IllegalAction) as exc:  # the host cannot take bob's seat from him
        app.seat_bot(gid, 1, None)
    assert exc.value.code == "stand_in.player_present"
    game = app.get_game(gid)
    app.submit(gid, 0, tinygame.legal_actions(game.state, 0)[0])
    result = app.seat_bot(gid, 1, "random", asked=True)  # bob: "let a bot play for me"
    assert [type(e).__name__ for e in result.new_events][:2] == ["BotStoodIn", "ActionTaken"]
    assert result.new_events[0].reason == "asked" and result.new_events[1].bot == "random"
    seat = app.get_game(gid).seats[1]
    assert seat["stand_in"] == "random" and seat["away"] == "asked" and not seat["resigned"]
    with pytest.raises(IllegalAction) as exc:
        app.seat_bot(gid, 1, None, asked=True)
    assert exc.value.code == "stand_in.already"


@pytest.mark.parametrize("policy", ["bot", "end"])
def test_a_resignation_hands_the_seat_to_a_bot_or_ends_the_game(sqlite_env: dict[str, str], policy: str) -> None:
    app = Shiplog(sqlite_env)
    ann, bob, cy = players(app, "ann", "bob", "cy")
    gid = app.open_game(ann, "high-card", 3, settings={"on_resign": policy}).game.id
    app.join(gid, bob)
    app.join(gid, cy)
    app.resign(gid, 1)
    game = app.get_game(gid)
    if policy == "bot":
        assert game.status == "active" and game.seats[1]["resigned"] and 1 in game.bot_seats()
        with pytest.raises(IllegalAction) as exc:
            app.return_seat(gid, 1)  # resigned is resigned
        assert exc.value.code == "return.not_away"
        play_until_over(app, gid)
        assert app.get_game(gid).outcome().termination == "cards_played_out"  # type: ignore[union-attr]
    else:
        outcome = game.outcome()
        assert game.status == "finished" and game.seed_revealed and outcome is not None
        assert outcome.termination == "resigned" and outcome.winners == (0, 2)
        assert {r.seat: r.rank for r in outcome.results}[1] == 3
        record = app.record(gid)
        assert record["outcome"]["termination"] == "resigned" and verify(record).ok and fairness(record).ok


def clocked(env: dict[str, str], clock: FakeClock, settings: dict[str, Any]) -> tuple[Shiplog, UUID]:
    app = Shiplog(env, clock=clock)
    ann, bob = players(app, "ann", "bob")
    gid = app.open_game(ann, "high-card", 2, settings=settings).game.id
    app.join(gid, bob)
    return app, gid


def test_days_per_move_times_out_once_and_a_bot_plays_the_turn(store_env: dict[str, str], clock: FakeClock) -> None:
    app, gid = clocked(store_env, clock, {"clock": {"days_per_move": 3}})
    game = app.get_game(gid)
    assert game.deadline(0) == clock.now + timedelta(days=3)
    clock.advance(days=2, hours=23)
    assert app.time_out(gid).new_events == []  # not yet
    clock.advance(hours=1)
    # Two workers see the same overdue seat; the store lets one timeout land.
    first, second = Shiplog(store_env, clock=clock), Shiplog(store_env, clock=clock)
    a, b = first.get_game(gid), second.get_game(gid)
    landed = first.time_out(a)
    with pytest.raises(VersionConflict):
        second.time_out(b)
    assert second.time_out(gid).new_events == []  # on a retry nothing is overdue any more
    kinds = [type(e).__name__ for e in landed.new_events]
    assert kinds[:3] == ["TimedOut", "BotStoodIn", "ActionTaken"]
    assert landed.new_events[1].reason == "timeout"
    assert landed.new_events[2].seat == 0 and landed.new_events[2].bot == "highest"
    events = app.events_between(gid)
    assert sum(type(e).__name__ == "TimedOut" for e in events) == 1
    game = app.get_game(gid)
    assert game.to_act() == {1} and game.since[1] == clock.now  # bob's clock starts now
    assert game.seats[0]["stand_in"] == "highest" and game.seats[0]["away"] == "timeout"
    assert verify(app.record(gid), seed=game.seed).ok
    # the bot plays ann's turns until she is back; then they are hers again
    app.submit(gid, 1, tinygame.legal_actions(game.state, 1)[0])
    assert app.get_game(gid).to_act() == {1}
    app.return_seat(gid, 0)
    game = app.get_game(gid)
    app.submit(gid, 1, tinygame.legal_actions(game.state, 1)[0])
    assert app.get_game(gid).to_act() == {0}


def test_a_forfeit_on_time_ends_the_game(sqlite_env: dict[str, str], clock: FakeClock) -> None:
    app, gid = clocked(sqlite_env, clock, {"clock": {"days_per_move": 1}, "on_timeout": "forfeit"})
    game = app.get_game(gid)
    app.submit(gid, 0, tinygame.legal_actions(game.state, 0)[0])
    clock.advance(days=1)
    result = app.time_out(gid)
    assert [type(e).__name__ for e in result.new_events] == ["TimedOut", "SeedRevealed"]
    game = app.get_game(gid)
    outcome = game.outcome()
    assert game.status == "finished" and outcome is not None
    assert outcome.termination == "timeout" and outcome.winners == (0,)


def test_a_time_bank_is_spent_turn_by_turn_with_its_increment(sqlite_env: dict[str, str], clock: FakeClock) -> None:
    app, gid = clocked(sqlite_env, clock, {"clock": {"bank_days": 2, "increment_days": 1}})
    start = clock.now
    game = app.get_game(gid)
    assert game.bank == {0: 2 * 86400, 1: 2 * 86400} and game.deadline(0) == start + timedelta(days=2)
    clock.advance(days=1, hours=12)
    app.submit(gid, 0, tinygame.legal_actions(game.state, 0)[0])  # ann used 1.5 days, gets 1 back
    game = app.get_game(gid)
    assert game.bank[0] == int(1.5 * 86400) and game.bank[1] == 2 * 86400
    assert game.deadline(1) == clock.now + timedelta(days=2)
    app.relax_clock(gid, {"bank_days": 4, "increment_days": 1})
    assert app.get_game(gid).bank[1] == 4 * 86400  # relaxing adds the difference to every bank
    with pytest.raises(IllegalAction) as exc:
        app.relax_clock(gid, {"bank_days": 3, "increment_days": 1})
    assert exc.value.code == "clock.not_relaxed"
    with pytest.raises(IllegalAction):
        app.relax_clock(gid, {"days_per_move": 30})  # another kind of clock is not "more time"
    app.relax_clock(gid, None)
    game = app.get_game(gid)
    assert game.deadline(1) is None and game.overdue(clock.advance(days=400)) == []


def test_table_talk_is_bounded_in_size_and_rate(sqlite_env: dict[str, str], clock: FakeClock) -> None:
    app = Shiplog(sqlite_env, clock=clock)
    ann, bob = players(app, "ann", "bob")
    gid = app.open_game(ann, "high-card", 2).game.id
    app.post_message(gid, 0, "ann", "  anyone for a quick game?  ")
    message = app.events_between(gid)[-1]
    assert type(message).__name__ == "MessagePosted" and message.text == "anyone for a quick game?"
    for text, code in (("x" * 501, "message.too_long"), ("   ", "message.empty"), ("a\x07b", "message.control_characters")):
        with pytest.raises(IllegalAction) as exc:
            app.post_message(gid, 0, "ann", text)
        assert exc.value.code == code
    for n in range(9):
        app.post_message(gid, 0, "ann", f"message {n}")
    with pytest.raises(IllegalAction) as exc:
        app.post_message(gid, 0, "ann", "one too many")
    assert exc.value.code == "message.too_often"
    app.post_message(gid, None, "host", "the host may still speak")
    clock.advance(minutes=10)
    app.post_message(gid, 0, "ann", "and now ann again")
    assert app.get_game(gid).messages == 12


def test_private_games_need_their_invitation_which_the_host_can_renew(sqlite_env: dict[str, str]) -> None:
    app = Shiplog(sqlite_env)
    ann, bob, cy = players(app, "ann", "bob", "cy")
    opened = app.open_game(ann, "high-card", 3, private=True)
    gid = opened.game.id
    with pytest.raises(NotInvited):
        app.join(gid, bob)
    with pytest.raises(NotInvited):
        app.join(gid, bob, invite="guess")
    app.join(gid, bob, invite=opened.invite)
    _result, fresh = app.renew_invite(gid)
    with pytest.raises(NotInvited):
        app.join(gid, cy, invite=opened.invite)
    app.join(gid, cy, invite=fresh)
    public = app.open_game(ann, "high-card", 2).game.id
    app.make_private(public)
    assert app.get_game(public).private
    assert app.make_private(public).new_events == []  # already private: nothing to do


def test_a_version_2_creation_event_is_upcast(store_env: dict[str, str], tmp_path: Any) -> None:
    """Stores written before open seats (GameCreated v2, seats without players) still load."""
    from eventsourcing.persistence import StoredEvent

    app = Shiplog(store_env)
    created = app.create_game("high-card", [{"name": "ann"}, {"name": "bob"}]).game
    stored = app.mapper.to_stored_event(app.events_between(created.id, None, 0)[0])
    state = json.loads(stored.state)
    for gone in ("host_player", "organised", "private", "invite_hash", "settings"):
        del state[gone]
    state["seats"] = [{k: s[k] for k in ("name", "bot", "token_hash")} for s in state["seats"]]
    state["class_version"] = 2
    old_id = UUID(int=created.id.int ^ 1)
    state["originator_id"] = {"_type_": "uuid_hex", "_data_": old_id.hex}
    text = json.dumps(state).replace(created.id.hex, old_id.hex)
    app.recorder.insert_events([StoredEvent(old_id, 0, stored.topic, text.encode())])
    game = Shiplog(store_env).get_game(old_id)
    assert game.organised and not game.private and game.settings["clock"] is None
    assert game.seats[0]["player"] is None and game.seats[0]["name"] == "ann"
    assert game.status == "active" and game.to_act() == {0}


def test_a_version_3_snapshot_is_upcast(sqlite_env: dict[str, str]) -> None:
    """Snapshots written before open seats (v3: seats without players, no settings, no clocks)."""
    app = Shiplog({**sqlite_env, "SHIPLOG_SNAPSHOT_INTERVAL": "2"})
    gid = app.create_game("high-card", [{"name": "a", "bot": "random"}, {"name": "b", "bot": "random"}]).game.id
    snapshot = next(iter(app.snapshots.get(gid, desc=True, limit=1)))  # type: ignore[union-attr]
    from domain.core import codec

    attrs = codec.loads(snapshot.state["codec"])
    for gone in ("host_player", "organised", "private", "invite_hash", "settings", "ended", "since", "bank", "talk", "messages"):
        attrs.pop(gone)
    attrs["seats"] = tuple({k: s[k] for k in ("name", "bot", "token_hash")} for s in attrs["seats"])
    state = {"state": {"codec": codec.dumps(attrs)}}
    Game.Snapshot.upcast_v3_v4(state)
    upcast = copy.copy(snapshot)
    object.__setattr__(upcast, "state", state["state"])
    game = upcast.mutate(None)
    assert game.organised and game.seats[0]["resigned"] is False and game.settings["on_timeout"] == "bot"
    assert game.outcome() is not None
