"""The Game aggregate: versions are moves, bots play, take-backs follow the consent rule."""

from __future__ import annotations

import hashlib
from typing import Any

import pytest

from domain.core import codec
from domain.core.aggregate import Game
from domain.core.errors import IllegalAction
from tests import tinygame


def new_game(bots: tuple[str | None, ...] = (None, None), seed: str = "s1") -> Game:
    seats = [{"name": f"p{n}", "token_hash": f"h{n}", "bot": b} for n, b in enumerate(bots)]
    return Game.start("high-card", {}, seats, "host", seed, client_seeded=True)


def first_legal(game: Game, kind: str | None = None) -> tuple[int, dict[str, Any]]:
    seat = min(game.to_act())
    actions = tinygame.legal_actions(game.state, seat)
    if kind is not None:
        actions = [a for a in actions if a["type"] == kind]
    return seat, actions[0]


def test_created_game_is_version_zero_and_each_action_one_more() -> None:
    game = new_game()
    assert game.version == 0
    seat, action = first_legal(game)
    game.take_action(seat, action)
    assert game.version == 1
    # the state hash is keyed by the game's seed (HMAC-SHA256 over the state's fields), not a bare sha256
    assert game.state_hash == codec.fields_hash(game.state, game.seed)
    assert game.state_hash != hashlib.sha256(codec.fields_json(game.state)).hexdigest()


def test_only_the_seat_to_act_may_act_and_illegal_actions_change_nothing() -> None:
    game = new_game()
    before = game.state
    with pytest.raises(IllegalAction) as exc:
        game.take_action(1, {"type": "draw"})
    assert exc.value.code == "turn.not_yours"
    with pytest.raises(IllegalAction) as exc:
        game.take_action(0, {"type": "play", "card": 99})
    assert exc.value.code == "play.not_in_hand"
    assert game.state is before and game.version == 0 and not game.pending_events[1:]


def test_bots_play_until_a_human_is_to_act_and_the_seed_is_revealed_at_the_end() -> None:
    game = new_game(bots=("random", "highest"))
    game.play_bots()
    assert game.status == "finished"
    assert game.outcome() is not None
    assert game.seed_revealed
    kinds = [type(e).__name__ for e in game.pending_events]
    assert kinds[0] == "GameCreated" and kinds[-1] == "SeedRevealed"


def test_a_draw_free_last_action_can_be_taken_back_at_once() -> None:
    game = new_game()
    seat, action = first_legal(game, "play")
    game.take_action(seat, action)
    assert game.can_take_back_at_once(seat)
    assert game.undo_target(seat) == 0


def test_a_draw_or_a_later_move_by_another_seat_needs_consent() -> None:
    game = new_game()
    game.take_action(0, {"type": "draw"})
    assert not game.can_take_back_at_once(0)  # it revealed a hidden card
    game2 = new_game()
    seat, action = first_legal(game2, "play")
    game2.take_action(seat, action)
    seat2, action2 = first_legal(game2, "play")
    game2.take_action(seat2, action2)
    assert not game2.can_take_back_at_once(0)
    game2.request_undo(0)
    assert game2.undo_request is not None and not game2.undo_granted()
    with pytest.raises(IllegalAction) as exc:
        game2.answer_undo(0, True)
    assert exc.value.code == "undo.own_request"
    game2.answer_undo(1, True)
    assert game2.undo_granted()


def test_declining_closes_the_request_and_a_new_move_lets_it_lapse() -> None:
    game = new_game()
    game.take_action(0, {"type": "draw"})
    game.request_undo(0)
    game.answer_undo(1, False)
    assert game.undo_request is None
    game.request_undo(0)
    seat, action = first_legal(game, "play")
    game.take_action(seat, action)
    assert game.undo_request is None


def test_snapshot_round_trip_keeps_every_attribute() -> None:
    game = new_game()
    for _ in range(3):
        seat, action = first_legal(game)
        game.take_action(seat, action)
    copy = Game.Snapshot.take(game).mutate(None)
    assert copy.state == game.state and copy.moves == game.moves and copy.version == game.version
    assert copy.seats == game.seats and copy.options == game.options


def test_abandoning_reveals_the_seed_and_stops_play() -> None:
    game = new_game()
    game.abandon("players left")
    assert game.status == "abandoned" and game.seed_revealed
    with pytest.raises(IllegalAction) as exc:
        game.take_action(0, {"type": "draw"})
    assert exc.value.code == "game.over"


def test_unknown_bots_and_player_counts_are_refused() -> None:
    with pytest.raises(IllegalAction) as exc:
        new_game(bots=("nope", None))
    assert exc.value.code == "options.unknown_bot"
    with pytest.raises(IllegalAction) as exc:
        new_game(bots=(None,))
    assert exc.value.code == "options.player_count"
