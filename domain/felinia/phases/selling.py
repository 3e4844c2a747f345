"""Selling (rules page §3.2, FE-AMB-10): gold for 2 silver, spice and goods tiles for 1, «в любое
время (!)»: by any seat whenever the game runs, within its own decisions and while another seat
is to act (the one out-of-turn action), any number of times; it never passes the turn. Goods sold
go into the bag at once, so a sale before a preparation changes what the markets draw."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from domain.core import Action, Fact, RandomSource
from domain.core.commands import Why, fields, refuse, reject, whole
from domain.core.facts import Tx

from ..components import C
from ..i18n import _, counted
from ..state import (
    State,
    add,
    commands,
    evolves,
    one,
    player,
    replace,
    silver_gain,
    why_not_offered,
)

ITEMS = ("gold", "spice", "goods")


def held(state: State, seat: int, item: str, goods: str | None) -> int:
    p = state.players[seat]
    if item == "goods":
        return p.goods[C.goods.index(goods)] if goods in C.goods else 0
    return int(getattr(p, item))


def can_sell(state: State, seat: int) -> bool:
    p = state.players[seat]
    return bool(p.gold or p.spice or p.goods_count)


def why_not_sell(state: State, seat: int, item: str, goods: str | None, count: int) -> Why:
    if item not in ITEMS:
        return ("sell.not_sellable", _("Only gold, spice and goods tiles can be sold (food, tiles and cards cannot)."))
    if held(state, seat, item, goods) < count:
        return ("sell.not_held", _("You do not hold {what} to sell.", what=counted(count, goods if item == "goods" and goods else item)))
    return None


def sales(state: State, seat: int) -> Iterator[Action]:
    """One `sell` per sellable item and count held (§2.1)."""
    p = state.players[seat]
    for item in ("gold", "spice"):
        for n in range(1, getattr(p, item) + 1):
            yield {"type": "sell", "item": item, "count": n}
    for g, have in zip(C.goods, p.goods, strict=True):
        for n in range(1, have + 1):
            yield {"type": "sell", "item": "goods", "goods": g, "count": n}


@commands.command("sell", out_of_turn=True)
def _sell(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    refuse(why_not_offered(tx.state, "sell"))
    fields(action, ("item", "count"), ("goods",))
    item, goods = action["item"], action.get("goods")
    if type(item) is not str:
        reject("action.malformed", _("'item' must name what to sell: gold, spice or goods."))
    if "goods" in action and type(goods) is not str:
        reject("action.malformed", _("'goods' must name a goods type: {types}.", types=", ".join(map(repr, C.goods))))
    count = whole(action, "count", 1)
    if item in ITEMS and ((item == "goods") != ("goods" in action) or (item == "goods" and goods not in C.goods)):
        reject("action.malformed", _("Name the goods type ('goods') when you sell goods tiles, and only then."))
    refuse(why_not_sell(tx.state, seat, item, goods, count))
    added, lost = silver_gain(tx.state.players[seat].silver, count * C.sale_price[item])
    tx.emit({"t": "ItemsSold", "seat": seat, "item": item, "goods": goods, "count": count,
             "silver_gained": added, "silver_lost": lost})


@evolves("ItemsSold")
def _items_sold(state: State, fact: Fact) -> State:
    seat, item, n = fact["seat"], fact["item"], fact["count"]
    p = state.players[seat]
    changes: dict[str, Any] = {"silver": p.silver + fact["silver_gained"]}
    if item == "goods":
        changes["goods"] = add(p.goods, one(fact["goods"], n), -1)
        state = replace(state, bag=add(state.bag, one(fact["goods"], n)))
    else:
        changes[item] = getattr(p, item) - n
    return player(state, seat, **changes)
