"""The trader phase (§4.5): selling to the trading house, the markets, the office, emptying a full
house; with New Buildings (§2.4) the trading post and the library's doubled privilege; with
Nobles (§2.5) the land office, used after the sale decision.

Section numbers (§) refer to the rules page `shared/rules/puerto-rico.md`.
"""

from __future__ import annotations

from itertools import compress

from domain.core import Action, Fact, RandomSource, Viewer
from domain.core.commands import Why, fields, refuse, reject
from domain.core.facts import Tx
from domain.core.words import Citation
from domain.core.words import seat as seat_word

from ..common import auto_pass, good_of, passed, phase_ended, privilege
from ..components import (
    FOREST_HOUSE,
    GOOD_INDEX,
    GOODS,
    ISLAND_SPACES,
    LAND_OFFICE,
    LARGE_MARKET,
    OFFICE,
    PRICES,
    SMALL_MARKET,
    TILE_INDEX,
    TILE_KINDS,
    TRADING_HOUSE_SPACES,
    TRADING_POST,
)
from ..i18n import _, good, goods
from ..stages import turn_changes
from ..state import Player, State, Step, _set, _update, add, set_player
from ..tables import automatic, commands, evolves, offered, offers
from ..tiles import after_land_office, discard_fact, discard_targets, draw_for, draw_top
from ..words import say_counted, say_doubloons, says
from .guests import guest_ok

# The rules-page section each fact of this module cites (`replay why`; `sections.py` gathers them).
CITES: dict[str, Citation] = {
    "GoodSold": "4.5",
    "TradingHouseEmptied": "4.5",
    "LandOfficeBought": "2.5",
}


def why_not_sell(s: State, pl: Player, g: int) -> Why:
    """§4.5 T1: a good the trading house takes now."""
    if pl.goods[g] <= 0:
        return "trader.no_good", _("You have no {good} to sell.", good=good(GOODS[g]))
    if len(s.trading_house) >= TRADING_HOUSE_SPACES:
        return "trader.house_full", _("The trading house is full.")
    if g in s.trading_house and not pl.occ(OFFICE):
        return "trader.kind_present", _("The trading house already holds {good}; it buys each kind once.", good=good(GOODS[g]))
    return None


def why_not_trading_post(s: State, pl: Player, g: int) -> Why:
    """§2.4 trading post (occupied): any kind, even with the trading house full."""
    why = _why_no_trading_post(s, pl)
    if why is not None:
        return why
    if pl.goods[g] <= 0:
        return "trader.no_good", _("You have no {good} to sell.", good=good(GOODS[g]))
    return None


def _why_no_trading_post(s: State, pl: Player) -> Why:
    if not (s.config.new_buildings and pl.occ(TRADING_POST)):
        return "trader.no_trading_post", _("You need an occupied trading post to sell there.")
    return None


def sale_price(s: State, seat: int, g: int) -> int:
    pl = s.players[seat]
    return PRICES[g] + privilege(s, seat) + (1 if pl.occ(SMALL_MARKET) else 0) + (2 if pl.occ(LARGE_MARKET) else 0)


def trader_actions(s: State, seat: int) -> list[Action]:
    pl = s.players[seat]
    acts: list[Action] = []
    if not s.sale_done:
        # (a full trading house buys nothing, and nobody sells a kind he has none of:
        # `why_not_sell` says so first; the kinds he holds are chosen by `compress`, and of
        # its rules only the kind already in the house (without an office) is left to ask.
        # Loops, not generator expressions: those would make cells of the function's
        # variables at every call)
        house = s.trading_house
        if len(house) < TRADING_HOUSE_SPACES:
            office = pl.occ(OFFICE)
            for g in compress(range(5), pl.goods):
                if office or g not in house:
                    acts.append({"type": "sell", "good": GOODS[g]})
        if _why_no_trading_post(s, pl) is None:
            for g in range(5):
                if why_not_trading_post(s, pl, g) is None:
                    acts.append({"type": "sell", "good": GOODS[g], "venue": "trading_post"})
    if s.config.nobles:
        if why_not_land_office(s, pl, noble=True) is None:
            acts.extend({"type": "land_office_sell", **t} for t in discard_targets(pl))
        if why_not_land_office_buy(s, pl) is None:
            acts.append({"type": "land_office_buy"})
    return acts


@offers(Step.SELL)
def _trader_offers(s: State, seat: int) -> list[Action]:
    return [*trader_actions(s, seat), {"type": "end_turn" if s.sale_done else "pass"}]


@automatic(Step.SELL)
def _trader_auto(tx: Tx, rng: RandomSource) -> bool:
    s = tx.state
    options = _trader_offers(s, s.turn)
    if len(options) > 1:  # more than `pass`: listed once, for the listing that follows (`offered`)
        return offered(s, options)
    if s.config.expansions and guest_ok(s, s.turn):
        return False
    return auto_pass(tx)


@commands.command("sell", Step.SELL)
def _sell(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    s = tx.state
    fields(action, ("good",), ("venue",) if s.config.expansions else ())
    g = good_of(action)
    venue = action.get("venue", "house")
    if venue not in ("house", "trading_post"):
        reject("action.malformed", _("'venue' must be \"house\" or \"trading_post\"."))
    if s.sale_done:
        reject("trader.already_decided", _("You have made your sale decision in this phase."))
    pl = s.players[seat]
    if venue == "trading_post":
        # §2.4: any kind, even with the trading house full; no market bonus (§10 A42)
        refuse(why_not_trading_post(s, pl, g))
        value = PRICES[g] + privilege(s, seat)
        tx.emit({"t": "GoodSold", "seat": seat, "good": GOODS[g], "price": value, "venue": "trading_post"})
        return
    refuse(why_not_sell(s, pl, g))
    tx.emit({"t": "GoodSold", "seat": seat, "good": GOODS[g], "price": sale_price(s, seat, g)})


@commands.command("pass", Step.SELL)
def _pass(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    fields(action)
    if tx.state.sale_done:
        reject("trader.already_decided", _("You have made your sale decision; use end_turn to finish your turn."))
    passed(tx, seat)


@commands.command("end_turn", Step.SELL)
def _end_turn(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    fields(action)
    if not tx.state.sale_done:
        reject("trader.decide_first", _("Sell a good or pass first; end_turn follows the sale decision."))
    passed(tx, seat)


def after_pass(s: State) -> State | None:
    """§4.5 T2: with Nobles, a pass is the sale decision and the land office may still follow
    (None: the turn ends as any pass does)."""
    if s.config.nobles and not s.sale_done and land_office_open(s, s.players[s.turn]):
        return _set(s, sale_done=True)
    return None


@evolves("GoodSold")
def _good_sold(s: State, f: Fact) -> State:
    seat, g = f["seat"], GOOD_INDEX[f["good"]]
    pl = s.players[seat]
    pl = _set(pl, goods=add(pl.goods, g, -1), doubloons=pl.doubloons + f["price"])
    if f.get("venue") == "trading_post":  # §2.4: the good goes straight to the supply
        s = _set(s, players=set_player(s, seat, pl), goods=add(s.goods, g, 1))
    else:
        s = _set(s, players=set_player(s, seat, pl), trading_house=(*s.trading_house, g))
    if s.config.nobles and land_office_open(s, pl):
        return _set(s, sale_done=True)
    return _update(s, turn_changes(s))


@automatic(Step.TRADER_END)
def _trader_end(tx: Tx, rng: RandomSource) -> bool:
    s = tx.state
    if len(s.trading_house) >= TRADING_HOUSE_SPACES:
        tx.emit({"t": "TradingHouseEmptied", "goods": [GOODS[g] for g in s.trading_house]})
    return phase_ended(tx)


@evolves("TradingHouseEmptied")
def _trading_house_emptied(s: State, f: Fact) -> State:
    supply = list(s.goods)
    for g in s.trading_house:
        supply[g] += 1
    return _set(s, goods=tuple(supply), trading_house=())


# -- the land office (§2.5, Nobles) --------------------------------------------------------------


def why_not_land_office(s: State, pl: Player, noble: bool) -> Why:
    """§2.5 land office, once per trader phase: occupied by a noble it sells a plantation, by a
    colonist it buys one."""
    if not (s.config.nobles and (pl.occ_noble(LAND_OFFICE) if noble else pl.occ_colonist(LAND_OFFICE))):
        if noble:
            return "trader.land_office_unusable", _("Selling a plantation needs a land office occupied by a noble.")
        return "trader.land_office_unusable", _("Buying a plantation needs a land office occupied by a colonist.")
    if s.land_office_used:
        return "trader.land_office_used", _("You have already used your land office in this phase.")
    return None


def land_office_open(s: State, pl: Player) -> bool:
    """§4.5 T2, the rulebook's sentence: "if, after the sale decision, p can still use his land
    office: land_office_buy/sell(...) | end_turn()" — read as: his land office is occupied (by
    the piece its use needs) and not used in this phase. The turn is then held after the sale
    decision; if no land office action is possible after all (no doubloon, a full island, no
    tile to draw or sell) the step passes him by itself like any seat without options (§0.3,
    `_trader_auto`)."""
    return why_not_land_office(s, pl, noble=False) is None or why_not_land_office(s, pl, noble=True) is None


def why_not_land_office_buy(s: State, pl: Player) -> Why:
    """§2.5 land office (colonist): a face-down plantation for 1 doubloon onto a free island space."""
    why = why_not_land_office(s, pl, noble=False)
    if why is not None:
        return why
    if pl.doubloons < 1:
        return "trader.no_doubloon", _("The plantation costs 1 doubloon.")
    if pl.tiles >= ISLAND_SPACES:
        return "trader.island_full", _("Your island is full: all 12 spaces hold a tile.")
    if not s.draw_pile and not s.discard:
        return "trader.no_tiles", _("There are no face-down plantations left to draw.")
    return None


@commands.command("land_office_buy", Step.SELL)
def _land_office_buy(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    fields(action)
    s = tx.state
    pl = s.players[seat]
    refuse(why_not_land_office_buy(s, pl))
    if s.config.new_buildings and pl.occ(FOREST_HOUSE):
        draw_for(tx, seat, "land_office", rng)  # §2.5 note: with a forest house, as a forest
        return
    kind = draw_top(tx, rng)
    tx.emit({"t": "LandOfficeBought", "seat": seat, "kind": TILE_KINDS[kind]})


@commands.command("land_office_sell", Step.SELL)
def _land_office_sell(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    fields(action, ("tile",), ("kind",))
    s = tx.state
    pl = s.players[seat]
    refuse(why_not_land_office(s, pl, noble=True))
    # (which tiles can go is `tiles.why_not_discard`, as for the hunting lodge)
    tx.emit({"t": "TileDiscarded", "seat": seat, **discard_fact(pl, action), "by": "land_office", "doubloons": 1})


@evolves("LandOfficeBought")
def _land_office_bought(s: State, f: Fact) -> State:
    seat, k = f["seat"], TILE_INDEX[f["kind"]]
    pl = s.players[seat]
    pl = _set(pl, island=add(pl.island, k, 1), doubloons=pl.doubloons - 1)
    return after_land_office(_set(s, draw_pile=s.draw_pile[1:], players=set_player(s, seat, pl), land_office_used=True))


# -- in words (`describe`) ------------------------------------------------------------------------


@says("GoodSold")
def _good_sold_said(fact: Fact, viewer: Viewer) -> str:
    who, sold, money = seat_word(fact["seat"]), goods(1, fact["good"]), say_doubloons(fact["price"])
    if fact.get("venue") == "trading_post":
        return _("{who} sells {good} at the trading post for {money}.", who=who, good=sold, money=money)
    return _("{who} sells {good} to the trading house for {money}.", who=who, good=sold, money=money)


@says("TradingHouseEmptied")
def _trading_house_emptied_said(fact: Fact, viewer: Viewer) -> str:
    return _("The trading house is full and is emptied: {goods} go back to the supply.", goods=say_counted(fact["goods"]))
