"""Options and setup (§1.2, §1.3, §6.1 - §6.4), and the New Buildings draft (§6.2) that opens a
game with that expansion.

Section numbers (§) refer to the rules page `shared/rules/puerto-rico.md`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.core import Action, Fact, InvalidOptions, RandomSource, shuffle
from domain.core.commands import Why, fields, named, refuse, reject
from domain.core.facts import Tx
from domain.core.options import Option, check, check_seats
from domain.core.words import Citation

from .components import (
    AVAILABLE_EXPANSIONS,
    BASE_KINDS,
    BOX_COLONISTS,
    BOX_NOBLES,
    BUILDING_INDEX,
    BUILDINGS,
    CATALOG,
    DRAFT_POOL,
    DRAFT_SLOTS,
    GOODS,
    KNOWN_EXPANSIONS,
    NOBLES_ON_SHIP,
    OFFICE,
    SETUPS,
    TILE_INDEX,
    TILE_KINDS,
    TRADING_POST,
    building_copies,
    draft_slot,
)
from .i18n import N_, _, building_lower
from .state import DRAFT, ROLE_SELECTION, SELECT_ROLE, Config, Player, State, Step, _set, put
from .tables import commands, evolves, offers

PLANTATION_KINDS = GOODS  # the five plantation kinds have the goods' names
OPTIONS = (
    Option(
        "expansions", "choices", (),
        N_("The expansions to play with: New Buildings, Nobles, both or none (any of them for 2 to 5 players)."),
        choices=KNOWN_EXPANSIONS, item="expansion",
    ),
    Option(
        "first_governor", "choice", "random",
        N_("Who is the first governor: drawn at random at setup, or the player in seat 0."),
        choices=("random", "seat_order"),
    ),
    Option(
        "max_large_buildings", "int", 4,
        N_("How many large buildings the game offers (4 as in the Hungarian rulebook; 6 reads the Russian one)."),
        minimum=1, maximum=6,
    ),
    Option(
        "hacienda_quarry_with_construction_hut", "bool", False,
        N_("Whether an occupied hacienda with a construction hut may take a quarry instead of a face-down plantation."),
    ),
    Option(
        "exclude_office_with_trading_post", "bool", None,
        N_("New Buildings only: the office and the trading post are never both in the game (on unless turned off)."),
    ),
)


# The rules-page section each fact of this module cites (`replay why`; `sections.py` gathers them).
CITES: dict[str, Citation] = {
    "GameSetUp": "1.3",
    "BuildingDrafted": "6.2",
}


# -- options and setup (§1.2, §1.3, §6.1 - §6.4) ---------------------------------------------


def check_options(options: Mapping[str, Any], seats: int) -> dict[str, Any]:
    """Normalised options, or InvalidOptions with an `options.*` code."""
    out = check(OPTIONS, options, "Puerto Rico")
    check_seats(seats, min(SETUPS), max(SETUPS), "Puerto Rico")
    # §6.1 - §6.4: every combination is played by 2 to 5 players (the Russian rulebook has the
    # two-player rules with both expansions; §10 A31 for Nobles with two players).
    for e in out["expansions"]:
        if e not in AVAILABLE_EXPANSIONS:  # a switch in components.json, on for both
            raise InvalidOptions("options.expansion_unavailable", _("The {expansion} expansion is not available.", expansion=e))
    exclusion = out.pop("exclude_office_with_trading_post")
    if "new_buildings" in out["expansions"]:
        # §6.2 / §10 A35: the rulebook advises against the office and the trading post together
        out["exclude_office_with_trading_post"] = True if exclusion is None else exclusion
    elif exclusion is not None:
        raise InvalidOptions(
            "options.needs_new_buildings",
            _("exclude_office_with_trading_post only applies to games with the new_buildings expansion."),
        )
    return out


def setup(options: Mapping[str, Any], seats: int, rng: RandomSource) -> list[Fact]:
    """§1.3 (§6.2 - §6.4): the facts that create the starting position; draws are recorded."""
    opts = check_options(options, seats)
    spec = SETUPS[seats]
    new_buildings = "new_buildings" in opts["expansions"]
    nobles = "nobles" in opts["expansions"]
    # §8.1: the first governor is drawn (or the host's seat order is used).
    governor = rng.below(seats) if opts["first_governor"] == "random" else 0
    # §1.2: seat `governor` gets the first starting plantation, then clockwise.
    starting = [""] * seats
    for i, kind in enumerate(spec.starting_plantations):
        starting[(governor + i) % seats] = TILE_KINDS[kind]
    tiles = list(spec.plantations)
    for kind in spec.starting_plantations:
        tiles[kind] -= 1
    pile = [PLANTATION_KINDS[k] for k in range(len(tiles)) for _tile in range(tiles[k])]
    shuffled = list(shuffle(rng, pile))  # §8.2
    config: dict[str, Any] = {
        "expansions": opts["expansions"],
        "max_large_buildings": opts["max_large_buildings"],
        "hacienda_quarry_with_construction_hut": opts["hacienda_quarry_with_construction_hut"],
    }
    # §6.2: with New Buildings the violet buildings are drafted (none in the supply yet);
    # §6.3: the Nobles buildings are added to the supply.
    in_supply = {"base"} | ({"nobles"} if nobles else set())
    buildings = {
        b.id: building_copies(b, seats)
        for b in BUILDINGS
        if b.expansion in in_supply and not (new_buildings and b.expansion == "base" and not b.production)
    }
    setup_fact: Fact = {
        "t": "GameSetUp",
        "governor": governor,
        "config": config,
        "starting_plantations": starting,
        "doubloons": spec.doubloons,
        "vp_supply": spec.vp,
        "colonist_supply": spec.colonist_supply,
        "colonist_ship": spec.colonist_ship,
        "quarries": spec.quarries,
        "goods": {g: spec.goods[i] for i, g in enumerate(GOODS)},
        "buildings": buildings,
        "cargo_ships": list(spec.cargo_ships),
        "roles": list(spec.roles),
        "selections_per_round": spec.selections_per_round,
    }
    if new_buildings:
        config["exclude_office_with_trading_post"] = opts["exclude_office_with_trading_post"]
        setup_fact["draft_slots"] = list(DRAFT_SLOTS)
    if nobles:
        # §6.3: all 100 colonists; the ship starts with N - 1 colonists and 1 noble (§10 A31)
        ship = seats - NOBLES_ON_SHIP
        setup_fact["colonist_supply"] = BOX_COLONISTS - ship
        setup_fact["colonist_ship"] = ship
        setup_fact["noble_supply"] = BOX_NOBLES - NOBLES_ON_SHIP
        setup_fact["noble_ship"] = NOBLES_ON_SHIP
    return [
        setup_fact,
        {"t": "PlantationsShuffled", "tiles": shuffled},
        {"t": "PlantationsDrawn", "tiles": shuffled[: seats + 1]},  # §8.3: N + 1 face up
    ]


@evolves("GameSetUp")
def _game_set_up(_: State | None, f: Fact) -> State:
    n = len(f["starting_plantations"])
    c = f["config"]
    expansions = tuple(c["expansions"])
    config = Config(
        expansions=expansions,
        max_large_buildings=c["max_large_buildings"],
        hacienda_quarry_with_construction_hut=c["hacienda_quarry_with_construction_hut"],
        new_buildings="new_buildings" in expansions,
        nobles="nobles" in expansions,
        exclude_office_with_trading_post=c.get("exclude_office_with_trading_post", True),
    )
    # A base game keeps its building rows to the 23 base kinds (they come first in the catalog):
    # the hot loops over a player's buildings stay as short as before the expansions.
    kinds = len(CATALOG) if expansions else BASE_KINDS
    no_buildings = (-1,) * kinds
    players = []
    for seat in range(n):
        island = [0] * len(TILE_KINDS)
        island[TILE_INDEX[f["starting_plantations"][seat]]] = 1
        players.append(
            Player(
                doubloons=f["doubloons"],
                vp=0,
                goods=(0,) * len(GOODS),
                island=tuple(island),
                manned=(0,) * len(TILE_KINDS),
                buildings=no_buildings,
                windrose=0,
                building_nobles=(0,) * kinds,
            )
        )
    roles = tuple(f["roles"])
    governor = f["governor"]
    slots = tuple(f.get("draft_slots", ()))
    return State(
        config=config,
        players=tuple(players),
        governor=governor,
        round=1,
        roles=roles,
        role_doubloons=(0,) * len(roles),
        role_taken=(-1,) * len(roles),
        selections=0,
        selections_per_round=f["selections_per_round"],
        phase=DRAFT if slots else ROLE_SELECTION,
        step=DRAFT if slots else SELECT_ROLE,
        chooser=-1,
        turn=governor,
        pending=(),
        hacienda=0,
        placed=False,
        passes=0,
        captain_shipped=False,
        wharf_used=(),
        warehoused=(),
        produced=(),
        vp_supply=f["vp_supply"],
        colonist_supply=f["colonist_supply"],
        colonist_ship=f["colonist_ship"],
        goods=tuple(f["goods"][g] for g in GOODS),
        quarries=f["quarries"],
        draw_pile=(),
        faceup=(),
        discard=(),
        building_supply=tuple(f["buildings"].get(b, 0) for b in CATALOG[:kinds]),
        ship_capacity=tuple(f["cargo_ships"]),
        ship_good=(-1,) * len(f["cargo_ships"]),
        ship_load=(0,) * len(f["cargo_ships"]),
        trading_house=(),
        end_reasons=(),
        noble_supply=f.get("noble_supply", 0),
        noble_ship=f.get("noble_ship", 0),
        slots=slots,
    )


# -- the New Buildings draft (§6.2) ------------------------------------------------------------


def why_not_draft(s: State, b: int) -> Why:
    if s.building_supply[b] > 0:
        return "draft.already_drafted", _("The {building} is already on the board.", building=building_lower(BUILDINGS[b].id))
    if draft_slot(b) not in s.slots:
        return "draft.no_slot", _("There is no empty board slot of cost {cost} left for the {building}.",
                                  cost=draft_slot(b), building=building_lower(BUILDINGS[b].id))
    if s.config.exclude_office_with_trading_post and (
        (b == OFFICE and s.building_supply[TRADING_POST] > 0) or (b == TRADING_POST and s.building_supply[OFFICE] > 0)
    ):
        return "draft.office_and_trading_post", _("This game uses the office or the trading post, not both (§6.2).")
    return None


@offers(Step.DRAFT)
def _draft_actions(s: State, seat: int) -> list[Action]:
    return [{"type": "draft_building", "building": CATALOG[b]} for b in DRAFT_POOL if why_not_draft(s, b) is None]


@commands.command("draft_building", Step.DRAFT)
def _draft_building(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    fields(action, ("building",))
    name = named(action, "building")
    s = tx.state
    b = BUILDING_INDEX.get(name)
    if b is None or b not in DRAFT_POOL:
        reject("draft.unknown_building", _("{name!r} is not a violet building of the base game or New Buildings.", name=name))
    refuse(why_not_draft(s, b))
    copies = building_copies(BUILDINGS[b], s.n)
    tx.emit({"t": "BuildingDrafted", "seat": seat, "building": CATALOG[b], "slot": draft_slot(b), "copies": copies})


@evolves("BuildingDrafted")
def _building_drafted(s: State, f: Fact) -> State:
    # §6.2: the kind goes onto a free slot of its cost; then the next seat clockwise drafts.
    b = BUILDING_INDEX[f["building"]]
    slots = list(s.slots)
    slots.remove(f["slot"])
    if slots:
        return _set(
            s, building_supply=put(s.building_supply, b, f["copies"]), slots=tuple(slots), turn=(s.turn + 1) % s.n
        )
    return _set(
        s,
        building_supply=put(s.building_supply, b, f["copies"]),
        slots=(),
        phase=ROLE_SELECTION,
        step=SELECT_ROLE,
        turn=s.governor,
    )
