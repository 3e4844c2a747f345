"""decide / legal_actions: the shared opening checks, the command, then everything that follows
automatically until the game waits for a seat again (rules page §2.1, FE-AMB-21): the end of the
bidding, withdrawals, a boarding window closing, ships sailing and merchants landing, the end
of an expedition, storage done, the preparation, the final sales and the scoring."""

from __future__ import annotations

from collections.abc import Iterator

from domain.core import Action, Fact, RandomSource
from domain.core.facts import Tx

from .phases import (
    bidding,
    boarding,
    exploration,
    final,
    mystery,
    preparation,
    selling,
    storage,
    trade,
)
from .state import State, Step, commands, evolve, to_act


def advance(tx: Tx, rng: RandomSource) -> None:
    while _step(tx, rng):
        pass


def _step(tx: Tx, rng: RandomSource) -> bool:
    """One automatic step; False when the game waits for a seat (or is over)."""
    s = tx.state
    match s.step:
        case Step.BIDDING:
            return bidding.end_of_bidding(tx)
        case Step.TRADE:
            if s.venue() is None:
                exploration.begin(tx)
                return True
            if not s.asked:
                trade.venue_turn(tx)
                return True
            return False
        case Step.BOARDING:
            before = len(tx.facts)
            boarding.close_if_useless(tx)
            return len(tx.facts) > before
        case Step.EXPLORATION:
            return exploration.step(tx, rng)
        case Step.MYSTERY:
            return mystery.step(tx, rng)
        case Step.STORAGE:
            if storage.step(tx):
                return True
            if not tx.state.owing:
                preparation.prepare(tx, rng)
                return True
            return False
        case Step.FINAL_SALES:
            return final.step(tx)
    return False


def decide(state: State, seat: int, action: Action, rng: RandomSource) -> list[Fact]:
    command = commands.opening(action, seat, to_act=to_act(state), over=state.over, seated=range(state.seats))
    tx = Tx(state, evolve)
    command.handler(tx, seat, action, rng)
    advance(tx, rng)
    return tx.facts


def _choices(state: State, seat: int) -> Iterator[Action]:
    step = state.step
    if step is Step.BIDDING:
        yield from bidding.bids(state)
    elif step is Step.TRADE:
        yield from trade.deals(state, seat)
    elif step is Step.BOARDING:
        yield from boarding.boardings(state, seat)
    elif step is Step.EXPLORATION:
        yield from exploration.moves(state)
    elif step is Step.MYSTERY:
        yield from mystery.keeps(state, seat)
    elif step is Step.STORAGE:
        if storage.why_not_store_fourth(state, seat) is None:
            yield {"type": "store_fourth"}
    elif step is Step.FINAL_SALES:
        yield {"type": "final_done"}
    yield from selling.sales(state, seat)


def legal_actions(state: State, seat: int) -> list[Action]:
    """The seat's decision and sales while it is to act; while another seat is, only its sales
    (§2.1, FE-AMB-10: selling is the one out-of-turn action)."""
    if seat in to_act(state):
        return list(_choices(state, seat))
    if state.over or type(seat) is not int or seat not in range(state.seats):
        return []
    return list(selling.sales(state, seat))
