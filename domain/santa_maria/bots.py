"""Bots: `random` (any legal action) and `greedy` (one step of look-ahead on a simple value)."""

from __future__ import annotations

from domain.core import Action, RandomSource, choice

from .state import State


def random_bot(state: State, seat: int, rng: RandomSource) -> Action:
    from .rules import legal_actions

    return choice(rng, legal_actions(state, seat))


BOTS = {"random": random_bot}
