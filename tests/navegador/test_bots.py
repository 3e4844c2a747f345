"""The bots: random and greedy always answer with a listed action; greedy beats random in >= 70% of games."""

from __future__ import annotations

import domain.navegador as nav
from domain.core import Rng, fold

GAMES = 200
PLAYERS = 4


def duel(seed: int) -> tuple[int, int]:
    """One 4-player game: greedy in seat `seed % 4`, random elsewhere. (greedy seat, winner)"""
    greedy = seed % PLAYERS
    state = fold(nav, None, nav.setup({}, PLAYERS, Rng(str(seed), "setup")))
    rng = Rng(str(seed), "bots")
    while (result := nav.outcome(state)) is None:
        seat = min(nav.to_act(state))
        bot = nav.BOTS["greedy" if seat == greedy else "random"]
        action = bot(state, seat, rng)
        assert action in nav.legal_actions(state, seat)
        state = fold(nav, state, nav.decide(state, seat, action, rng))
    return greedy, result.winners[0]


def test_greedy_beats_random_in_at_least_70_percent_of_200_games() -> None:
    wins = sum(1 for seed in range(GAMES) if (lambda g, w: g == w)(*duel(seed)))
    assert wins >= 0.7 * GAMES, f"greedy won {wins} of {GAMES}"


def test_the_bots_are_registered() -> None:
    assert set(nav.BOTS) == {"random", "greedy", "search-normal", "search-strong"}


def test_greedy_bots_among_themselves_finish_a_real_game() -> None:
    for seats in range(2, 6):
        state = fold(nav, None, nav.setup({"kings_privilege_placement": "manual"}, seats,
                                          Rng(f"greedy-{seats}", "setup")))
        rng = Rng(f"greedy-{seats}", "bots")
        moves = 0
        while nav.outcome(state) is None:
            seat = min(nav.to_act(state))
            action = nav.BOTS["greedy"](state, seat, rng)
            assert action in nav.legal_actions(state, seat)
            state = fold(nav, state, nav.decide(state, seat, action, rng))
            moves += 1
        assert moves < 2000 and state.phase >= 2  # they explore, build and end the game


def test_the_platform_plays_a_whole_game_with_the_bots() -> None:
    from domain.core.aggregate import Game
    from domain.core.record import record_from_events, verify

    seats = [{"name": f"bot{s}", "token_hash": f"t{s}", "bot": ("greedy", "random")[s % 2]}
             for s in range(3)]
    game = Game.start("navegador", {}, seats, "host", "bots-seed", client_seeded=True)
    game.play_bots()
    assert game.outcome() is not None and game.status == "finished"
    record = record_from_events(str(game.id), game.collect_events())
    assert verify(record).ok
