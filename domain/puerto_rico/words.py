"""`describe(fact, viewer)`: every Puerto Rico fact in one sentence, in the rules page's words.

    >>> from domain.core.words import render
    >>> fact = {"t": "GoodsShipped", "seat": 0, "good": "corn", "ship": 1, "count": 3, "vp": 3}
    >>> render(describe(fact, 0), ["Ann", "Bob", "Cy"])
    'Ann ships 3 corn on the 2nd-smallest cargo ship: 3 VP.'

The fact is the one the viewer may see (`views.redact`): a face-down draw seen by another seat
has no kind, and its sentence names none ("Bob draws a face-down plantation"). Individual VP
awards are public (§7), running totals are not, so no sentence adds awards up. Facts name a
cargo ship by its place in the row (smallest first), not by its size: so do the sentences.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.core import Fact, Viewer
from domain.core.words import Words, amount, amounts, article, listing, ordinal, seat

from .components import BUILDINGS, GOODS, role_phase

words = Words("Puerto Rico")
says = words.says
describe = words

_BUILDING_NAMES = {b.id: b.name.lower() for b in BUILDINGS}
_WORKERS = {"colonist": "colonists", "noble": "nobles"}
_EXPANSIONS = {"new_buildings": "New Buildings", "nobles": "Nobles"}
_END_REASONS = {
    "colonists": "the colonist supply could not refill the colonist ship",
    "vp": "the VP chips have run out",
    "city": "a city is full",
}


def say_doubloons(n: int) -> str:
    return amount(n, "doubloon")


def say_goods(counts: Mapping[str, int]) -> str:
    return amounts({g: counts[g] for g in GOODS if counts.get(g)})


def say_counted(kinds: list[str]) -> str:
    """A row of goods or plantation kinds, counted: ["sugar", "corn", "sugar"] -> "2 sugar and 1 corn"."""
    return amounts({k: kinds.count(k) for k in dict.fromkeys(kinds)})


def _building(name: str) -> str:
    return _BUILDING_NAMES.get(name, name.replace("_", " "))


def _spot(name: str) -> str:
    """An island tile or a building, by the name the facts use ("corn", "quarry", "hospice")."""
    if name in GOODS:
        return f"{name} plantation"
    if name == "quarry":
        return "quarry"
    if name == "windrose":
        return "windrose"
    return _building(name)


def _role(role: str) -> str:
    return role_phase(role)


def _ship(ship: Any) -> str:
    if ship == "wharf":
        return "the wharf"
    n = int(ship)
    return "the smallest cargo ship" if n == 0 else f"the {ordinal(n + 1)}-smallest cargo ship"


def _worker(piece: str | None) -> str:
    return piece if piece in ("colonist", "noble") else "colonist"


def _from_source(source: str | None) -> str:
    """Where a hospice or university worker comes from."""
    if source == "supply":
        return "a colonist from the supply"
    if source == "ship_noble":
        return "a noble from the colonist ship"
    return "a colonist from the colonist ship"


def say_auto(fact: Fact, sentence: str) -> str:
    """The sentence, said to have happened by itself where the fact says so."""
    return f"{sentence} (automatic)." if fact.get("auto") else f"{sentence}."


# -- setup, roles, phases, rounds, the end --------------------------------------------------


@says("GameSetUp")
def _game_set_up(fact: Fact, viewer: Viewer) -> str:
    n = len(fact["starting_plantations"])
    expansions = [_EXPANSIONS.get(e, e) for e in fact["config"]["expansions"]]
    kind = f"with {listing(expansions)}" if expansions else "(base game)"
    ships = listing(str(c) for c in fact["cargo_ships"])
    return (
        f"Puerto Rico for {n} players {kind} is set up: {seat(fact['governor'])} is the governor, "
        f"everyone starts with {say_doubloons(fact['doubloons'])}, and the cargo ships hold {ships} goods."
    )


@says("PlantationsShuffled")
def _plantations_shuffled(fact: Fact, viewer: Viewer) -> str:
    n = len(fact["tiles"]) if "tiles" in fact else fact["count"]
    return f"The plantation tiles are shuffled into a face-down pile of {n}."


@says("PlantationsDrawn")
def _plantations_drawn(fact: Fact, viewer: Viewer) -> str:
    tiles = fact["tiles"]
    return f"New face-up {'plantation' if len(tiles) == 1 else 'plantations'}: {say_counted(tiles)}."


@says("BuildingDrafted")
def _building_drafted(fact: Fact, viewer: Viewer) -> str:
    return (
        f"{seat(fact['seat'])} drafts the {_building(fact['building'])} into the game "
        f"({amount(fact['copies'], 'copy', 'copies')} on the {fact['slot']}-doubloon slot)."
    )


@says("RoleSelected")
def _role_selected(fact: Fact, viewer: Viewer) -> str:
    money = f" and the {say_doubloons(fact['doubloons'])} on it" if fact["doubloons"] else ""
    return f"{seat(fact['seat'])} takes the {_role(fact['role'])} role{money}."


@says("PhaseEnded")
def _phase_ended(fact: Fact, viewer: Viewer) -> str:
    return f"The {fact['phase']} phase ends."


@says("RoundEnded")
def _round_ended(fact: Fact, viewer: Viewer) -> str:
    roles = [_role(r) for r in fact["bonus_roles"]]
    bonus = f"1 doubloon goes onto each role nobody took ({listing(roles)}), and " if roles else ""
    return f"Round {fact['round']} ends: {bonus}{seat(fact['governor'])} becomes the governor."


@says("GameEndTriggered")
def _game_end_triggered(fact: Fact, viewer: Viewer) -> str:
    reason = fact["reason"]
    why = f"{seat(fact['seat'])} has filled the 12th city space" if reason == "city" and "seat" in fact else (
        _END_REASONS.get(reason, reason)
    )
    return f"The game will end after this round: {why}."


@says("GameEnded")
def _game_ended(fact: Fact, viewer: Viewer) -> str:
    scores = listing(f"{seat(i)} {v} VP" for i, v in enumerate(fact["scores"]))
    return f"The game is over; final scores: {scores}."


@says("Passed")
def _passed(fact: Fact, viewer: Viewer) -> str:
    if fact.get("auto"):
        return f"{seat(fact['seat'])} has nothing to do now in the {fact['phase']} phase and passes (automatic)."
    return f"{seat(fact['seat'])} passes in the {fact['phase']} phase."


# -- guests (New Buildings) -------------------------------------------------------------------


@says("GuestDeployed")
def _guest_deployed(fact: Fact, viewer: Viewer) -> str:
    return f"{seat(fact['seat'])} moves a guest ({_worker(fact.get('piece'))}) from the guest house to the {_spot(fact['to'])}."


# -- settler -----------------------------------------------------------------------------------


def _hospice(source: str | None) -> str:
    return f", and the hospice puts {_from_source(source)} on it" if source else ""


@says("HaciendaTileDrawn")
def _hacienda_tile_drawn(fact: Fact, viewer: Viewer) -> str:
    return f"{seat(fact['seat'])} uses the hacienda and draws {article(fact['kind'])} plantation from the face-down pile."


@says("HaciendaQuarryTaken")
def _hacienda_quarry_taken(fact: Fact, viewer: Viewer) -> str:
    return f"{seat(fact['seat'])} uses the hacienda to take a quarry."


@says("PlantationTaken")
def _plantation_taken(fact: Fact, viewer: Viewer) -> str:
    return f"{seat(fact['seat'])} takes {article(fact['kind'])} plantation{_hospice(fact['hospice'])}."


@says("QuarryTaken")
def _quarry_taken(fact: Fact, viewer: Viewer) -> str:
    return f"{seat(fact['seat'])} takes a quarry{_hospice(fact['hospice'])}."


@says("ForestTaken")
def _forest_taken(fact: Fact, viewer: Viewer) -> str:
    worker = f"; the hospice sends {_from_source(fact['hospice'])} to the windrose" if fact["hospice"] else ""
    return f"{seat(fact['seat'])} takes the face-up {fact['kind']} plantation and lays it face down as a forest{worker}."


def _drawn_with(source: str) -> str:
    return "with the land office, for 1 doubloon" if source == "land_office" else "with the hacienda"


@says("TileDrawn")
def _tile_drawn(fact: Fact, viewer: Viewer) -> str:
    who, how = seat(fact["seat"]), _drawn_with(fact["source"])
    if "kind" not in fact:  # another seat's draw: its kind is hidden (§7)
        return f"{who} draws a face-down plantation {how}."
    return f"{who} draws a face-down plantation {how}: it is {fact['kind']} (only {who} sees it)."


@says("DrawnTilePlaced")
def _drawn_tile_placed(fact: Fact, viewer: Viewer) -> str:
    who = seat(fact["seat"])
    if not fact["forest"]:
        return f"{who} places the drawn {fact['kind']} plantation face up."
    if "kind" not in fact:  # a forest from a face-down draw: its kind is its owner's secret (§7)
        return f"{who} places the drawn tile face down as a forest."
    return f"{who} places the drawn {fact['kind']} plantation face down as a forest (only {who} knows its kind)."


@says("LandOfficeBought")
def _land_office_bought(fact: Fact, viewer: Viewer) -> str:
    return f"{seat(fact['seat'])} buys a face-down plantation with the land office for 1 doubloon: it is {fact['kind']}."


@says("TileDiscarded")
def _tile_discarded(fact: Fact, viewer: Viewer) -> str:
    tile = f"a forest ({fact['kind']})" if fact["tile"] == "forest" else f"{article(fact['kind'])} plantation"
    if fact["by"] == "land_office":
        head = f"{seat(fact['seat'])} sells {tile} to the land office for {say_doubloons(fact.get('doubloons', 1))}"
    else:
        head = f"{seat(fact['seat'])} discards {tile} with the hunting lodge"
    worker = f"; the {fact['worker']} on it goes to the windrose" if fact.get("worker") else ""
    return f"{head}{worker}."


@says("HuntingLodgeRewarded")
def _hunting_lodge_rewarded(fact: Fact, viewer: Viewer) -> str:
    return f"{seat(fact['seat'])}'s hunting lodge earns {fact['vp']} VP for the most empty island spaces."


@says("PlantationRowDiscarded")
def _plantation_row_discarded(fact: Fact, viewer: Viewer) -> str:
    return f"The face-up plantations nobody took ({say_counted(fact['tiles'])}) go to the discard pile."


# -- mayor -------------------------------------------------------------------------------------


@says("MayorPrivilegeTaken")
def _mayor_privilege_taken(fact: Fact, viewer: Viewer) -> str:
    who, n = seat(fact["seat"]), fact["colonists"]
    if n == 0:
        return say_auto(fact, f"The colonist supply is empty: {who} gets no extra colonist as mayor")
    return f"{who} takes {amount(n, 'colonist')} from the supply (the mayor's privilege)."


@says("VillaUsed")
def _villa_used(fact: Fact, viewer: Viewer) -> str:
    return f"{seat(fact['seat'])}'s villa brings {article(fact['piece'])} from the supply to the windrose."


@says("PieceTaken")
def _piece_taken(fact: Fact, viewer: Viewer) -> str:
    return f"{seat(fact['seat'])} takes {article(fact['piece'])} from the colonist ship."


@says("ColonistsDistributed")
def _colonists_distributed(fact: Fact, viewer: Viewer) -> str:
    colonists, nobles = fact["colonists"], fact.get("nobles") or [0] * len(fact["colonists"])
    shares = [
        f"{amounts({'colonist': c, 'noble': k}, _WORKERS)} to {seat(i)}"
        for i, (c, k) in enumerate(zip(colonists, nobles, strict=True))
        if c or k
    ]
    if not shares:
        return "The colonist ship is empty: nobody gets a colonist."
    return f"The colonist ship is unloaded: {listing(shares)}."


def _arranged_piece(fact: Fact) -> str:
    return _worker(fact.get("piece"))


@says("ColonistPlaced")
def _colonist_placed(fact: Fact, viewer: Viewer) -> str:
    return f"{seat(fact['seat'])} places {article(_arranged_piece(fact))} on the {_spot(fact['to'])}."


@says("ColonistRemoved")
def _colonist_removed(fact: Fact, viewer: Viewer) -> str:
    return f"{seat(fact['seat'])} takes {article(_arranged_piece(fact))} off the {_spot(fact['from'])}."


@says("ColonistsAssigned")
def _colonists_assigned(fact: Fact, viewer: Viewer) -> str:
    return f"{seat(fact['seat'])}'s workers fill every circle they can; any left over wait on the windrose (automatic)."


@says("ArrangementFinished")
def _arrangement_finished(fact: Fact, viewer: Viewer) -> str:
    if fact.get("auto"):
        return f"{seat(fact['seat'])} has nothing more to place (automatic)."
    return f"{seat(fact['seat'])} is done placing workers."


@says("ColonistShipRefilled")
def _colonist_ship_refilled(fact: Fact, viewer: Viewer) -> str:
    load = amounts({"colonist": fact["colonists"], "noble": fact.get("nobles", 0)}, _WORKERS)
    if fact.get("short"):
        if load == "nothing":
            return "The colonist supply is empty: the colonist ship cannot be refilled."
        return f"The colonist ship takes the last {load} from the supply: not enough to fill it."
    if load == "nothing":
        return "The colonist ship gets no new colonists."
    return f"The colonist ship is refilled with {load}."


# -- builder -----------------------------------------------------------------------------------


@says("BuildingBuilt")
def _building_built(fact: Fact, viewer: Viewer) -> str:
    price = f"for {say_doubloons(fact['price'])}" if fact["price"] else "for free"
    parts = [f"{seat(fact['seat'])} builds {article(_building(fact['building']))} {price}"]
    if fact.get("black_market"):
        parts.append(f"the black market covers {say_doubloons(fact['black_market'])}")
    if fact["university"]:
        parts.append(f"the university puts {_from_source(fact['university'])} on it")
    if fact.get("church"):
        parts.append(f"the church earns {fact['church']} VP")
    return "; ".join(parts) + "."


@says("BlackMarketUsed")
def _black_market_used(fact: Fact, viewer: Viewer) -> str:
    return (
        f"{seat(fact['seat'])} turns to the black market for {article(_building(fact['building']))}, "
        f"{say_doubloons(fact['shortfall'])} short."
    )


@says("BlackMarketPaid")
def _black_market_paid(fact: Fact, viewer: Viewer) -> str:
    who, item = seat(fact["seat"]), fact["item"]
    if item == "worker":
        return f"{who} pays the black market with {article(_worker(fact.get('piece')))} from the {_spot(fact['from'])}."
    if item == "good":
        return f"{who} pays the black market with 1 {fact['good']}."
    return f"{who} pays the black market with 1 VP."


# -- captain -----------------------------------------------------------------------------------


@says("CaptainBonusesPaid")
def _captain_bonuses_paid(fact: Fact, viewer: Viewer) -> str:
    parts = []
    if fact.get("lighthouse") is not None:
        parts.append(f"{seat(fact['lighthouse'])}'s lighthouse pays 1 doubloon")
    parts.extend(f"{seat(row['seat'])}'s union hall earns {row['vp']} VP" for row in fact.get("union_hall", ()))
    if not parts:
        return "Before the shipping: no lighthouse or union hall bonus is due."
    return f"Before the shipping: {listing(parts)}."


def _lighthouse(fact: Fact) -> str:
    return f" and {say_doubloons(fact['doubloons'])} (lighthouse)" if fact.get("doubloons") else ""


@says("GoodsShipped")
def _goods_shipped(fact: Fact, viewer: Viewer) -> str:
    return (
        f"{seat(fact['seat'])} ships {fact['count']} {fact['good']} on {_ship(fact['ship'])}: "
        f"{fact['vp']} VP{_lighthouse(fact)}."
    )


@says("SmallWharfLoaded")
def _small_wharf_loaded(fact: Fact, viewer: Viewer) -> str:
    return f"{seat(fact['seat'])} loads {fact['count']} {fact['good']} onto the small wharf."


@says("SmallWharfShipped")
def _small_wharf_shipped(fact: Fact, viewer: Viewer) -> str:
    return (
        f"{seat(fact['seat'])} ships {say_goods(fact['goods'])} with the small wharf: "
        f"{fact['vp']} VP{_lighthouse(fact)}."
    )


@says("RoyalSupplierUsed")
def _royal_supplier_used(fact: Fact, viewer: Viewer) -> str:
    return f"{seat(fact['seat'])} hands 1 {fact['good']} to the royal supplier for {fact['vp']} VP."


@says("LoadingEnded")
def _loading_ended(fact: Fact, viewer: Viewer) -> str:
    return "Nobody can ship any more goods: loading ends."


@says("ShipUnloaded")
def _ship_unloaded(fact: Fact, viewer: Viewer) -> str:
    return f"{_ship(fact['ship']).capitalize()} is full and is unloaded: {fact['count']} {fact['good']} go back to the supply."


# -- prospector --------------------------------------------------------------------------------


@says("ProspectorPrivilegeTaken")
def _prospector_privilege_taken(fact: Fact, viewer: Viewer) -> str:
    return f"{seat(fact['seat'])} takes {say_doubloons(fact['doubloons'])} from the bank as prospector."
