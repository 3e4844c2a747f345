"""Forced moves play themselves (issue 32, item 2): a person's seat whose only legal action is
certain has it played at once in its name, marked "forced" for that seat alone while the game
runs; a table may turn it off; a take-back reaches back to the seat's last move it chose itself.

High Card, two seats, a deck of five (seed "forced 0": ann holds 3 and 5, bob 2 and 1, the 4
left to draw). ann draws the 4, bob plays, ann plays: bob holds one card, the deck is empty, so
bob's play is forced, and ann is to act again.
"""

from __future__ import annotations

import copy
from typing import Any
from uuid import UUID

import pytest

from domain.core.record import verify
from service.application import Shiplog

SEED = "forced 0"


def start(shiplog: Shiplog, forced: bool = True) -> UUID:
    created = shiplog.create_game("high-card", [{"name": "ann"}, {"name": "bob"}], {"deck_size": 5}, seed=SEED,
                                  settings={"forced_moves": forced})
    return created.game.id  # type: ignore[no-any-return]


def play(shiplog: Shiplog, gid: UUID, seat: int, action: dict[str, Any]) -> list[Any]:
    return list(shiplog.submit(gid, seat, action).new_events)


def opening(shiplog: Shiplog, gid: UUID) -> list[Any]:
    """ann draws, bob plays his 2, ann plays her 3: the events of ann's play."""
    play(shiplog, gid, 0, {"type": "draw"})
    play(shiplog, gid, 1, {"type": "play", "card": 2})
    return play(shiplog, gid, 0, {"type": "play", "card": 3})


@pytest.fixture
def shiplog(sqlite_env: dict[str, str]) -> Shiplog:
    return Shiplog(sqlite_env)


def test_a_seats_only_legal_action_is_played_at_once_in_its_name(shiplog: Shiplog) -> None:
    gid = start(shiplog)
    events = opening(shiplog, gid)
    chosen, forced = events
    assert (chosen.seat, chosen.auto) == (0, None)
    assert (forced.seat, forced.action, forced.auto, forced.bot) == (1, {"type": "play", "card": 1}, "forced", None)
    game = shiplog.get_game(gid)
    assert game.to_act() == {0} and len(game.legal_actions(0)) > 1  # ann chooses again: nothing more is forced
    assert [(m.version, m.seat) for m in game.moves] == [(2, 1), (3, 0)]  # bob's last move he chose is still his
    report = verify(shiplog.record(gid), seed=game.seed)
    assert report.ok and report.actions == 4


def test_a_table_that_turned_forced_moves_off_waits_for_the_player(shiplog: Shiplog) -> None:
    gid = start(shiplog, forced=False)
    assert [e.seat for e in opening(shiplog, gid)] == [0]
    game = shiplog.get_game(gid)
    assert game.settings["forced_moves"] is False
    assert game.to_act() == {1} and game.legal_actions(1) == [{"type": "play", "card": 1}]


def test_a_game_made_before_the_setting_plays_no_forced_move(shiplog: Shiplog) -> None:
    gid = start(shiplog)
    game = shiplog.get_game(gid)
    game.settings = {k: v for k, v in game.settings.items() if k != "forced_moves"}  # as a GameCreated v3 of before
    play(shiplog, game, 0, {"type": "draw"})
    assert play(shiplog, gid, 1, {"type": "play", "card": 2})[0].seat == 1
    game = shiplog.get_game(gid)
    game.settings = {k: v for k, v in game.settings.items() if k != "forced_moves"}
    assert len(play(shiplog, game, 0, {"type": "play", "card": 3})) == 1


def test_another_seats_take_back_takes_a_forced_move_back_with_it_at_once(shiplog: Shiplog) -> None:
    gid = start(shiplog)
    opening(shiplog, gid)
    undone = shiplog.request_undo(gid, 0).new_events  # ann's play was the last move anybody chose
    assert [type(e).__name__ for e in undone] == ["UndoApplied"] and undone[0].to_version == 2
    game = shiplog.get_game(gid)
    assert game.to_act() == {0} and game.state.hands == ((3, 5, 4), (1,))  # before her play, after his
    assert verify(shiplog.record(gid), seed=game.seed).ok


def test_a_seats_take_back_reaches_back_to_its_last_move_it_chose_itself(shiplog: Shiplog) -> None:
    """bob's forced play is his latest move; taking back only it would play it again at once.
    His take-back goes back before the play he chose (ann moved since: she is asked)."""
    gid = start(shiplog)
    opening(shiplog, gid)
    asked = shiplog.request_undo(gid, 1).new_events
    assert [(type(e).__name__, e.to_version) for e in asked] == [("UndoRequested", 1)]
    applied = shiplog.answer_undo(gid, 0, True).new_events
    assert [type(e).__name__ for e in applied] == ["UndoAnswered", "UndoApplied"]
    game = shiplog.get_game(gid)
    assert game.to_act() == {1} and len(game.legal_actions(1)) == 2  # his choice again, nothing forced
    assert game.moves[-1].seat == 0 and not any(m.seat == 1 for m in game.moves)


def test_a_seat_whose_moves_were_all_forced_has_nothing_to_take_back(shiplog: Shiplog) -> None:
    gid = start(shiplog)
    game = shiplog.get_game(gid)
    game.moves = tuple(m for m in game.moves if m.seat != 1)
    with pytest.raises(Exception, match="no move to take back"):
        game.undo_target(1)


def test_a_retried_request_answers_the_forced_moves_it_caused(shiplog: Shiplog) -> None:
    gid = start(shiplog)
    play(shiplog, gid, 0, {"type": "draw"})
    play(shiplog, gid, 1, {"type": "play", "card": 2})
    first = shiplog.submit(gid, 0, {"type": "play", "card": 3}, idempotency_key="ann-3")
    again = shiplog.submit(gid, 0, {"type": "play", "card": 3}, idempotency_key="ann-3")
    assert again.replayed and [e.originator_version for e in again.new_events] == [3, 4]
    assert [e.originator_version for e in first.new_events] == [3, 4]


def test_verify_refuses_a_forced_move_the_seat_had_a_choice_about(shiplog: Shiplog) -> None:
    gid = start(shiplog)
    opening(shiplog, gid)
    record = shiplog.record(gid)
    seed = shiplog.get_game(gid).seed
    forged = copy.deepcopy(record)
    chosen = next(e for e in forged["events"] if e["type"] == "ActionTaken" and e["seat"] == 1)
    chosen["auto"] = "forced"  # bob chose his 2 out of two cards
    report = verify(forged, seed=seed)
    assert not report.ok and report.divergence is not None
    assert report.divergence.version == chosen["version"] and "had 2 legal actions" in report.divergence.problem
    forged = copy.deepcopy(record)
    next(e for e in forged["events"] if e.get("auto"))["auto"] = "order"  # no order stood
    assert "standing order" in verify(forged, seed=seed).divergence.problem  # type: ignore[union-attr]
