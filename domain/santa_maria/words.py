"""`describe(fact, viewer)`: every Santa Maria fact in one sentence, in the reader's language
(the sentences and the components' names: i18n.py).

    >>> from domain.core.words import render
    >>> render(describe({"t": "VPGained", "seat": 1, "vp": None, "source": "building:6,6"}, 0), ["Ann", "Bob"])
    'Bob gains victory points (face down).'

The fact is already redacted for the viewer: another seat's VP amounts are `None` ("face down"),
a shuffle's order is its size.
"""

from __future__ import annotations

from typing import Any

from domain.core import Fact, Viewer
from domain.core.words import Words, listing, ordinal, seat

from .components import C
from .i18n import (
    DECISIONS,
    N_,
    NPL_,
    _,
    cell,
    cells,
    coins,
    colony,
    decision_words,
    dock,
    good,
    goods,
    goods_listed,
    monk_place,
    named,
    ngettext,
    npgettext,
    pgettext,
    vp,
)

words = Words("Santa Maria")
says = words.says
describe = words
__all__ = ["DECISIONS", "describe", "says", "words"]

_CATEGORY = {
    "coins": N_("coins and goods"), "colonists": N_("colonists in complete lines"), "scholars": N_("scholars"),
    "bishop_penalty": N_("monks serving bishops"), "bishops": N_("bishops' requirements"),
    "dock_sets": N_("complete dock sets"), "ships": N_("ships"), "endgame_cells": N_("purple-framed cells"),
    "governor": N_("the governor's final cell"), "maya_goods": N_("the Maya's goods and coins"),
}
_DECLINED = {
    "trade": N_("{who} declines to trade."), "ship": N_("{who} declines to take a sea-trade tile."),
    "religion_extra": N_("{who} declines the extra religion step."), "place_monk": N_("{who} declines to place a monk."),
    "conquistador_extra": N_("{who} declines the extra conquistador step."),
    "road_tile": N_("{who} declines to place the road tile."),
    "meditation_extra": N_("{who} declines Meditation's extra pass-space action."),
    "hire": N_("{who} declines to hire the specialist."), "navigate": N_("{who} declines to move the governor further."),
    "maya_temple": N_("{who} declines to build a temple level."),
    "maya_simulate": N_("{who} declines to simulate the ambassador die."),
}


def _vp(points: int | None) -> str:
    return _("victory points (face down)") if points is None else vp(points)


def _source(source: str) -> str:
    """Where a gain comes from, as the end of a sentence (" from Taxation"), or nothing."""
    kind, _sep, where = source.partition(":")
    if kind in ("building", "trade"):
        return _(" from the building on {cell}", cell=cell(where.split(",")))
    if kind == "mission":
        return _(" from {mission}", mission=monk_place(where))
    if kind == "dock":
        return _(" from the {dock} dock", dock=dock(where))
    said = {"pass": N_(" from the pass space"), "conquistador": N_(" from the conquistador track"),
            "taxation": N_(" from Taxation"), "specialist": N_(" from the specialist")}.get(kind)
    return _(said) if said is not None else ""


def _die(d: Any) -> str:
    if isinstance(d, str) and d[0] == "a" or isinstance(d, dict) and d["kind"] == "ambassador":
        return _ambassador_die(d)  # module C
    if isinstance(d, str):
        if d[0] == "w":
            return _("the white die")
        return _("the pool blue die") if d[0] == "p" else _("the blue die {die}", die=d)
    if d["kind"] == "white":
        return _("a white {face}", face=d["face"])
    if d["kind"] == "pool_blue":
        return _("a blue {face} from the pool", face=d["face"])
    return _("the blue die {die}", die=d["id"])


def _size(value: Any) -> int:
    return value if isinstance(value, int) else len(value)


@says("GameSetUp")
def _game_set_up(f: Fact, v: Viewer) -> str:
    extras = [x for x, on in ((_("the advanced setup"), f["advanced_setup"]), (_("shared blue dice"), f["shared_blue_dice"]),
                              (_("open scores"), f["open_scores"])) if on]
    if f.get("expansion"):
        extras.insert(0, _("American Kingdoms"))
    if extras:
        return ngettext("Santa Maria for {n} player is set up with {extras}.", "Santa Maria for {n} players is set up with {extras}.",
                        f["seats"], extras=listing(extras))
    return ngettext("Santa Maria for {n} player is set up.", "Santa Maria for {n} players is set up.", f["seats"])


@says("BlueSupplySet")
def _blue_supply(f: Fact, v: Viewer) -> str:
    return ngettext("The blue supply holds {n} blue die.", "The blue supply holds {n} blue dice.", f["count"])


@says("ShipsDealt")
def _ships_dealt(f: Fact, v: Viewer) -> str:
    docks = f["docks"]
    dealt = [_("{tile} at the {dock} dock", tile=docks[d], dock=dock(d)) for d in C.docks if d in docks]
    return _("The starting sea-trade tiles go to the docks: {docks}.", docks=listing(dealt))


_SHUFFLED = {"ShipDeckShuffled": NPL_("shuffled", "The {n} sea-trade tile is shuffled face down.", "The {n} sea-trade tiles are shuffled face down."),
             "ScholarsShuffled": NPL_("shuffled", "The {n} scholar is shuffled face down.", "The {n} scholars are shuffled face down."),
             "BishopsShuffled": NPL_("shuffled", "The {n} bishop is shuffled face down.", "The {n} bishops are shuffled face down."),
             "SpecialShipsShuffled": NPL_("shuffled", "The {n} special sea-trade tile is shuffled face down.",
                                          "The {n} special sea-trade tiles are shuffled face down."),
             "TownHallsShuffled": NPL_("shuffled", "The {n} town hall is shuffled face down; one is dealt to each player for their colony.",
                                       "The {n} town halls are shuffled face down; one is dealt to each player for their colony.")}


@says("ShipDeckShuffled", "ScholarsShuffled", "BishopsShuffled", "SpecialShipsShuffled", "TownHallsShuffled")
def _shuffled(f: Fact, v: Viewer) -> str:
    return npgettext("shuffled", *_SHUFFLED[f["t"]], _size(f["order"]))


@says("TileStacksShuffled")
def _stacks(f: Fact, v: Viewer) -> str:
    double, triple = _size(f["double"]), _size(f["triple"])
    if "special" in f:
        return _("The {double} double, {triple} triple and {special} special development tiles are shuffled face down.",
                 double=double, triple=triple, special=_size(f["special"]))
    return _("The {double} double and {triple} triple development tiles are shuffled face down.", double=double, triple=triple)


@says("WhiteDiceRolled")
def _white(f: Fact, v: Viewer) -> str:
    return _("The white dice are rolled: {faces}.", faces=listing(str(x) for x in f["faces"]))


@says("ScholarsRevealed")
def _scholars(f: Fact, v: Viewer) -> str:
    return _("The scholars on the board: {scholars}.", scholars=listing(named(t) for t in f["scholars"]))


@says("BishopsRevealed")
def _bishops(f: Fact, v: Viewer) -> str:
    return _("The bishops on the board: {bishops}.", bishops=listing(named(t) for t in f["bishops"]))


@says("DisplayDealt")
def _display(f: Fact, v: Viewer) -> str:
    tiles = listing(f["double"] + f["triple"] + f.get("special", []))
    if f.get("removed"):
        return _("New development tiles are laid out: {tiles} ({removed} leave the game).", tiles=tiles, removed=listing(f["removed"]))
    return _("New development tiles are laid out: {tiles}.", tiles=tiles)


@says("FirstPlayerChosen")
def _first(f: Fact, v: Viewer) -> str:
    return _("{who} is the first player.", who=seat(f["seat"]))


@says("StartingGoodsGiven")
def _start(f: Fact, v: Viewer) -> str:
    return _("{who} starts with {wood} and {coins}.", who=seat(f["seat"]), wood=goods(f["wood"], "wood"), coins=coins(f["coins"]))


@says("BlueDiceRolled")
def _blue_rolled(f: Fact, v: Viewer) -> str:
    if "pool" in f:
        return _("The blue pool is rolled: {faces}.", faces=listing(str(x) for x in f["pool"]))
    dice = [_("{who} {die} shows {face}", who=seat(s), die=d, face=x) for s, d, x in f["dice"]]
    return _("Every player rerolls their blue dice: {dice}.", dice=listing(dice))


@says("BlueDieGained")
def _blue_gained(f: Fact, v: Viewer) -> str:
    if f["usable_this_year"]:
        return _("{who} gains the blue die {die}, rolled {face}.", who=seat(f["seat"]), die=f["die"], face=f["face"])
    return _("{who} gains the blue die {die}, rolled {face} (usable from next year).", who=seat(f["seat"]), die=f["die"], face=f["face"])


@says("BlueDieAddedToPool")
def _blue_pool(f: Fact, v: Viewer) -> str:
    return _("{who} unlocks one more blue die and adds a {face} to the blue pool.", who=seat(f["seat"]), face=f["face"])


@says("TownHallSetsDealt")
def _sets(f: Fact, v: Viewer) -> str:
    sets = [_("{set} ({town_hall} with {scholar})", set=s, town_hall=th, scholar=named(sch)) for s, th, sch in f["sets"]]
    return _("Town hall sets: {sets}.", sets=listing(sets))


@says("DraftStarted")
def _draft(f: Fact, v: Viewer) -> str:
    order = listing(seat(s) for s in f["order"])
    if f["draft"] == "set":
        return _("Each player chooses a town hall set, in the order {order}.", order=order)
    return _("Each player chooses a colony board, in the order {order}.", order=order)


@says("ColoniesDealt")
def _colonies(f: Fact, v: Viewer) -> str:
    dealt = [_("{who} gets {colony}", who=seat(s), colony=colony(b)) for s, b in enumerate(f["boards"])]
    return _("Colonies are dealt: {colonies}.", colonies=listing(dealt))


@says("ColonyChosen")
def _colony(f: Fact, v: Viewer) -> str:
    return _("{who} chooses {colony}.", who=seat(f["seat"]), colony=colony(f["board"]))


@says("SetChosen")
def _set(f: Fact, v: Viewer) -> str:
    return _("{who} takes the set {set} (the town hall {town_hall} and its scholar).", who=seat(f["seat"]), set=f["set"],
             town_hall=f["town_hall"])


@says("TownHallPlaced")
def _hall(f: Fact, v: Viewer) -> str:
    return _("{who} places the town hall {town_hall} on {cells}.", who=seat(f["seat"]), town_hall=f["town_hall"], cells=cells(f["cells"]))


@says("SetsReturned")
def _returned(f: Fact, v: Viewer) -> str:
    return _("The sets left go back to the box: {sets}.", sets=listing(s[0] for s in f["sets"]))


@says("YearStarted")
def _year(f: Fact, v: Viewer) -> str:
    return _("Year {year} begins.", year=f["year"])


@says("TurnStarted")
def _turn(f: Fact, v: Viewer) -> str:
    return _("It is {who}'s turn.", who=seat(f["seat"]))


@says("DecisionAsked")
def _asked(f: Fact, v: Viewer) -> str:
    return _("{who} decides {what}.", who=seat(f["seat"]), what=decision_words(f["decision"]))


@says("TileChosen")
def _tile_chosen(f: Fact, v: Viewer) -> str:
    return _("{who} chooses the tile {tile} to expand.", who=seat(f["seat"]), tile=f["tile"])


@says("ExpandCancelled")
def _cancelled(f: Fact, v: Viewer) -> str:
    return _("{who} takes back the choice of {tile}.", who=seat(f["seat"]), tile=f["tile"])


@says("TileBuilt")
def _built(f: Fact, v: Viewer) -> str:
    return _("{who} builds {tile} on {cells}.", who=seat(f["seat"]), tile=f["tile"], cells=cells(f["cells"]))


@says("GoodsPaid")
def _paid(f: Fact, v: Viewer) -> str:
    return _("{who} pays {goods}.", who=seat(f["seat"]), goods=goods_listed(f["goods"]))


@says("BuildingActivatedWithCoins")
def _with_coins(f: Fact, v: Viewer) -> str:
    return _("{who} puts {coins} on the building on {cell} to activate it.", who=seat(f["seat"]), coins=coins(f["coins"]),
             cell=cell(f["cell"]))


@says("BuildingActivated")
def _activated(f: Fact, v: Viewer) -> str:
    return _("{who} activates the building on {cell}.", who=seat(f["seat"]), cell=cell(f["cell"]))


@says("DieTaken")
def _taken(f: Fact, v: Viewer) -> str:
    return _("{who} takes {die}.", who=seat(f["seat"]), die=_die(f["die"]))


@says("DieValueChanged")
def _changed(f: Fact, v: Viewer) -> str:
    if f.get("adjust") in ("cocoa", "gold") or f.get("cocoa"):  # American Kingdoms; module D: the Maya's cocoa (§8.6.3)
        price = goods(1, "gold" if f.get("adjust") == "gold" else "cocoa")
    else:
        price = coins(f["paid"])
    return _("{who} turns the die from {old} to {new} for {price}.", who=seat(f["seat"]), old=f["from"], new=f["to"], price=price)


@says("DiePlaced")
def _placed(f: Fact, v: Viewer) -> str:
    return _("{who} leaves {die} on {cell}.", who=seat(f["seat"]), die=_die(f["die"]), cell=cell(f["cell"]))


@says("GoodsGained")
def _gained(f: Fact, v: Viewer) -> str:
    return _("{who} gains {goods}{source}.", who=seat(f["seat"]), goods=goods_listed(f["goods"]), source=_source(f.get("source", "")))


@says("OverflowConverted")
def _overflow(f: Fact, v: Viewer) -> str:
    return _("{who}'s storage is full: {goods} become {coins}.", who=seat(f["seat"]), goods=goods(f["units"], f["good"]),
             coins=coins(f["coins"]))


@says("CoinsGained")
def _coins(f: Fact, v: Viewer) -> str:
    return _("{who} gains {coins}{source}.", who=seat(f["seat"]), coins=coins(f["coins"]), source=_source(f.get("source", "")))


@says("CoinsPaid")
def _coins_paid(f: Fact, v: Viewer) -> str:
    if f.get("for") == "diagonal":
        return _("{who} pays {coins} to activate a diagonal (Archery).", who=seat(f["seat"]), coins=coins(f["coins"]))
    return _("{who} pays {coins}.", who=seat(f["seat"]), coins=coins(f["coins"]))


@says("VPGained")
def _vp_gained(f: Fact, v: Viewer) -> str:
    source = _source(f.get("source", "")) if f["vp"] is not None else ""  # no numbers beside a hidden amount
    return _("{who} gains {vp}{source}.", who=seat(f["seat"]), vp=_vp(f["vp"]), source=source)


@says("ReligionOverflowScored")
def _religion_overflow(f: Fact, v: Viewer) -> str:
    return _("{who} is at the end of the religion track and gains {vp}.", who=seat(f["seat"]), vp=_vp(f["vp"]))


@says("GoodSold")
def _sold(f: Fact, v: Viewer) -> str:
    return _("{who} sells {good} for {coins}.", who=seat(f["seat"]), good=goods(1, f["good"]), coins=coins(f["coins"]))


@says("GoodBought")
def _bought(f: Fact, v: Viewer) -> str:
    return _("{who} buys {good} for {coins}.", who=seat(f["seat"]), good=goods(1, f["good"]), coins=coins(f["coins"]))


@says("TradeMade")
def _trade(f: Fact, v: Viewer) -> str:
    return _("{who} makes exchange {n} of the building on {cell}.", who=seat(f["seat"]), n=f["option"] + 1, cell=cell(f["cell"]))


@says("Declined")
def _declined(f: Fact, v: Viewer) -> str:
    said = _DECLINED.get(f["decision"])
    if said is None:
        return _("{who} declines {what}.", who=seat(f["seat"]), what=decision_words(f["decision"]))
    return _(said, who=seat(f["seat"]))


@says("ShipTaken")
def _ship(f: Fact, v: Viewer) -> str:
    return _("{who} pays {goods} for the sea-trade tile {tile} and docks it at their {dock} dock.", who=seat(f["seat"]),
             goods=goods_listed(f["paid"]), tile=f["tile"], dock=dock(f["to_dock"]))


@says("DockRefilled")
def _refilled(f: Fact, v: Viewer) -> str:
    if f["dock"] == "special":
        return (_("The special dock stays empty: the special sea-trade tiles are used up.") if f["tile"] is None
                else _("The special dock is refilled with {tile}.", tile=f["tile"]))
    if f["tile"] is None:
        return _("The {dock} dock stays empty: the sea-trade tiles are used up.", dock=dock(f["dock"]))
    return _("The {dock} dock is refilled with {tile}.", dock=dock(f["dock"]), tile=f["tile"])


@says("ConquistadorAdvanced")
def _conq(f: Fact, v: Viewer) -> str:
    return _("{who}'s conquistador advances from {old} to {new}.", who=seat(f["seat"]), old=f["from"], new=f["to"])


@says("ConquistadorBlocked")
def _conq_blocked(f: Fact, v: Viewer) -> str:
    return _("{who}'s conquistador is at the end of the track and cannot advance this year.", who=seat(f["seat"]))


@says("GoldFound")
def _gold(f: Fact, v: Viewer) -> str:
    return _("{who}'s conquistador finds gold.", who=seat(f["seat"]))


@says("ReligionAdvanced")
def _religion(f: Fact, v: Viewer) -> str:
    if f.get("paid"):
        return _("{who} advances on the religion track from {old} to {new} (paid with {paid}).", who=seat(f["seat"]), old=f["from"],
                 new=f["to"], paid=_paid_with(f["paid"]))
    return _("{who} advances on the religion track from {old} to {new}.", who=seat(f["seat"]), old=f["from"], new=f["to"])


def _paid_with(paid: Any) -> str:
    if isinstance(paid, dict):
        return goods_listed(paid)
    return pgettext("paid", "coins") if paid == "coins" else good(str(paid))


@says("MonkPlaced")
def _monk(f: Fact, v: Viewer) -> str:
    place = monk_place(f["place"])
    if f["paid_to"]:
        fees = listing(_("{who} {coins}", who=seat(s), coins=coins(n)) for s, n in f["paid_to"])
        return _("{who} places a monk on {place}, paying {fees}.", who=seat(f["seat"]), place=place, fees=fees)
    return _("{who} places a monk on {place}.", who=seat(f["seat"]), place=place)


@says("Passed")
def _passed(f: Fact, v: Viewer) -> str:
    return _("{who} passes to pass space {space} ({nth} to pass this year).", who=seat(f["seat"]), space=f["space"],
             nth=ordinal(f["order"] + 1))


@says("RoadTilePlaced")
def _road(f: Fact, v: Viewer) -> str:
    return _("{who} places a road tile on {cell}.", who=seat(f["seat"]), cell=cell(f["cells"][0]))


@says("DockIncomeTaken")
def _dock_income(f: Fact, v: Viewer) -> str:
    return ngettext("{who} takes the income of {n} ship in the {dock} dock.", "{who} takes the income of {n} ships in the {dock} dock.",
                    f["tiles"], who=seat(f["seat"]), dock=dock(f["dock"]))


@says("ConquistadorScored")
def _conq_scored(f: Fact, v: Viewer) -> str:
    parts = [_("{who} {vp}", who=seat(s), vp=_vp(points)) for s, points in f["awards"]]
    return _("Conquistadors of year {year}, best first: {awards}.", year=f["year"], awards=listing(parts))


@says("ConquistadorReset")
def _reset(f: Fact, v: Viewer) -> str:
    return _("The conquistadors return to the start.")


@says("BuildingsCleared")
def _cleared(f: Fact, v: Viewer) -> str:
    return _("The coins on the buildings go back to the supply.")


@says("FirstPlayerSet")
def _first_set(f: Fact, v: Viewer) -> str:
    return _("{who}, on the topmost pass space, is the first player of the new year.", who=seat(f["seat"]))


@says("FinalGoodsSold")
def _final_sold(f: Fact, v: Viewer) -> str:
    return _("{who} sells {goods} for {coins}.", who=seat(f["seat"]), goods=goods_listed(f["goods"]), coins=coins(f["coins"]))


@says("FinalScored")
def _final(f: Fact, v: Viewer) -> str:
    category = _CATEGORY.get(f["category"])
    return _("{who} scores {vp} for {category}.", who=seat(f["seat"]), vp=vp(f["vp"]),
             category=_(category) if category is not None else f["category"].replace("_", " "))


_ACHIEVEMENTS = {a: a for a in (N_("Communism"), N_("Capitalism"), N_("Theocracy"), N_("Democracy"), N_("Utopia"), N_("Kozlocracy"))}


def achievement(name: str) -> str:
    said = _ACHIEVEMENTS.get(name.capitalize())
    return _(said) if said is not None else name


@says("AchievementsReached")
def _achievements(f: Fact, v: Viewer) -> str:
    reached = listing(achievement(a) for a in f["achievements"])
    if f["won"]:
        return _("{who} reaches 100 victory points with {total}; achievements: {achievements}.", who=seat(f["seat"]), total=f["total"],
                 achievements=reached)
    return _("{who} misses 100 victory points with {total}; achievements: {achievements}.", who=seat(f["seat"]), total=f["total"],
             achievements=reached)


@says("GameEnded")
def _ended(f: Fact, v: Viewer) -> str:
    scores = [_("{who} {vp}", who=seat(s), vp=vp(f["scores"][s])) for s in f["ranking"]]
    return _("The game ends: {scores}.", scores=listing(scores))


# -- module C, the ambassadors (§8.4) ------------------------------------------------------------------


def _ambassador_die(d: Any) -> str:
    """"aw4" (a die on a building) or {kind: ambassador, color}: the white or blue ambassador die."""
    colour = {"w": "white", "b": "blue"}.get(d[1], "") if isinstance(d, str) else d["color"]
    return _("the white ambassador die") if colour == "white" else _("the blue ambassador die")
