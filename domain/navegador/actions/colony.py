"""The Colony action (§2.7): one colony per free ship in a region, the cheapest tile first,
workers for every colony founded this turn."""

from __future__ import annotations

from domain.core import Action, RandomSource
from domain.core.commands import Why, fields, one_of, refuse
from domain.core.facts import Tx

from ..components import C
from ..i18n import _, cr, ngettext
from ..i18n import region as region_name
from ..state import Founding, State
from ..turns import _R, _need_action, commands


def _why_not_found(state: State, seat: int, ctx: Founding, where: str) -> Why:
    p = state.players[seat]
    i = _R[where]
    if p.ships[i] == 0:
        return ("colony.no_ship", _("You need a ship in {region} to found a colony there.", region=region_name(where)))
    if p.ships[i] <= ctx.founded_in[i]:
        return ("colony.no_free_ship",
                _("Each of your ships in {region} already supports a colony this turn.", region=region_name(where)))
    need = C.colony_workers_per_colony * (ctx.founded_total + 1)
    if p.workers < need:
        return ("colony.not_enough_workers",
                ngettext("{n} colony in one turn needs {need} workers; you have {have}.",
                         "{n} colonies in one turn need {need} workers; you have {have}.", ctx.founded_total + 1,
                         need=need, have=p.workers))
    if not state.stacks[i]:
        return ("colony.none_left", _("No colonies are left in {region}.", region=region_name(where)))
    price = C.tile_price[state.stacks[i][0]]
    if p.money < price:
        return ("colony.not_enough_money",
                _("The cheapest colony in {region} costs {price}; you have {have}.", region=region_name(where),
                  price=cr(price), have=p.money))
    return None


@commands.command("found_colony")
def _decide_found_colony(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    state = tx.state
    _need_action(state, seat, "colony", "found_colony")
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
