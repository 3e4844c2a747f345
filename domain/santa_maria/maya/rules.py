"""What the Maya may do now (rules page §8.6.5): its main actions, its decisions and its free
actions, each listed from the predicate its command checks."""

from __future__ import annotations

from collections.abc import Callable

from domain.core import Action

from ..state import State
from . import cards, city, offers, religion, setup, temples, words  # noqa: F401  (setup and words register their facts)

DECISIONS: dict[str, Callable[[State, int], list[Action]]] = {
    "maya_step": city.step_actions,
    "maya_temple": temples.temple_actions,
    "maya_token": temples.token_actions,
    "maya_road": temples.road_actions,
    "maya_monk_reward": religion.monk_actions,
    "maya_pass_flip": temples.flip_actions,
    "maya_build": cards.build_actions,
    "maya_trade": cards.session_actions,
    "offer_reply": offers.reply_actions,
    "maya_simulate": city.simulate_actions,
}


def main_actions(state: State, seat: int) -> list[Action]:
    """A use a die, B play a card, C a high priest (D pass is the shared pass, listed after)."""
    return [*city.die_actions(state, seat), *cards.card_actions(state, seat), *city.priest_actions(state, seat)]


def free_actions(state: State, seat: int) -> list[Action]:
    return city.technology_actions(state, seat)
