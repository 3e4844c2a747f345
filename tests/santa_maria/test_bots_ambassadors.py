"""The bots with module C (§8.4): they take ambassador dice, answer `ambassador_line`, play whole
games at every player count, and the greedy bot still beats random ones."""

from __future__ import annotations

import pytest

import domain.santa_maria as sm
from tests.quickbots import quick_bots

from .test_bots import play

C_GAME = {"expansion": True, "modules": ["C"]}
GAMES = 100


def test_greedy_beats_random_in_70_percent_of_4_player_games_with_ambassadors() -> None:
    wins = 0
    for seed in range(GAMES):
        greedy = seed % 4
        result = play(seed, ["greedy" if s == greedy else "random" for s in range(4)], C_GAME)
        wins += greedy in result.winners
    print(f"greedy won {wins} of {GAMES} games")
    assert wins >= 0.7 * GAMES


@pytest.mark.parametrize("seats", [1, 2, 3, 4])
def test_every_bot_plays_whole_games_with_ambassadors(seats: int) -> None:
    for name in quick_bots(sm.BOTS):
        result = play(seats, [name] * seats, {**C_GAME, "colony_assignment": "random"})
        assert len(result.results) == seats


def test_greedy_takes_the_diagonal_when_it_pays() -> None:
    from domain.core import Rng

    from .helpers import act, edit
    from .test_examples_ambassadors import P1, P2, amb, start_c, with_scholar

    state = with_scholar(start_c(2, white=1), P2, "SCH_ARCHERY")
    rich = edit(state, P2, cells={(2, 2): "prod_gem", (3, 3): "prod_sugar", (5, 5): "prod_gem"})
    for position, expected in ((rich, "diagonal"), (edit(rich, P2, coins=0), "column"), (state, "column")):
        position, _ = act(position, P1, amb("white", 1, "column"))
        position, _ = act(position, P1, {"type": "ship", "source": None})
        assert position.pending is not None and position.pending.kind == "ambassador_line"
        choice = sm.BOTS["greedy"](position, P2, Rng("g", "play"))
        assert choice in sm.legal_actions(position, P2) and choice["line"] == expected
