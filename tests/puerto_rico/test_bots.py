"""The bots: legal, deterministic, playable through the aggregate; greedy beats random."""

from __future__ import annotations

from typing import Any

import domain.puerto_rico as pr
from domain.core import Rng, fold
from domain.core.aggregate import Game
from tests.quickbots import quick_bots

from .bot_report import play, win_rate


def check_bots_legal_and_deterministic(options: dict[str, Any], seats: int, moves: int, seed: str, mover: str) -> None:
    """Every bot picks a listed action, the same one for the same draws; `mover` plays the game on."""
    state = fold(pr, None, pr.setup(options, seats, Rng(seed, "setup")))
    for move in range(moves):
        seat = state.turn
        legal = pr.legal_actions(state, seat)
        for name, bot in quick_bots(pr.BOTS).items():
            first = bot(state, seat, Rng(seed, f"{name}:{move}"))
            assert first in legal
            assert bot(state, seat, Rng(seed, f"{name}:{move}")) == first
        action = pr.BOTS[mover](state, seat, Rng(seed, f"pick:{move}"))
        state = fold(pr, state, pr.decide(state, seat, action, Rng(seed, f"event:{move}")))


def test_bots_choose_legal_actions_deterministically() -> None:
    check_bots_legal_and_deterministic({}, 3, 120, "bots", "random")


def test_bot_seats_play_a_whole_game_through_the_aggregate() -> None:
    seats = [{"name": f"bot{i}", "token_hash": f"t{i}", "bot": "greedy" if i == 0 else "random"} for i in range(5)]
    game = Game.start("puerto-rico", {}, seats, "host", "bots-aggregate", True)
    played = game.play_bots()
    assert played > 100
    assert game.outcome() is not None and game.status == "finished"


def test_greedy_bot_wins_at_least_70_percent_against_three_random_bots() -> None:
    # 200 seeded 4-player games, the greedy seat rotating (tests/puerto_rico/bot_report.py)
    assert win_rate(range(200)) >= 0.70


def test_greedy_bot_wins_at_least_70_percent_with_the_expansions() -> None:
    # 200 seeded 4-player games, greedy seat and expansion set rotating
    assert win_rate(range(200), expansions=True) >= 0.70


def test_bot_report_rotates_the_greedy_seat_and_the_expansion_set() -> None:
    assert [play(g).greedy_seat for g in range(4)] == [0, 1, 2, 3]
    assert [play(g, expansions=True).expansions for g in range(3)] == [
        ("new_buildings",),
        ("nobles",),
        ("new_buildings", "nobles"),
    ]


def test_bots_choose_legal_actions_in_expansion_games() -> None:
    for expansions in (["new_buildings"], ["nobles"], ["new_buildings", "nobles"]):
        check_bots_legal_and_deterministic({"expansions": expansions}, 4, 150, "bots-x", "greedy")


def test_bot_seats_play_a_whole_expansion_game_through_the_aggregate() -> None:
    seats = [{"name": f"bot{i}", "token_hash": f"t{i}", "bot": "greedy" if i % 2 else "random"} for i in range(3)]
    game = Game.start("puerto-rico", {"expansions": ["nobles", "new_buildings"]}, seats, "host", "bots-x-aggregate", True)
    played = game.play_bots()
    assert played > 100
    assert game.outcome() is not None and game.status == "finished"
