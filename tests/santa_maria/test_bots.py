"""The bots: every bot plays whole games at every player count, and the greedy bot beats random
ones in at least 70% of 200 seeded 4-player games (one greedy seat, in turn at each position)."""

from __future__ import annotations

import pytest

import domain.santa_maria as sm
from domain.core import Outcome, Rng, fold
from tests.quickbots import quick_bots

GAMES = 200
CHUNK = 50


def play(seed: int, bots: list[str], options: dict[str, object]) -> Outcome:
    seats = len(bots)
    state = fold(sm, None, sm.setup(options, seats, Rng(f"bots-{seed}", "setup")))
    rng = Rng(f"bots-{seed}", "play")
    while sm.outcome(state) is None:
        (seat,) = sm.to_act(state)
        action = sm.BOTS[bots[seat]](state, seat, rng)
        assert action in sm.legal_actions(state, seat)
        state = fold(sm, state, sm.decide(state, seat, action, rng))
    result = sm.outcome(state)
    assert result is not None
    return result


@pytest.mark.parametrize("first", range(0, GAMES, CHUNK))
def test_greedy_beats_random_in_70_percent_of_4_player_games(first: int) -> None:
    wins = 0
    for seed in range(first, first + CHUNK):
        greedy = seed % 4
        bots = ["greedy" if s == greedy else "random" for s in range(4)]
        result = play(seed, bots, {})
        wins += greedy in result.winners
    print(f"greedy won {wins} of {CHUNK} games")
    assert wins >= 0.7 * CHUNK


@pytest.mark.parametrize("seats", [1, 2, 3, 4])
@pytest.mark.parametrize("options", [{}, {"advanced_setup": True}, {"shared_blue_dice": True}], ids=["draft", "advanced", "shared"])
def test_every_bot_plays_whole_games(seats: int, options: dict[str, object]) -> None:
    for name in quick_bots(sm.BOTS):
        result = play(seats, [name] * seats, options)
        assert len(result.results) == seats
