"""Goods handling (rules page §2.8, §2.9): gaining with the storage limit (and a blue die from
the supply, §3.8), paying with gold as a wildcard, and the free actions sell and buy."""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterator, Mapping
from typing import Any

from domain.core import Action, Fact, RandomSource, die
from domain.core.commands import Why, fields, malformed, one_of, refuse
from domain.core.facts import Tx

from .components import C
from .i18n import _, ngettext
from .i18n import good as good_name
from .i18n import goods as goods_count
from .kingdoms import gain_cocoa
from .maya import hooks as maya
from .scholars import has_scholar
from .state import BlueDie, Phase, Player, State, add_goods, commands, evolves, replace, with_player

Payment = dict[str, int]


# -- gaining (§2.9) -----------------------------------------------------------------------------


def gain(tx: Tx, seat: int, what: Mapping[str, int], source: str) -> None:
    """Gain goods, coins and VP; resources beyond the storage limit become coins (§2.9)."""
    player = tx.state.players[seat]
    fitting: dict[str, int] = {}
    for good in C.resources:
        n = what.get(good, 0)
        if not n:
            continue
        room = max(0, C.storage - player.good(good))
        if min(n, room):
            fitting[good] = min(n, room)
        over = n - min(n, room)
        if over:
            tx.emit({"t": "OverflowConverted", "seat": seat, "good": good, "units": over,
                     "coins": over * C.sale_price[good]})
    fitting = maya.vault_gold(tx, seat, fitting)  # §8.6.4: gold comes from the Maya's vault first
    if fitting:
        tx.emit({"t": "GoodsGained", "seat": seat, "goods": fitting, "source": source})
    if what.get("cocoa"):  # American Kingdoms: onto the cocoa tokens (§8.1)
        gain_cocoa(tx, seat, what["cocoa"], source)
    if what.get("coins"):
        tx.emit({"t": "CoinsGained", "seat": seat, "coins": what["coins"], "source": source})
    if what.get("vp"):
        hidden = {} if not tx.state.open_scores else {"open": True}  # §9.2: VP lie face down
        tx.emit({"t": "VPGained", "seat": seat, "vp": what["vp"], "source": source, **hidden})


def _open(state: State) -> dict[str, Any]:
    """VP amounts are hidden unless the table plays with open scores (§9.2); the fact says which."""
    return {"open": True} if state.open_scores else {}


def gain_blue_die(tx: Tx, seat: int, rng: RandomSource) -> None:
    """A blue die from the supply, rolled (§3.8); shared variant: into the blue pool (§7.2)."""
    face = die(rng)
    state = tx.state
    if state.shared_blue_dice:
        tx.emit({"t": "BlueDieAddedToPool", "seat": seat, "face": face})
        return
    usable = not state.players[seat].passed  # gained while passing: not before next year
    tx.emit({"t": "BlueDieGained", "seat": seat, "die": f"b{state.blue_made + 1}", "face": face,
             "usable_this_year": usable})


@evolves("BlueDieGained")
def _blue_die_gained(state: State, fact: Fact) -> State:
    p = state.players[fact["seat"]]
    state = replace(state, blue_supply=state.blue_supply - 1, blue_made=state.blue_made + 1)
    return with_player(state, fact["seat"], blue=(*p.blue, BlueDie(fact["die"], fact["face"], False, fact["usable_this_year"])))


@evolves("BlueDieAddedToPool")
def _blue_die_added(state: State, fact: Fact) -> State:
    p = state.players[fact["seat"]]
    state = replace(state, blue_supply=state.blue_supply - 1, blue_made=state.blue_made + 1,
                    blue_pool=tuple(sorted((*state.blue_pool, fact["face"]))))
    return with_player(state, fact["seat"], unlocked=p.unlocked + 1)


@evolves("GoodsGained")
def _goods_gained(state: State, fact: Fact) -> State:
    p = state.players[fact["seat"]]
    return with_player(state, fact["seat"], goods=add_goods(p.goods, fact["goods"]))


@evolves("GoodsPaid")
def _goods_paid(state: State, fact: Fact) -> State:
    p = state.players[fact["seat"]]
    paid = fact["goods"]
    return with_player(state, fact["seat"], goods=add_goods(p.goods, paid, -1), coins=p.coins - paid.get("coins", 0))


@evolves("OverflowConverted", "CoinsGained")
def _coins_gained(state: State, fact: Fact) -> State:
    p = state.players[fact["seat"]]
    return with_player(state, fact["seat"], coins=p.coins + fact["coins"])


@evolves("CoinsPaid")
def _coins_paid(state: State, fact: Fact) -> State:
    p = state.players[fact["seat"]]
    return with_player(state, fact["seat"], coins=p.coins - fact["coins"])


@evolves("CoinsTransferred")
def _coins_transferred(state: State, fact: Fact) -> State:
    state = with_player(state, fact["from"], coins=state.players[fact["from"]].coins - fact["coins"])
    return with_player(state, fact["to"], coins=state.players[fact["to"]].coins + fact["coins"])


@evolves("VPGained", "ReligionOverflowScored")
def _vp_gained(state: State, fact: Fact) -> State:
    p = state.players[fact["seat"]]
    return with_player(state, fact["seat"], vp=p.vp + fact["vp"])


# -- paying (§2.9: gold replaces any resource unit, never coins) ---------------------------------


def payments(cost: Mapping[str, int]) -> Iterator[Payment]:
    """Every payment multiset of `cost`: fewer units of a resource, gold for the rest."""
    for items in _payments(tuple(sorted(cost.items()))):
        yield dict(items)


@functools.lru_cache(maxsize=256)  # a pure function of the component data's costs
def _payments(cost_items: tuple[tuple[str, int], ...]) -> tuple[tuple[tuple[str, int], ...], ...]:
    cost = dict(cost_items)
    others = [(g, n) for g, n in cost.items() if g not in ("gold", "coins")]
    out = []
    for paid in itertools.product(*(range(n, -1, -1) for _skip, n in others)):
        p: Payment = {g: k for (g, _skip), k in zip(others, paid, strict=True) if k}
        gold = cost.get("gold", 0) + sum(n - k for (_skip, n), k in zip(others, paid, strict=True))
        if gold:
            p["gold"] = gold
        if cost.get("coins"):
            p["coins"] = cost["coins"]
        out.append(tuple((g, p[g]) for g in (*C.resources, "cocoa", "coins") if g in p))
    return tuple(out)


def holds(state: State, seat: int, pay: Mapping[str, int]) -> bool:
    have = _stock(state.players[seat])
    return all(have[g] >= n for g, n in pay.items())


def valid_payment(state: State, seat: int, cost: Mapping[str, int], pay: Mapping[str, int]) -> bool:
    return tuple(pay.items()) in _payments(tuple(sorted(cost.items()))) and holds(state, seat, pay)


def held_payments(state: State, seat: int, cost: Mapping[str, int]) -> list[Payment]:
    p = state.players[seat]
    return [dict(items) for items in _held(tuple(sorted(cost.items())), p.goods, p.cocoa or 0, p.coins)]


def can_pay(state: State, seat: int, cost: Mapping[str, int]) -> bool:
    """The seat holds at least one payment of `cost` (`held_payments` is not empty): the one with
    as many units of each resource as it holds, gold for the units it lacks (with the gold the cost
    names: no more than the seat's gold), and the coins."""
    have = _stock(state.players[seat])
    lacking = sum(max(0, n - have[g]) for g, n in cost.items() if g not in ("gold", "coins"))
    return cost.get("gold", 0) + lacking <= have["gold"] and cost.get("coins", 0) <= have["coins"]


@functools.lru_cache(maxsize=4096)  # a pure function of plain data: a cost and what a seat holds
def _held(cost_items: tuple[tuple[str, int], ...], goods: tuple[int, ...], cocoa: int, coins: int) -> tuple[tuple[tuple[str, int], ...], ...]:
    """The payments of the cost, as `_payments` lists them, that the goods, full cocoa tokens and coins cover."""
    have = {**dict(zip(C.resources, goods, strict=True)), "cocoa": cocoa, "coins": coins}
    return tuple(items for items in _payments(cost_items) if all(have[g] >= n for g, n in items))


def _stock(p: Player) -> dict[str, int]:
    """What a player can pay with: goods, coins and full cocoa tokens."""
    have = dict(zip(C.resources, p.goods, strict=True))
    have["cocoa"], have["coins"] = p.cocoa or 0, p.coins
    return have


# the goods a payment may name, by (cocoa, coins) allowed, in the order a parsed payment lists them
_PAYABLE = {(cocoa, coins): (*C.resources, *(("cocoa",) if cocoa else ()), *(("coins",) if coins else ()))
            for cocoa in (False, True) for coins in (False, True)}


def parse_pay(action: Mapping[str, Any], key: str = "pay", coins: bool = False, cocoa: bool = False) -> Payment:
    """A payment field: {good: units} with known goods and whole numbers of at least 1."""
    value = action[key]
    allowed = _PAYABLE[bool(cocoa), bool(coins)]
    if type(value) is not dict or not value:
        raise malformed(f"{key!r} must be a non-empty object of goods and amounts.")
    for good, n in value.items():
        if good not in allowed:
            raise malformed(f"{key!r} names an unknown good {good!r}; the goods are {', '.join(allowed)}.")
        if type(n) is not int or not 1 <= n <= 99:
            raise malformed(f"{key!r} must give each good a whole number from 1 to 99.")
    return {g: value[g] for g in allowed if g in value}


def pay(tx: Tx, seat: int, payment: Mapping[str, int], why: str) -> None:
    if payment.get("cocoa"):  # American Kingdoms: a full cocoa token flipped empty (§8.1)
        tx.emit({"t": "CocoaPaid", "seat": seat, "cocoa": payment["cocoa"], "for": why})
        payment = {g: n for g, n in payment.items() if g != "cocoa"}
        if not payment:
            return
    tx.emit({"t": "GoodsPaid", "seat": seat, "goods": dict(payment), "for": why})


# -- the free actions (§2.8) ----------------------------------------------------------------------


def why_not_free_window(state: State, seat: int) -> Why:
    """Free actions: during the seat's own turn, before its main action or at its decisions,
    but not inside the expand sequence (§2.4, §2.8)."""
    if state.phase is not Phase.PLAY:
        return ("action.not_now", _("Free actions are taken during play, not during setup."))
    pending = state.pending
    if pending is None:
        return None
    if pending.seat != seat:
        return ("turn.not_yours", _("It is not your turn."))
    if maya.reply_window(state) is not None:  # answering a Maya offer is not a turn (§2.8)
        return maya.reply_window(state)
    if pending.kind in ("place_tile", "expand_pay"):
        return ("expand.in_progress", _("Finish or cancel your expansion first; sell and buy before choosing the tile."))
    return None


def why_not_sell(state: State, seat: int, good: str) -> Why:
    if maya.why_not_sell(state, seat) is not None:
        return maya.why_not_sell(state, seat)
    if state.players[seat].good(good) < 1:
        return ("sell.none", _("You have no {good} to sell.", good=good_name(good)))
    return None


def buy_price(state: State, seat: int) -> int:
    return C.buy_price - (1 if has_scholar(state, seat, "SCH_ECONOMICS") else 0)


def why_not_buy(state: State, seat: int, good: str) -> Why:
    if state.maya is not None and state.maya.seat == seat:  # into an empty token (§2.8, A-44)
        return maya.why_not_buy(state, seat, good)
    if good not in C.simple:
        return ("buy.not_simple", _("Only wood and grain can be bought."))
    if state.players[seat].good(good) >= C.storage:
        return ("buy.storage_full", _("Your storage holds at most {goods}.", goods=goods_count(C.storage, good)))
    if state.players[seat].coins < buy_price(state, seat):
        return ("buy.cannot_pay", ngettext("Buying costs {n} coin.", "Buying costs {n} coins.", buy_price(state, seat)))
    return None


@commands.command("sell")
def _sell(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    fields(action, ("good",))
    good = one_of(action, "good", (*C.resources, "cocoa") if tx.state.expansion else C.resources)
    refuse(why_not_free_window(tx.state, seat))
    if good == "cocoa":
        refuse(("sell.not_sellable", _("Cocoa cannot be sold; it only changes dice and pays for special ships.")))
    refuse(why_not_sell(tx.state, seat, good))
    tx.emit({"t": "GoodSold", "seat": seat, "good": good, "coins": C.sale_price[good]})


@commands.command("buy")
def _buy(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    fields(action, ("good",))
    good = one_of(action, "good", C.resources)
    refuse(why_not_free_window(tx.state, seat))
    refuse(why_not_buy(tx.state, seat, good))
    tx.emit({"t": "GoodBought", "seat": seat, "good": good, "coins": buy_price(tx.state, seat)})


def free_actions(state: State, seat: int) -> list[Action]:
    """Every sale and purchase `why_not_sell` and `why_not_buy` accept, sales first, goods in order:
    their checks of the seat (the Maya, the price) asked once, then each good's count."""
    if why_not_free_window(state, seat) is not None:
        return []
    p = state.players[seat]
    out: list[Action] = []
    if maya.why_not_sell(state, seat) is None:  # then why_not_sell asks for one unit held
        out = [{"type": "sell", "good": g} for g, n in zip(C.resources, p.goods, strict=True) if n >= 1]
    if state.maya is not None and state.maya.seat == seat:  # the Maya's purchases (§8.6.3)
        out += [{"type": "buy", "good": g} for g in C.resources if g in C.simple and why_not_buy(state, seat, g) is None]
    elif p.coins >= buy_price(state, seat):  # then why_not_buy asks for a simple good with room in storage
        out += [{"type": "buy", "good": g} for g, n in zip(C.resources, p.goods, strict=True) if g in C.simple and n < C.storage]
    return out


@evolves("GoodSold")
def _good_sold(state: State, fact: Fact) -> State:
    p = state.players[fact["seat"]]
    return with_player(state, fact["seat"], goods=add_goods(p.goods, {fact["good"]: 1}, -1), coins=p.coins + fact["coins"])


@evolves("GoodBought")
def _good_bought(state: State, fact: Fact) -> State:
    p = state.players[fact["seat"]]
    if state.maya is not None and state.maya.seat == fact["seat"]:  # the Maya fills a token (§8.6.3)
        return maya.bought(state, fact)
    return with_player(state, fact["seat"], goods=add_goods(p.goods, {fact["good"]: 1}), coins=p.coins - fact["coins"])
