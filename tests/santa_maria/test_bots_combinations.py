"""The bots with American Kingdoms modules A+B+C together (issue 14 item 6): the greedy bot beats
three random ones in at least 70% of seeded 4-player games (one greedy seat, in turn at each
position), and every bot plays whole games at every player count with every module.

SM_BOT_GAMES sets the count (200 by default: the issue's figure, in chunks of 50)."""

from __future__ import annotations

import os

import pytest

import domain.santa_maria as sm
from tests.quickbots import quick_bots

from .test_bots import play

ABC_GAME = {"expansion": True, "modules": ["A", "B", "C"]}
GAMES = int(os.environ.get("SM_BOT_GAMES", "200"))
CHUNK = 50


@pytest.mark.parametrize("first", range(0, GAMES, CHUNK))
def test_greedy_beats_random_in_70_percent_of_4_player_games_with_modules_abc(first: int) -> None:
    wins = games = 0
    for seed in range(first, min(first + CHUNK, GAMES)):
        greedy = seed % 4
        result = play(seed, ["greedy" if s == greedy else "random" for s in range(4)], ABC_GAME)
        wins += greedy in result.winners
        games += 1
    print(f"greedy won {wins} of {games} games")
    assert wins >= 0.7 * games


@pytest.mark.parametrize("seats", [1, 2, 3, 4])
def test_every_bot_plays_whole_games_with_modules_abc(seats: int) -> None:
    for name in quick_bots(sm.BOTS):
        result = play(seats, [name] * seats, {**ABC_GAME, "advanced_setup": seats % 2 == 0})
        assert len(result.results) == seats
