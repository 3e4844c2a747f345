"""The Colony action (§2.7): one colony per free ship in a region, the cheapest tile first,
workers for every colony founded this turn."""

from __future__ import annotations

from domain.core import Action, RandomSource
from domain.core.commands import Why, fields, one_of, refuse
from domain.core.facts import Tx

from ..components import C
from ..state import Founding, State
from ..turns import _R, _need_action, commands


def _why_not_found(state: State, seat: int, ctx: Founding, region: str) -> Why:
    p = state.players[seat]
    i = _R[region]
    if p.ships[i] == 0:
        return ("colony.no_ship", f"You need a ship in {region} to found a colony there.")
    if p.ships[i] <= ctx.founded_in[i]:
        return ("colony.no_free_ship",
                f"Each of your ships in {region} already supports a colony this turn.")
    need = C.colony_workers_per_colony * (ctx.founded_total + 1)
    if p.workers < need:
        return ("colony.not_enough_workers",
                f"{ctx.founded_total + 1} colonies in one turn need {need} workers; you have {p.workers}.")
    if not state.stacks[i]:
        return ("colony.none_left", f"No colonies are left in {region}.")
    price = C.tile_price[state.stacks[i][0]]
    if p.money < price:
        return ("colony.not_enough_money",
                f"The cheapest colony in {region} costs {price} Cr; you have {p.money}.")
    return None


@commands.command("found_colony")
def _decide_found_colony(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    state = tx.state
    _need_action(state, seat, "colony", "found a colony")
    fields(action, ("region",))
    region = one_of(action, "region", _R)
    ctx = state.context
    assert isinstance(ctx, Founding)
    refuse(_why_not_found(state, seat, ctx, region))
    tile = state.stacks[_R[region]][0]  # §2.7: always the cheapest tile first
    tx.emit({"t": "ColonyFounded", "seat": seat, "region": region, "tile": tile,
             "price": C.tile_price[tile]})


# -- legal actions -----------------------------------------------------------------------------


def colony_actions(state: State, seat: int, ctx: Founding) -> list[Action]:
    return [{"type": "found_colony", "region": r} for r in C.regions
            if _why_not_found(state, seat, ctx, r) is None]
