"""The bots with modules A and B: both answer the new decisions (hire, navigate), and the greedy bot,
which values the governor's move and the specialists, beats a random one."""

from __future__ import annotations

import pytest

import domain.santa_maria as sm
from domain.core import Rng, fold
from domain.santa_maria import governor
from domain.santa_maria.state import replace

GAMES = 40


@pytest.mark.parametrize("modules", [["A"], ["B"], ["A", "B"]])
def test_greedy_beats_random_with_the_modules(modules: list[str]) -> None:
    wins = 0
    for seed in range(GAMES):
        state = fold(sm, None, sm.setup({"expansion": True, "modules": modules, "colony_assignment": "random"}, 2,
                                        Rng(f"bots-ab-{seed}", "setup")))
        rng = Rng(f"bots-ab-{seed}", "play")
        greedy = seed % 2
        while sm.outcome(state) is None:
            (seat,) = sm.to_act(state)
            action = sm.BOTS["greedy" if seat == greedy else "random"](state, seat, rng)
            state = fold(sm, state, sm.decide(state, seat, action, rng))
        result = sm.outcome(state)
        assert result is not None
        wins += next(r.rank for r in result.results if r.seat == greedy) == 1
    assert wins >= GAMES * 7 // 10, wins


@pytest.mark.parametrize("bot", ["greedy", "random"])
def test_each_bot_answers_hire_and_navigate(bot: str) -> None:
    asked: set[str] = set()
    for seed in range(80):
        state = fold(sm, None, sm.setup({"expansion": True, "modules": ["A", "B"], "colony_assignment": "random"}, 2,
                                        Rng(f"answers-{seed}", "setup")))
        state = replace(state, players=tuple(replace(p, personal_scholar=governor.NAVIGATION) for p in state.players))
        rng = Rng(f"answers-{seed}", "play")
        while sm.outcome(state) is None:
            (seat,) = sm.to_act(state)
            if state.pending is not None:
                asked.add(state.pending.kind)
            action = sm.BOTS[bot](state, seat, rng)
            assert action in sm.legal_actions(state, seat)
            state = fold(sm, state, sm.decide(state, seat, action, rng))
        if {"hire", "navigate"} <= asked:
            return
    raise AssertionError(asked)
