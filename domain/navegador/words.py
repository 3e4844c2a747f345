"""`describe(fact, viewer)`: every Navegador fact in one sentence, in the rules page's words.

    >>> from domain.core.words import render
    >>> fact = {"t": "ShipsMoved", "seat": 1, "from": "portugal", "to": "guine", "count": 2}
    >>> render(describe(fact, None), ["Ann", "Bob"])
    'Bob sails 2 ships from Portugal to Guiné.'

The only secret is the face-down colony tiles (§6.1): dealt, they are described by what the
viewer's fact shows (a spectator's has the stacks' types and sizes, not their tiles).
Money is in cruzados (Cr).
"""

from __future__ import annotations

from collections.abc import Mapping

from domain.core import Fact, Viewer
from domain.core.words import Words, amount, amounts, article, listing, ordinal, seat

from .components import C

words = Words("Navegador")
says = words.says
describe = words

_REGION = dict(zip(C.regions, C.region_names, strict=True))
_SPACE = {
    "market_1": "Market", "market_2": "Market", "colony": "Colony", "privilege": "Privilege",
    "ships": "Ships", "buildings": "Buildings", "sailing": "Sailing", "workers": "Workers",
}
_BUILDING = {"factory_sugar": "sugar factory", "factory_gold": "gold factory", "factory_spice": "spice factory",
             "shipyard": "shipyard", "church": "church"}
_ACTION = {"navegador": "Navegador sailing", "market": "Market", "colony": "Colony", "buildings": "Buildings",
           "sailing": "Sailing", "workers": "Workers", "ships": "Ships", "privilege": "Privilege"}
_END = {"nagasaki": "Nagasaki has been explored", "buildings": "the building board is empty"}


def _cr(n: int) -> str:
    return f"{n} Cr"


def _region(region: str) -> str:
    return _REGION.get(region, region)


def _space(space: str) -> str:
    return _SPACE.get(space, space)


def _tile(tile: str) -> str:
    """A colony tile id ("gold_70") as a player says it: "gold 70"."""
    good, _, price = tile.partition("_")
    return f"{good} {price}"


def _ships_from(paid: Mapping[str, int]) -> str:
    return listing(f"{n} from {_region(r)}" for r, n in paid.items())


def _units(fact: Fact, verb: str, noun: str, where: str = "") -> str:
    """Workers hired or ships built: the count, the price, and virtual units sold back (§2.4, §2.5)."""
    virtual = fact["virtual"]
    sold = (
        f"; {amount(virtual, 'virtual one')} {'is' if virtual == 1 else 'are'} sold to the bank for {_cr(fact['received'])}"
        if virtual else ""
    )
    return f"{seat(fact['seat'])} {verb} {amount(fact['count'], noun)}{where} for {_cr(fact['paid'])}{sold}."


# -- setup ----------------------------------------------------------------------------------


@says("GameSetUp")
def _game_set_up(fact: Fact, viewer: Viewer) -> str:
    how = "by each player" if fact.get("kings_privilege_placement") == "manual" else "where it scores most"
    return f"Navegador for {fact['seats']} players is set up; at the end the king's privilege is placed {how}."


@says("FirstPlayerChosen")
def _first_player_chosen(fact: Fact, viewer: Viewer) -> str:
    return f"{seat(fact['seat'])} is drawn as the first player."


@says("ColoniesDealt")
def _colonies_dealt(fact: Fact, viewer: Viewer) -> str:
    stacks, removed = fact["stacks"], fact["removed"]
    unseen = len(removed) if isinstance(removed, list) else removed
    head = (
        f"The colony tiles are dealt face down onto {amount(len(stacks), 'region')}; "
        f"{amount(unseen, 'tile')} {'leaves' if unseen == 1 else 'leave'} the game unseen"
    )
    if isinstance(removed, list) and removed:  # the full record (ALL): which ones
        return f"{head} ({listing(_tile(t) for t in removed)})."
    return f"{head}."


# -- turn start, rondel, the Navegador card ----------------------------------------------------


@says("NavegadorUsed")
def _navegador_used(fact: Fact, viewer: Viewer) -> str:
    return f"{seat(fact['seat'])} uses the Navegador card for an extra sailing action."


@says("RondelMoved")
def _rondel_moved(fact: Fact, viewer: Viewer) -> str:
    who, to = seat(fact["seat"]), _space(fact["to"])
    if fact["from"] is None:
        return f"{who} places the rondel stone on {to}."
    paid = fact["ships_paid"]
    cost = f", paying {amount(sum(paid.values()), 'ship')} ({_ships_from(paid)})" if paid else ""
    return f"{who} moves the rondel stone {amount(fact['distance'], 'space')} to {to}{cost}."


@says("OrangeShipPlaced")
def _orange_ship_placed(fact: Fact, viewer: Viewer) -> str:
    return f"The orange ship marks {_space(fact['space'])}: the Navegador card must be used before that space is reached again."


@says("NavegadorPassed")
def _navegador_passed(fact: Fact, viewer: Viewer) -> str:
    why = "after using it" if fact["reason"] == "used" else "unused: the stone reached the orange ship"
    ship = fact["orange_ship"]
    mark = f"; the orange ship moves to {_space(ship)}" if ship is not None else ""
    return f"{seat(fact['from'])} passes the Navegador card to {seat(fact['to'])} {why}{mark}."


# -- sailing and exploring ---------------------------------------------------------------------


@says("ShipsMoved")
def _ships_moved(fact: Fact, viewer: Viewer) -> str:
    return (
        f"{seat(fact['seat'])} sails {amount(fact['count'], 'ship')} "
        f"from {_region(fact['from'])} to {_region(fact['to'])}."
    )


@says("RegionExplored")
def _region_explored(fact: Fact, viewer: Viewer) -> str:
    fleet = sum(s["count"] for s in fact["sources"])
    sources = listing(_region(s["from"]) for s in fact["sources"])
    tiles = fact["tiles_revealed"]
    parts = [
        f"{seat(fact['seat'])} explores {_region(fact['region'])} with {amount(fleet, 'ship')} "
        f"from {sources}, losing {amount(fact['ships_lost'], 'ship')}"
    ]
    if tiles:
        parts.append(f"the {'colony' if len(tiles) == 1 else 'colonies'} {listing(_tile(t) for t in tiles)} "
                     f"{'turns' if len(tiles) == 1 else 'turn'} face up")
    if fact["bonus"]:
        parts.append(f"{seat(fact['seat'])} receives {_cr(fact['bonus'])}")
    if fact.get("phase_pending"):
        parts.append(f"phase {fact['phase_pending']} begins when this sailing ends")
    return "; ".join(parts) + "."


@says("PhaseStarted")
def _phase_started(fact: Fact, viewer: Viewer) -> str:
    added = fact["privileges_added"]
    counts = set(added.values())
    if counts == {0}:
        new = "no new privileges are left for the gallery"
    elif len(counts) == 1:
        n = counts.pop()
        new = f"{amount(n, 'privilege')} of each kind {'enters' if n == 1 else 'enter'} the gallery"
    else:
        new = f"new privileges enter the gallery ({amounts(added)})"
    return f"Phase {fact['phase']} begins: {new}."


@says("GameEndTriggered")
def _game_end_triggered(fact: Fact, viewer: Viewer) -> str:
    who, reason = seat(fact["seat"]), fact["reason"]
    what = {"nagasaki": f"{who} has explored Nagasaki", "buildings": f"{who} has taken the last building"}
    return f"{what.get(reason, reason)}: the game ends after a final round."


# -- workers, ships, colonies, buildings, market, privileges ---------------------------------------


@says("WorkersHired")
def _workers_hired(fact: Fact, viewer: Viewer) -> str:
    return _units(fact, "hires", "worker")


@says("ShipsBuilt")
def _ships_built(fact: Fact, viewer: Viewer) -> str:
    return _units(fact, "builds", "ship", " in Portugal")


@says("ColonyFounded")
def _colony_founded(fact: Fact, viewer: Viewer) -> str:
    return f"{seat(fact['seat'])} founds the {_tile(fact['tile'])} colony in {_region(fact['region'])} for {_cr(fact['price'])}."


@says("BuildingBuilt")
def _building_built(fact: Fact, viewer: Viewer) -> str:
    return f"{seat(fact['seat'])} builds {article(_BUILDING[fact['building']])} for {_cr(fact['price'])}."


@says("GoodsSold")
def _goods_sold(fact: Fact, viewer: Viewer) -> str:
    n, each = fact["count"], fact["unit_price"]
    return (
        f"{seat(fact['seat'])} sells {n} {fact['good']} at {_cr(each)} each ({_cr(n * each)}); "
        f"the {fact['good']} price drops {amount(fact['row_after'] - fact['row_before'], 'row')}."
    )


@says("GoodsProcessed")
def _goods_processed(fact: Fact, viewer: Viewer) -> str:
    n, each = fact["count"], fact["unit_income"]
    orange = ", with the orange factory's help" if fact["orange_used"] else ""
    return (
        f"{seat(fact['seat'])} processes {n} {fact['good']} at {_cr(each)} each ({_cr(n * each)}){orange}; "
        f"the {fact['good']} price rises {amount(fact['row_before'] - fact['row_after'], 'row')}."
    )


@says("PrivilegeTaken")
def _privilege_taken(fact: Fact, viewer: Viewer) -> str:
    bonus = f" and receives {_cr(fact['bonus'])}" if fact["bonus"] else ""
    return (
        f"{seat(fact['seat'])} gives up a worker for {article(fact['kind'])} privilege "
        f"(the {ordinal(fact['cell'] + 1)} of that column){bonus}."
    )


# -- ends of actions, turns and the game ------------------------------------------------------------


@says("ActionEnded")
def _action_ended(fact: Fact, viewer: Viewer) -> str:
    return f"{seat(fact['seat'])} ends the {_ACTION.get(fact['action'], fact['action'])} action."


@says("FinalRoundStarted")
def _final_round_started(fact: Fact, viewer: Viewer) -> str:
    return f"The final round begins: {amount(fact['turns'], 'turn')} left."


@says("TurnEnded")
def _turn_ended(fact: Fact, viewer: Viewer) -> str:
    left = fact["final_turns_left"]
    if left is None:
        return f"{seat(fact['seat'])}'s turn ends."
    if left == 0:
        return f"{seat(fact['seat'])}'s turn ends: that was the last turn."
    return f"{seat(fact['seat'])}'s turn ends ({amount(left, 'turn')} left in the game)."


@says("TurnStarted")
def _turn_started(fact: Fact, viewer: Viewer) -> str:
    return f"Round {fact['round']}: {seat(fact['seat'])}'s turn."


@says("GameEnded")
def _game_ended(fact: Fact, viewer: Viewer) -> str:
    why = _END.get(fact["reason"], fact["reason"])
    return f"The game is over: {why} and the final round has been played."


@says("KingsPrivilegePlaced")
def _kings_privilege_placed(fact: Fact, viewer: Viewer) -> str:
    who, kind, how = seat(fact["seat"]), fact["kind"], fact["how"]
    if kind == "none":
        return f"{who} has no free privilege cell: the king's privilege scores nothing."
    why = {"auto": " (automatic: where it scores most)", "forced": " (automatic: the only free column)"}.get(how, "")
    return f"{who} places the king's privilege in the {kind} column{why}."


@says("GameScored")
def _game_scored(fact: Fact, viewer: Viewer) -> str:
    rows = listing(
        f"{seat(i)} {score} VP ({ordinal(r)})" for i, (score, r) in enumerate(zip(fact["scores"], fact["ranks"], strict=True))
    )
    return f"Final scores: {rows}."
