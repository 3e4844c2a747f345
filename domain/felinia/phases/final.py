"""The end (rules page §4.1, FE-AMB-39): after the final exploration every seat that could still
change its silver may sell, then says `final_done`; then scoring."""

from __future__ import annotations

from domain.core import Action, Fact, RandomSource
from domain.core.commands import fields, refuse
from domain.core.facts import Tx

from .. import scoring
from ..components import C
from ..state import State, Step, commands, evolves, replace, why_not_offered
from .selling import can_sell


@commands.command("final_done")
def _final_done(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    refuse(why_not_offered(tx.state, "final_done"))
    fields(action)
    tx.emit({"t": "FinalSalesDone", "seat": seat, "auto": False})


def step(tx: Tx) -> bool:
    s = tx.state
    for seat in sorted(s.owing):
        if s.players[seat].silver >= C.silver_max or not can_sell(s, seat):
            tx.emit({"t": "FinalSalesDone", "seat": seat, "auto": True})
            return True
    if s.owing:
        return False
    tx.emit({"t": "GameScored", "scores": scoring.totals(s)})
    return True


@evolves("FinalSalesBegan")
def _final_sales_began(state: State, fact: Fact) -> State:
    return replace(state, step=Step.FINAL_SALES, owing=frozenset(range(state.seats)), sailing=(), voyage=None)


@evolves("FinalSalesDone")
def _final_sales_done(state: State, fact: Fact) -> State:
    return replace(state, owing=state.owing - {fact["seat"]})


@evolves("GameScored")
def _game_scored(state: State, fact: Fact) -> State:
    return replace(state, step=Step.GAME_OVER, scores=tuple(fact["scores"]), owing=frozenset())
