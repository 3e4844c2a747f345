"""The trade phase (rules page §2.3): the venues in order, the top token's owner deals or
declines at the price of the stack's height; tokens that cannot matter are withdrawn."""

from __future__ import annotations

from collections.abc import Iterator

from domain.core import Action, Fact, RandomSource
from domain.core.commands import Why, fields, refuse, reject
from domain.core.facts import Tx

from ..components import C
from ..i18n import _, good, ngettext
from ..state import (
    GUILD,
    VENUES,
    State,
    Step,
    add,
    commands,
    evolves,
    granted,
    one,
    player,
    put,
    replace,
    why_not_offered,
)

OPTIONS_A_C = {"goods_spice": "spice", "goods_food": "food"}


def price(state: State) -> int:
    """[TR-1] the number of tokens on the venue now."""
    v = state.venue()
    return 0 if v is None else len(state.stacks[v])


def max_silver(state: State, seat: int) -> int:
    p = state.players[seat]
    return min(C.silver_max, p.silver + 2 * p.gold + p.spice + p.goods_count)


def auto_withdrawal(state: State) -> str | None:
    """§2.3.5: why the top token is withdrawn without asking its owner, or None."""
    v, seat = state.venue(), state.actor()
    assert v is not None and seat is not None
    if v != GUILD and not any(state.markets[v]):
        return "market_empty"
    if max_silver(state, seat) < price(state):
        return "cannot_afford"
    if v == GUILD:
        p = state.players[seat]
        kinds = [i for i, n in enumerate(p.goods) if n]
        swap = len(kinds) >= 2 or (len(kinds) == 1 and any(n for i, n in enumerate(state.bag) if i != kinds[0]))
        bonus = bool(state.guild_bonus) and p.gold >= 1 and p.spice >= 1
        if not swap and not bonus:
            return "no_option"
    return None


def _too_poor(state: State) -> Why:
    return ("trade.insufficient_silver", ngettext("The price here is {n} silver; sell something first.",
                                                  "The price here is {n} silver; sell something first.", price(state)))


def why_not_buy(state: State, seat: int, goods: str) -> Why:
    v = state.venue()
    assert v is not None
    if not state.markets[v][C.goods.index(goods)]:
        return ("trade.goods_not_on_market", _("There is no {goods} on this market.", goods=good(goods)))
    if state.players[seat].silver < price(state):
        return _too_poor(state)
    return None


def why_not_swap(state: State, seat: int, option: str, give: str, take: str) -> Why:
    if option == "goods_food" and not state.advanced:
        return ("guild.option_not_in_mode", _("Goods for goods and food is an option of the advanced game only."))
    p = state.players[seat]
    if not p.goods[C.goods.index(give)]:
        return ("guild.goods_not_held", _("You hold no {goods} to give.", goods=good(give)))
    if take == give:
        return ("guild.same_goods", _("Take a goods tile of another type than the one you give."))
    if not state.bag[C.goods.index(take)]:
        return ("guild.not_in_bag", _("The bag holds no {goods}; choose a type that is in the bag.", goods=good(take)))
    if p.silver < price(state):
        return _too_poor(state)
    return None


def why_not_bonus(state: State, seat: int, bonus: str) -> Why:
    if bonus not in state.guild_bonus:
        return ("guild.bonus_not_available", _("Bonus tile {bonus} is not on the guild.", bonus=bonus))
    p = state.players[seat]
    if p.gold < 1 or p.spice < 1:
        return ("guild.needs_gold_and_spice", _("A bonus tile costs 1 gold and 1 spice besides the price."))
    if p.silver < price(state):
        return _too_poor(state)
    return None


def deals(state: State, seat: int) -> Iterator[Action]:
    v = state.venue()
    if v != GUILD:
        for g in C.goods:
            if why_not_buy(state, seat, g) is None:
                yield {"type": "buy", "goods": g}
    else:
        for option in OPTIONS_A_C:
            for give in C.goods:
                for take in C.goods:
                    if why_not_swap(state, seat, option, give, take) is None:
                        yield {"type": "exchange", "option": option, "give": give, "take": take}
        for b in state.guild_bonus:
            if why_not_bonus(state, seat, b) is None:
                yield {"type": "exchange", "option": "bonus", "bonus": b}
    yield {"type": "decline"}


def venue_turn(tx: Tx) -> None:
    """The token that reached the top: withdrawn automatically, or its owner is asked (§2.3.5)."""
    s = tx.state
    v, seat = s.venue(), s.actor()
    reason = auto_withdrawal(s)
    if reason is not None:
        tx.emit({"t": "BidWithdrawn", "seat": seat, "venue": VENUES[v or 0], "auto": True, "reason": reason})
    else:
        tx.emit({"t": "VenueTurn", "seat": seat, "venue": VENUES[v or 0], "price": price(s)})


@commands.command("buy")
def _buy(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    refuse(why_not_offered(tx.state, "buy"))
    fields(action, ("goods",))
    goods = action["goods"]
    if goods not in C.goods:
        reject("action.malformed", _("'goods' must be one of {types}.", types=", ".join(map(repr, C.goods))))
    refuse(why_not_buy(tx.state, seat, goods))
    tx.emit({"t": "GoodsBought", "seat": seat, "market": VENUES[tx.state.venue() or 0], "goods": goods,
             "price": price(tx.state)})


@commands.command("exchange")
def _exchange(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    s = tx.state
    refuse(why_not_offered(s, "exchange"))
    option = action.get("option")
    if option == "bonus":
        fields(action, ("option", "bonus"))
        if action["bonus"] not in C.bonus_tiles:
            reject("action.malformed", _("'bonus' must be one of {tiles}.", tiles=", ".join(map(repr, C.bonus_tiles))))
        refuse(why_not_bonus(s, seat, action["bonus"]))
        tx.emit({"t": "BonusTileBought", "seat": seat, "bonus": action["bonus"], "price": price(s)})
        return
    if type(option) is not str or option not in OPTIONS_A_C:
        reject("action.malformed", _("'option' must be goods_spice, bonus or goods_food."))
    fields(action, ("option", "give", "take"))
    give, take = action["give"], action["take"]
    if give not in C.goods or take not in C.goods:
        reject("action.malformed", _("'give' and 'take' must be goods types: {types}.", types=", ".join(map(repr, C.goods))))
    refuse(why_not_swap(s, seat, option, give, take))
    kind = OPTIONS_A_C[option]
    j = granted(s, seat, kind, 1)  # §5.2: S5 adds nothing to option C
    tx.emit({"t": "GoodsExchanged", "seat": seat, "option": option, "give": give, "take": take,
             "price": price(s), "gained": kind, "amount": j, "lost": 1 - j})


@commands.command("decline")
def _decline(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    refuse(why_not_offered(tx.state, "decline"))
    fields(action)
    tx.emit({"t": "BidWithdrawn", "seat": seat, "venue": VENUES[tx.state.venue() or 0], "auto": False,
             "reason": None})


def _pop(state: State, seat: int, paid: int) -> State:
    """The top token leaves its stack (beside its owner's board until 2.6)."""
    v = state.venue()
    assert v is not None
    p = state.players[seat]
    state = player(state, seat, spent=p.spent + 1, silver=p.silver - paid)
    return replace(state, stacks=put(state.stacks, v, state.stacks[v][:-1]), asked=False)


def _deal(state: State, seat: int) -> State:
    return replace(state, step=Step.BOARDING, dealer=seat)


@evolves("VenueTurn")
def _venue_turn(state: State, fact: Fact) -> State:
    return replace(state, asked=True)


@evolves("BidWithdrawn")
def _bid_withdrawn(state: State, fact: Fact) -> State:
    return _pop(state, fact["seat"], 0)


@evolves("GoodsBought")
def _goods_bought(state: State, fact: Fact) -> State:
    seat, g = fact["seat"], fact["goods"]
    m = C.markets.index(fact["market"])
    state = replace(state, markets=put(state.markets, m, add(state.markets[m], one(g), -1)))
    state = _pop(state, seat, fact["price"])
    state = player(state, seat, goods=add(state.players[seat].goods, one(g)))
    return _deal(state, seat)


@evolves("GoodsExchanged")
def _goods_exchanged(state: State, fact: Fact) -> State:
    seat = fact["seat"]
    state = _pop(state, seat, fact["price"])
    moved = add(one(fact["take"]), one(fact["give"]), -1)
    p = state.players[seat]
    state = player(state, seat, goods=add(p.goods, moved), **{fact["gained"]: getattr(p, fact["gained"]) + fact["amount"]})
    return _deal(replace(state, bag=add(state.bag, moved, -1)), seat)


@evolves("BonusTileBought")
def _bonus_tile_bought(state: State, fact: Fact) -> State:
    seat = fact["seat"]
    state = _pop(state, seat, fact["price"])
    p = state.players[seat]
    state = player(state, seat, gold=p.gold - 1, spice=p.spice - 1, bonus=(*p.bonus, fact["bonus"]))
    return _deal(replace(state, guild_bonus=tuple(b for b in state.guild_bonus if b != fact["bonus"])), seat)
