"""Bots: `random` (uniform over the legal actions) and `greedy` (a short own-turn lookahead with
a hand-made evaluation of the bot's own position; it looks at nothing another player could not
see except, harmlessly, its own VP and its own hidden forests).

The evaluation knows the expansions through the score breakdown of the game's configuration
(nobles, royal garden, cloister, statue, church and chapel VP), the occupied violet buildings of
every expansion (guests deployed onto them count as occupied), forests (a filled island space and
half a doubloon off every later building) and nobles (1 VP, and more with jeweler / royal garden).
"""

from __future__ import annotations

from collections.abc import Mapping

from domain.core import Action, Bot, RandomSource, choice, search

from .components import CIRCLES, FORESTS_PER_DOUBLOON, QUARRY, VP
from .flow import decide, legal_actions
from .phases.craftsman import production
from .scoring import breakdown
from .state import OVER, Config, Player, State

LOOKAHEAD = 2  # own consecutive decisions looked at


class _FirstDraw:
    """A stand-in randomness for lookahead: every draw is 0. Never used for a real move."""

    def __init__(self) -> None:
        self.draws: list[list[int]] = []

    def below(self, n: int) -> int:
        return 0


def random_bot(state: State, seat: int, rng: RandomSource) -> Action:
    return choice(rng, legal_actions(state, seat))


def _value(pl: Player, rounds_left: float, config: Config | None = None) -> float:
    """How good a position looks for its owner: score now plus what it will earn."""
    score = sum(breakdown(pl, config).values())
    occupied_violet = sum(
        1 for b, w in enumerate(pl.buildings) if w > 0 and CIRCLES[b] == 1 and VP[b] < 4
    )
    potential = (
        1.2 * sum(production(pl))
        + 0.6 * occupied_violet
        + 0.5 * pl.manned[QUARRY]
        + 0.25 * pl.workers
        + 0.3 * sum(pl.island)
        + (0.3 + 0.5 / FORESTS_PER_DOUBLOON) * pl.forest_count
    )
    return score + 0.5 * pl.doubloons + 0.45 * sum(pl.goods) + potential * min(1.0, rounds_left / 6)


def _rounds_left(s: State) -> float:
    if s.end_reasons:
        return 0.0
    return max(1.0, min(s.vp_supply / 12, s.colonist_supply / 6))


def _best(state: State, seat: int, depth: int) -> tuple[float, int]:
    """(best value, index of the action achieving it) over the seat's legal actions."""
    best_value, best_index = float("-inf"), 0
    for i, action in enumerate(legal_actions(state, seat)):
        after = decide(state, seat, action, _FirstDraw()).state  # the state its facts lead to
        if depth > 1 and after.step != OVER and after.turn == seat:
            value, _ = _best(after, seat, depth - 1)
        else:
            value = _value(after.players[seat], _rounds_left(after), after.config)
        if value > best_value + 1e-9:
            best_value, best_index = value, i
    return best_value, best_index


def greedy_bot(state: State, seat: int, rng: RandomSource) -> Action:
    actions = legal_actions(state, seat)
    if len(actions) == 1:
        return actions[0]
    _, index = _best(state, seat, LOOKAHEAD)
    return actions[index]


def evaluate(s: State) -> list[float]:
    """Every seat's position as the greedy bot values its own (the search's evaluation)."""
    rounds = _rounds_left(s)
    return [_value(pl, rounds, s.config) for pl in s.players]


GAME = search.Game("puerto-rico", policy=greedy_bot, evaluate=evaluate, spread=4.0)

BOTS: Mapping[str, Bot] = {
    "random": random_bot,
    "greedy": greedy_bot,
    **search.levels(GAME, normal=search.Budget(iterations=40, horizon=30), strong=search.Budget(iterations=100, horizon=40)),
}
