"""The storage phase (rules page §2.5, FE-AMB-9, FE-AMB-40): 3 goods tiles free, a 4th for 2
silver; the rest is sold. Every seat that owes storage acts at once with `sell` and
`store_fourth`; a seat within its allowance is done automatically."""

from __future__ import annotations

from domain.core import Action, Fact, RandomSource
from domain.core.commands import Why, fields, refuse
from domain.core.facts import Tx

from ..components import C
from ..i18n import _, ngettext
from ..state import State, Step, by_type, commands, evolves, player, replace, why_not_offered


def allowance(state: State, seat: int) -> int:
    return C.free_goods + int(state.players[seat].fourth_slot)


def why_not_store_fourth(state: State, seat: int) -> Why:
    p = state.players[seat]
    if p.fourth_slot:
        return ("storage.fourth_taken", _("You have bought the 4th storage slot already."))
    if p.silver < C.paid_goods_cost:
        return ("storage.insufficient_silver", ngettext("The 4th storage slot costs {n} silver.",
                                                        "The 4th storage slot costs {n} silver.", C.paid_goods_cost))
    return None


@commands.command("store_fourth")
def _store_fourth(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    refuse(why_not_offered(tx.state, "store_fourth"))
    fields(action)
    refuse(why_not_store_fourth(tx.state, seat))
    tx.emit({"t": "StorageSlotBought", "seat": seat, "price": C.paid_goods_cost})


def step(tx: Tx) -> bool:
    """A seat within its allowance is done; when nobody owes storage, False (preparation next)."""
    s = tx.state
    for seat in sorted(s.owing):
        if s.players[seat].goods_count <= allowance(s, seat):
            p = s.players[seat]
            tx.emit({"t": "GoodsStored", "seat": seat, "kept": by_type(p.goods), "fourth_slot": p.fourth_slot})
            return True
    return False


@evolves("StorageBegan")
def _storage_began(state: State, fact: Fact) -> State:
    players = tuple(replace(p, fourth_slot=False) for p in state.players)
    return replace(state, step=Step.STORAGE, owing=frozenset(fact["owing"]), players=players)


@evolves("StorageSlotBought")
def _storage_slot_bought(state: State, fact: Fact) -> State:
    seat = fact["seat"]
    return player(state, seat, fourth_slot=True, silver=state.players[seat].silver - fact["price"])


@evolves("GoodsStored")
def _goods_stored(state: State, fact: Fact) -> State:
    return replace(state, owing=state.owing - {fact["seat"]})
