"""`describe(fact, viewer)`: every Santa Maria fact in one sentence.

    >>> from domain.core.words import render
    >>> render(describe({"t": "VPGained", "seat": 1, "vp": None, "source": "building:6,6"}, 0), ["Ann", "Bob"])
    'Bob gains victory points (face down).'

The fact is already redacted for the viewer: another seat's VP amounts are `None` ("face down"),
a shuffle's order is its size.
"""

from __future__ import annotations

from typing import Any

from domain.core import Fact, Viewer
from domain.core.words import Words, amount, amounts, listing, ordinal, seat

from .components import C
from .maya import texts as maya

words = Words("Santa Maria")
says = words.says
describe = words

DECISIONS = {  # "… decides <these words>": the log and the board (board.html)
    "place_tile": "where to place the tile", "expand_pay": "how to pay for the tile", "trade": "whether to trade",
    "ship": "whether to take a sea-trade tile", "religion_extra": "whether to pay for an extra religion step",
    "place_monk": "where to place a monk", "conquistador_extra": "whether to pay for an extra conquistador step",
    "road_tile": "where to place the road tile",
    "meditation_extra": "which free pass space's action to take with Meditation",
    **maya.DECISIONS,  # module D
    "hire": "whether to hire the specialist", "navigate": "whether to pay 1 coin to move the governor one more cell",
    "ambassador_line": "whether to activate the diagonal (Archery) instead of the ambassador's line",
}
_CATEGORY = {"coins": "coins and goods", "colonists": "colonists in complete lines", "scholars": "scholars",
             "bishop_penalty": "monks serving bishops", "bishops": "bishops' requirements",
             "dock_sets": "complete dock sets", "ships": "ships", "endgame_cells": "purple-framed cells",
             "governor": "the governor's final cell", **maya.CATEGORY}


def _cell(cell: Any) -> str:
    return f"row {cell[0]}, column {cell[1]}"


def _goods(goods: dict[str, int]) -> str:
    """In the storage's order whatever the order of the stored fact's keys."""
    return amounts({g: goods[g] for g in (*C.resources, "cocoa", "coins") if g in goods}, {"coins": "coins"})


def _vp(vp: int | None) -> str:
    return "victory points (face down)" if vp is None else amount(vp, "victory point")


def _source(source: str) -> str:
    kind, _, where = source.partition(":")
    if kind in ("building", "trade"):
        return f" from the building on {_cell(where.split(','))}"
    if kind == "mission":
        return f" from the mission {where.replace('_', ' ')}"
    if kind == "dock":
        return f" from the {_dock(where)} dock"
    return {"pass": " from the pass space", "conquistador": " from the conquistador track",
            "taxation": " from Taxation", "specialist": " from the specialist"}.get(kind, "")


def _die(d: Any) -> str:
    if isinstance(d, str) and d[0] == "a" or isinstance(d, dict) and d["kind"] == "ambassador":
        return _ambassador_die(d)  # module C
    if isinstance(d, str):
        return {"w": "the white die", "p": "the pool blue die"}.get(d[0], f"the blue die {d}")
    if d["kind"] == "white":
        return f"a white {d['face']}"
    if d["kind"] == "pool_blue":
        return f"a blue {d['face']} from the pool"
    return f"the blue die {d['id']}"


def _named(tile: str) -> str:
    """A scholar or bishop by its name: SCH_PHILOSOPHY -> Philosophy."""
    return tile.split("_", 1)[-1].capitalize()


def _dock(dock: str) -> str:
    return "VP" if dock == "vp" else dock


def _size(value: Any) -> int:
    return value if isinstance(value, int) else len(value)


@says("GameSetUp")
def _game_set_up(f: Fact, v: Viewer) -> str:
    extras = [x for x, on in (("the advanced setup", f["advanced_setup"]), ("shared blue dice", f["shared_blue_dice"]),
                              ("open scores", f["open_scores"])) if on]
    if f.get("expansion"):
        extras.insert(0, "American Kingdoms")
    return f"Santa Maria for {amount(f['seats'], 'player')} is set up{' with ' + listing(extras) if extras else ''}."


@says("BlueSupplySet")
def _blue_supply(f: Fact, v: Viewer) -> str:
    return f"The blue supply holds {amount(f['count'], 'blue die', 'blue dice')}."


@says("ShipsDealt")
def _ships_dealt(f: Fact, v: Viewer) -> str:
    docks = f["docks"]
    return "The starting sea-trade tiles go to the docks: " + listing(f"{docks[d]} at the {_dock(d)} dock" for d in C.docks if d in docks) + "."


@says("ShipDeckShuffled", "ScholarsShuffled", "BishopsShuffled", "SpecialShipsShuffled", "TownHallsShuffled")
def _shuffled(f: Fact, v: Viewer) -> str:
    what = {"ShipDeckShuffled": "sea-trade tiles", "ScholarsShuffled": "scholars", "BishopsShuffled": "bishops",
            "SpecialShipsShuffled": "special sea-trade tiles", "TownHallsShuffled": "town halls"}[f["t"]]
    if f["t"] == "TownHallsShuffled":
        return f"The {_size(f['order'])} town halls are shuffled face down; one is dealt to each player for their colony."
    return f"The {_size(f['order'])} {what} are shuffled face down."


@says("TileStacksShuffled")
def _stacks(f: Fact, v: Viewer) -> str:
    special = f" and {_size(f['special'])} special" if "special" in f else ""
    return f"The {_size(f['double'])} double, {_size(f['triple'])} triple{special} development tiles are shuffled face down."


@says("WhiteDiceRolled")
def _white(f: Fact, v: Viewer) -> str:
    return f"The white dice are rolled: {listing(str(x) for x in f['faces'])}."


@says("ScholarsRevealed")
def _scholars(f: Fact, v: Viewer) -> str:
    return f"The scholars on the board: {listing(_named(t) for t in f['scholars'])}."


@says("BishopsRevealed")
def _bishops(f: Fact, v: Viewer) -> str:
    return f"The bishops on the board: {listing(_named(t) for t in f['bishops'])}."


@says("DisplayDealt")
def _display(f: Fact, v: Viewer) -> str:
    removed = f" ({listing(f['removed'])} leave the game)" if f.get("removed") else ""
    return f"New development tiles are laid out: {listing(f['double'] + f['triple'] + f.get('special', []))}{removed}."


@says("FirstPlayerChosen")
def _first(f: Fact, v: Viewer) -> str:
    return f"{seat(f['seat'])} is the first player."


@says("StartingGoodsGiven")
def _start(f: Fact, v: Viewer) -> str:
    return f"{seat(f['seat'])} starts with {f['wood']} wood and {amount(f['coins'], 'coin')}."


@says("BlueDiceRolled")
def _blue_rolled(f: Fact, v: Viewer) -> str:
    if "pool" in f:
        return f"The blue pool is rolled: {listing(str(x) for x in f['pool'])}."
    return "Every player rerolls their blue dice: " + listing(f"{seat(s)} {d} shows {x}" for s, d, x in f["dice"]) + "."


@says("BlueDieGained")
def _blue_gained(f: Fact, v: Viewer) -> str:
    later = "" if f["usable_this_year"] else " (usable from next year)"
    return f"{seat(f['seat'])} gains the blue die {f['die']}, rolled {f['face']}{later}."


@says("BlueDieAddedToPool")
def _blue_pool(f: Fact, v: Viewer) -> str:
    return f"{seat(f['seat'])} unlocks one more blue die and adds a {f['face']} to the blue pool."


@says("TownHallSetsDealt")
def _sets(f: Fact, v: Viewer) -> str:
    return "Town hall sets: " + listing(f"{s} ({th} with {_named(sch)})" for s, th, sch in f["sets"]) + "."


@says("DraftStarted")
def _draft(f: Fact, v: Viewer) -> str:
    what = "a town hall set" if f["draft"] == "set" else "a colony board"
    return f"Each player chooses {what}, in the order {listing(seat(s) for s in f['order'])}."


@says("ColoniesDealt")
def _colonies(f: Fact, v: Viewer) -> str:
    return "Colonies are dealt: " + listing(f"{seat(s)} gets {b.replace('_', ' ')}" for s, b in enumerate(f["boards"])) + "."


@says("ColonyChosen")
def _colony(f: Fact, v: Viewer) -> str:
    return f"{seat(f['seat'])} chooses {f['board'].replace('_', ' ')}."


@says("SetChosen")
def _set(f: Fact, v: Viewer) -> str:
    return f"{seat(f['seat'])} takes the set {f['set']} (the town hall {f['town_hall']} and its scholar)."


@says("TownHallPlaced")
def _hall(f: Fact, v: Viewer) -> str:
    return f"{seat(f['seat'])} places the town hall {f['town_hall']} on {listing(_cell(c) for c in f['cells'])}."


@says("SetsReturned")
def _returned(f: Fact, v: Viewer) -> str:
    return f"The sets left go back to the box: {listing(s[0] for s in f['sets'])}."


@says("YearStarted")
def _year(f: Fact, v: Viewer) -> str:
    return f"Year {f['year']} begins."


@says("TurnStarted")
def _turn(f: Fact, v: Viewer) -> str:
    return f"It is {seat(f['seat'])}'s turn."


@says("DecisionAsked")
def _asked(f: Fact, v: Viewer) -> str:
    return f"{seat(f['seat'])} decides {DECISIONS.get(f['decision'], f['decision'])}."


@says("TileChosen")
def _tile_chosen(f: Fact, v: Viewer) -> str:
    return f"{seat(f['seat'])} chooses the tile {f['tile']} to expand."


@says("ExpandCancelled")
def _cancelled(f: Fact, v: Viewer) -> str:
    return f"{seat(f['seat'])} takes back the choice of {f['tile']}."


@says("TileBuilt")
def _built(f: Fact, v: Viewer) -> str:
    return f"{seat(f['seat'])} builds {f['tile']} on {listing(_cell(c) for c in f['cells'])}."


@says("GoodsPaid")
def _paid(f: Fact, v: Viewer) -> str:
    return f"{seat(f['seat'])} pays {_goods(f['goods'])}."


@says("BuildingActivatedWithCoins")
def _with_coins(f: Fact, v: Viewer) -> str:
    return f"{seat(f['seat'])} puts {amount(f['coins'], 'coin')} on the building on {_cell(f['cell'])} to activate it."


@says("BuildingActivated")
def _activated(f: Fact, v: Viewer) -> str:
    return f"{seat(f['seat'])} activates the building on {_cell(f['cell'])}."


@says("DieTaken")
def _taken(f: Fact, v: Viewer) -> str:
    return f"{seat(f['seat'])} takes {_die(f['die'])}."


@says("DieValueChanged")
def _changed(f: Fact, v: Viewer) -> str:
    if f.get("adjust") in ("cocoa", "gold"):
        return f"{seat(f['seat'])} turns the die from {f['from']} to {f['to']} for 1 {f['adjust']}."
    price = "1 cocoa" if f.get("cocoa") else amount(f["paid"], "coin")  # module D: the Maya's cocoa (§8.6.3)
    return f"{seat(f['seat'])} turns the die from {f['from']} to {f['to']} for {price}."


@says("DiePlaced")
def _placed(f: Fact, v: Viewer) -> str:
    return f"{seat(f['seat'])} leaves {_die(f['die'])} on {_cell(f['cell'])}."


@says("GoodsGained")
def _gained(f: Fact, v: Viewer) -> str:
    return f"{seat(f['seat'])} gains {_goods(f['goods'])}{_source(f.get('source', ''))}."


@says("OverflowConverted")
def _overflow(f: Fact, v: Viewer) -> str:
    return f"{seat(f['seat'])}'s storage is full: {f['units']} {f['good']} become {amount(f['coins'], 'coin')}."


@says("CoinsGained")
def _coins(f: Fact, v: Viewer) -> str:
    return f"{seat(f['seat'])} gains {amount(f['coins'], 'coin')}{_source(f.get('source', ''))}."


@says("CoinsPaid")
def _coins_paid(f: Fact, v: Viewer) -> str:
    why = " to activate a diagonal (Archery)" if f.get("for") == "diagonal" else ""
    return f"{seat(f['seat'])} pays {amount(f['coins'], 'coin')}{why}."


# -- American Kingdoms (§8.1) ------------------------------------------------------------------------


@says("CocoaTokensGiven")
def _cocoa_tokens(f: Fact, v: Viewer) -> str:
    empty = f["tokens"] - f["full"]
    extra = f", {amount(empty, 'empty one', 'empty ones')}" if empty else ""
    return f"{seat(f['seat'])} has {amount(f['tokens'], 'cocoa token')}: {f['full']} full{extra}."


@says("CocoaGained")
def _cocoa_gained(f: Fact, v: Viewer) -> str:
    return f"{seat(f['seat'])} gains {f['cocoa']} cocoa{_source(f.get('source', ''))}."


@says("CocoaLost")
def _cocoa_lost(f: Fact, v: Viewer) -> str:
    return f"{seat(f['seat'])}'s cocoa tokens are full: {f['cocoa']} cocoa is lost."


@says("CocoaPaid")
def _cocoa_paid(f: Fact, v: Viewer) -> str:
    return f"{seat(f['seat'])} pays {f['cocoa']} cocoa."


@says("MeditationSpaceUsed")
def _meditation(f: Fact, v: Viewer) -> str:
    return f"{seat(f['seat'])} takes the action of the free pass space {f['space']} with Meditation, staying on space 5."


@says("BishopConquestScored")
def _conquest(f: Fact, v: Viewer) -> str:
    return f"{seat(f['seat'])} receives the year's conquistador award again for the bishop Conquest: {_vp(f['vp'])}."


@says("CoinsTransferred")
def _transferred(f: Fact, v: Viewer) -> str:
    return f"{seat(f['from'])} pays {seat(f['to'])} {amount(f['coins'], 'coin')}."


@says("VPGained")
def _vp_gained(f: Fact, v: Viewer) -> str:
    source = _source(f.get("source", "")) if f["vp"] is not None else ""  # no numbers beside a hidden amount
    return f"{seat(f['seat'])} gains {_vp(f['vp'])}{source}."


@says("ReligionOverflowScored")
def _religion_overflow(f: Fact, v: Viewer) -> str:
    return f"{seat(f['seat'])} is at the end of the religion track and gains {_vp(f['vp'])}."


@says("GoodSold")
def _sold(f: Fact, v: Viewer) -> str:
    return f"{seat(f['seat'])} sells 1 {f['good']} for {amount(f['coins'], 'coin')}."


@says("GoodBought")
def _bought(f: Fact, v: Viewer) -> str:
    return f"{seat(f['seat'])} buys 1 {f['good']} for {amount(f['coins'], 'coin')}."


@says("TradeMade")
def _trade(f: Fact, v: Viewer) -> str:
    return f"{seat(f['seat'])} makes exchange {f['option'] + 1} of the building on {_cell(f['cell'])}."


@says("Declined")
def _declined(f: Fact, v: Viewer) -> str:
    what = {"trade": "to trade", "ship": "to take a sea-trade tile", "religion_extra": "the extra religion step",
            "place_monk": "to place a monk", "conquistador_extra": "the extra conquistador step",
            "road_tile": "to place the road tile", "meditation_extra": "Meditation's extra pass-space action",
            "hire": "to hire the specialist", "navigate": "to move the governor further",
            **maya.DECLINED}.get(f["decision"], f["decision"])
    return f"{seat(f['seat'])} declines {what}."


@says("ShipTaken")
def _ship(f: Fact, v: Viewer) -> str:
    return f"{seat(f['seat'])} pays {_goods(f['paid'])} for the sea-trade tile {f['tile']} and docks it at their {_dock(f['to_dock'])} dock."


@says("DockRefilled")
def _refilled(f: Fact, v: Viewer) -> str:
    if f["dock"] == "special":
        return ("The special dock stays empty: the special sea-trade tiles are used up." if f["tile"] is None
                else f"The special dock is refilled with {f['tile']}.")
    if f["tile"] is None:
        return f"The {_dock(f['dock'])} dock stays empty: the sea-trade tiles are used up."
    return f"The {_dock(f['dock'])} dock is refilled with {f['tile']}."


@says("ConquistadorAdvanced")
def _conq(f: Fact, v: Viewer) -> str:
    return f"{seat(f['seat'])}'s conquistador advances from {f['from']} to {f['to']}."


@says("ConquistadorBlocked")
def _conq_blocked(f: Fact, v: Viewer) -> str:
    return f"{seat(f['seat'])}'s conquistador is at the end of the track and cannot advance this year."


@says("GoldFound")
def _gold(f: Fact, v: Viewer) -> str:
    return f"{seat(f['seat'])}'s conquistador finds gold."


@says("ReligionAdvanced")
def _religion(f: Fact, v: Viewer) -> str:
    paid = f" (paid with {f['paid']})" if f.get("paid") else ""
    return f"{seat(f['seat'])} advances on the religion track from {f['from']} to {f['to']}{paid}."


@says("MonkPlaced")
def _monk(f: Fact, v: Viewer) -> str:
    fees = listing(seat(s) + " " + amount(n, "coin") for s, n in f["paid_to"])
    paid = f", paying {fees}" if f["paid_to"] else ""
    return f"{seat(f['seat'])} places a monk on {f['place'].replace('_', ' ')}{paid}."


@says("Passed")
def _passed(f: Fact, v: Viewer) -> str:
    return f"{seat(f['seat'])} passes to pass space {f['space']} ({ordinal(f['order'] + 1)} to pass this year)."


@says("RoadTilePlaced")
def _road(f: Fact, v: Viewer) -> str:
    return f"{seat(f['seat'])} places a road tile on {_cell(f['cells'][0])}."


@says("DockIncomeTaken")
def _dock_income(f: Fact, v: Viewer) -> str:
    return f"{seat(f['seat'])} takes the income of {amount(f['tiles'], 'ship')} in the {_dock(f['dock'])} dock."


@says("ConquistadorScored")
def _conq_scored(f: Fact, v: Viewer) -> str:
    parts = [f"{seat(s)} {_vp(vp) if vp is None else amount(vp, 'victory point')}" for s, vp in f["awards"]]
    return f"Conquistadors of year {f['year']}, best first: {listing(parts)}."


@says("ConquistadorReset")
def _reset(f: Fact, v: Viewer) -> str:
    return "The conquistadors return to the start."


@says("BuildingsCleared")
def _cleared(f: Fact, v: Viewer) -> str:
    return "The coins on the buildings go back to the supply."


@says("FirstPlayerSet")
def _first_set(f: Fact, v: Viewer) -> str:
    return f"{seat(f['seat'])}, on the topmost pass space, is the first player of the new year."


@says("FinalGoodsSold")
def _final_sold(f: Fact, v: Viewer) -> str:
    return f"{seat(f['seat'])} sells {_goods(f['goods'])} for {amount(f['coins'], 'coin')}."


@says("FinalScored")
def _final(f: Fact, v: Viewer) -> str:
    return f"{seat(f['seat'])} scores {amount(f['vp'], 'victory point')} for {_CATEGORY.get(f['category'], f['category'])}."


@says("AchievementsReached")
def _achievements(f: Fact, v: Viewer) -> str:
    won = "reaches" if f["won"] else "misses"
    return f"{seat(f['seat'])} {won} 100 victory points with {f['total']}; achievements: {listing(f['achievements'])}."


@says("GameEnded")
def _ended(f: Fact, v: Viewer) -> str:
    return "The game ends: " + listing(f"{seat(s)} {amount(f['scores'][s], 'victory point')}" for s in f["ranking"]) + "."


# -- module C, the ambassadors (§8.4) ------------------------------------------------------------------


def _ambassador_die(d: Any) -> str:
    """"aw4" (a die on a building) or {kind: ambassador, color}: the white or blue ambassador die."""
    colour = {"w": "white", "b": "blue"}.get(d[1], "") if isinstance(d, str) else d["color"]
    return f"the {colour} ambassador die"


@says("AmbassadorDiceRolled")
def _ambassadors_rolled(f: Fact, v: Viewer) -> str:
    when = "back on their tokens" if f.get("year") else "onto their tokens"
    return f"The ambassador dice are rolled {when}: white {f['white']}, blue {f['blue']}."


@says("AmbassadorTaken")
def _ambassador_taken(f: Fact, v: Viewer) -> str:
    return f"{seat(f['seat'])} takes the {f['color']} ambassador die, showing {f['face']}, with its token."


@says("PassiveActivationStarted")
def _passive(f: Fact, v: Viewer) -> str:
    return f"{seat(f['seat'])} activates their {f['line']} {f['value']} with the {f['color']} ambassador die (no die stays)."
