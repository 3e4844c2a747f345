"""decide and legal_actions: the command table's handlers (in the rule modules) behind the shared
opening checks, and every concrete action a seat may take now."""

from __future__ import annotations

from domain.core import Action, Fact, RandomSource
from domain.core.facts import Tx

from . import (
    actions,
    ambassadors,
    effects,
    goods,
    governor,
    kingdoms,
    listing,
    passing,
    scoring,
    setup,
    specialists,
    year,
)
from .components import C
from .flow import to_act, why_not_main
from .maya import rules as maya
from .state import Phase, State, commands, evolve, is_maya

_DECISIONS = {
    "place_tile": actions.place_tile_actions,
    "expand_pay": actions.expand_pay_actions,
    "trade": effects.trade_actions,
    "ship": effects.ship_actions,
    "religion_extra": effects.religion_extra_actions,
    "place_monk": effects.monk_actions,
    "conquistador_extra": effects.conquistador_extra_actions,
    "road_tile": passing.road_actions,
    "meditation_extra": kingdoms.meditation_actions,
    **maya.DECISIONS,  # module D (§8.6.5)
    "hire": specialists.hire_actions,
    "navigate": governor.navigate_actions,
    "ambassador_line": ambassadors.line_actions,  # module C (§8.4)
}


def decide(state: State, seat: int, action: Action, rng: RandomSource) -> list[Fact]:
    command = commands.opening(action, seat, to_act=to_act(state), over=state.over)
    tx = Tx(state, evolve)
    command.handler(tx, seat, action, rng)
    return tx.facts


def main_actions(state: State, seat: int) -> list[Action]:
    if why_not_main(state, seat) is not None:
        return []
    if is_maya(state, seat):  # §8.6.5: the Maya's own main actions A-C, then pass
        return maya.main_actions(state, seat) + passing.pass_actions(state, seat)
    out = listing.expand_actions(state, seat)
    out += actions.activation_actions(state, seat)
    out += listing.die_actions(state, seat)
    out += passing.pass_actions(state, seat)
    return out


def legal_actions(state: State, seat: int) -> list[Action]:
    if seat not in to_act(state):
        return []
    if state.phase in (Phase.DRAFT_COLONY, Phase.DRAFT_SET):
        return setup.setup_actions(state, seat)
    pending = state.pending
    decision = _DECISIONS[pending.kind](state, seat) if pending is not None else main_actions(state, seat)
    extra = maya.free_actions(state, seat) if is_maya(state, seat) else []  # maya_technology (§8.6.5)
    return decision + goods.free_actions(state, seat) + extra


__all__ = ["C", "scoring", "year"]
