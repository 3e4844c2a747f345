"""Puerto Rico component data: loaded once from `components.json` and validated at import.

Everything the rules count with (building table §2.2, setup table §1.2, prices §1.1) lives in the
data file, so a misprint can be corrected without touching rule code. This module turns it into
small immutable records and index constants the rules use on their hot paths.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

_PATH = Path(__file__).with_name("components.json")


class ComponentError(ValueError):
    """The component data file is inconsistent (a packaging error, not a player's)."""


@dataclass(frozen=True)
class BuildingSpec:
    id: str
    name: str
    expansion: str
    production: bool  # production building (True) or violet building (False)
    good: int  # index into GOODS for production buildings, -1 otherwise
    cost: int
    vp: int
    circles: int
    column: int  # §2.1: maximum quarry discount; 4 = large building column
    size: int  # city spaces: 1 small, 2 large
    guild_hall_class: str  # "small" / "large" for production buildings, "" otherwise
    copies_2p: int
    copies: int  # 3-5 players
    effect: str = ""  # its effect in one sentence (the board's rules help)

    @property
    def large(self) -> bool:
        return self.size == 2


@dataclass(frozen=True)
class SetupSpec:
    """§1.2 (and §6.1 for two players): what a game of this player count starts with."""

    players: int
    doubloons: int
    starting_plantations: tuple[int, ...]  # tile kind per seat, counted from the first governor
    vp: int
    colonist_supply: int
    colonist_ship: int
    cargo_ships: tuple[int, ...]
    roles: tuple[str, ...]
    selections_per_round: int
    quarries: int
    plantations: tuple[int, ...]  # tiles per plantation kind in the game (before starting tiles)
    goods: tuple[int, ...]
    two_player_copies: bool


def _require(cond: bool, what: str) -> None:
    if not cond:
        raise ComponentError(f"components.json: {what}")


def _int(value: Any, what: str, lo: int = 0, hi: int = 1000) -> int:
    _require(isinstance(value, int) and not isinstance(value, bool) and lo <= value <= hi, f"{what} must be an integer in {lo}..{hi}")
    return int(value)


def _load() -> dict[str, Any]:
    with _PATH.open(encoding="utf-8") as fh:
        data = json.load(fh)
    _require(isinstance(data, dict), "top level must be an object")
    return data


_DATA = _load()

GOODS: tuple[str, ...] = tuple(_DATA["goods"])
_require(GOODS == ("corn", "indigo", "sugar", "tobacco", "coffee"), "goods must be corn, indigo, sugar, tobacco, coffee")
GOOD_INDEX: dict[str, int] = {g: i for i, g in enumerate(GOODS)}
CORN, INDIGO, SUGAR, TOBACCO, COFFEE = range(5)

# Island tile kinds: the five plantation kinds, then quarries (§0.1). Index 5 = quarry.
TILE_KINDS: tuple[str, ...] = (*GOODS, "quarry")
TILE_INDEX: dict[str, int] = {k: i for i, k in enumerate(TILE_KINDS)}
QUARRY = 5

PRICES: tuple[int, ...] = tuple(
    _int(_DATA["trading_house_prices"][g], f"price of {g}", 0, 10) for g in GOODS
)
TRADING_HOUSE_SPACES = _int(_DATA["trading_house_spaces"], "trading_house_spaces", 1, 10)
ISLAND_SPACES = _int(_DATA["island_spaces"], "island_spaces", 1, 30)
CITY_SPACES = _int(_DATA["city_spaces"], "city_spaces", 1, 30)
FACTORY_BONUS: tuple[int, ...] = tuple(_int(v, "factory_bonus", 0, 10) for v in _DATA["factory_bonus"])
_require(len(FACTORY_BONUS) == 6, "factory_bonus needs 6 entries (0..5 kinds)")
RESIDENCE_BONUS: dict[int, int] = {int(k): _int(v, "residence_bonus", 0, 20) for k, v in _DATA["residence_bonus"].items()}

_BOX = _DATA["box"]
BOX_PLANTATIONS: tuple[int, ...] = tuple(_int(_BOX["plantations"][g], f"box plantations {g}") for g in GOODS)
BOX_GOODS: tuple[int, ...] = tuple(_int(_BOX["goods"][g], f"box goods {g}") for g in GOODS)
BOX_QUARRIES = _int(_BOX["quarries"], "box quarries")
BOX_COLONISTS = _int(_BOX["colonists"], "box colonists")
BOX_VP = _int(_BOX["vp"], "box vp")

KNOWN_EXPANSIONS: tuple[str, ...] = tuple(_DATA["expansions"]["known"])
AVAILABLE_EXPANSIONS: tuple[str, ...] = tuple(_DATA["expansions"]["available"])
_require(set(AVAILABLE_EXPANSIONS) <= set(KNOWN_EXPANSIONS), "available expansions must be known")


def _building(raw: dict[str, Any]) -> BuildingSpec:
    bid = raw.get("id")
    if not (isinstance(bid, str) and bid.isidentifier() and bid.islower()):
        raise ComponentError(f"components.json: bad building id {bid!r}")
    production = raw["kind"] == "production"
    _require(raw["kind"] in ("production", "violet"), f"{bid}: kind must be production or violet")
    _require(production == ("good" in raw), f"{bid}: only production buildings name a good")
    # a production building that produces nothing (the Nobles jeweler) has "good": null
    good = GOOD_INDEX[raw["good"]] if production and raw["good"] is not None else -1
    column = _int(raw["column"], f"{bid} column", 1, 4)
    size = _int(raw["size"], f"{bid} size", 1, 2)
    _require((size == 2) == (column == 4) or production, f"{bid}: large buildings are exactly column 4")
    guild = raw.get("guild_hall_class", "")
    _require((guild in ("small", "large")) == production, f"{bid}: guild_hall_class only for production buildings")
    copies = raw["copies"]
    return BuildingSpec(
        id=bid,
        name=str(raw["name"]),
        expansion=str(raw["expansion"]),
        production=production,
        good=good,
        cost=_int(raw["cost"], f"{bid} cost", 0, 20),
        vp=_int(raw["vp"], f"{bid} vp", 0, 10),
        circles=_int(raw["circles"], f"{bid} circles", 0, 3),
        column=column,
        size=size,
        guild_hall_class=guild,
        copies_2p=_int(copies["2"], f"{bid} copies 2p", 0, 5),
        copies=_int(copies["3-5"], f"{bid} copies", 0, 5),
        effect=_sentence(raw.get("effect"), f"{bid} effect"),
    )


def _sentence(value: Any, what: str) -> str:
    _require(isinstance(value, str) and value.endswith(".") and len(value) <= 160, f"{what} must be one sentence")
    return str(value)


BUILDINGS: tuple[BuildingSpec, ...] = tuple(_building(b) for b in _DATA["buildings"])
CATALOG: tuple[str, ...] = tuple(b.id for b in BUILDINGS)
_require(len(set(CATALOG)) == len(CATALOG), "building ids must be unique")
BUILDING_INDEX: dict[str, int] = {b: i for i, b in enumerate(CATALOG)}
_require({b.expansion for b in BUILDINGS} <= {"base", *KNOWN_EXPANSIONS}, "a building names an unknown expansion")
_require(len([b for b in BUILDINGS if b.expansion == "base"]) == 23, "the base game has 23 building kinds")
BASE_KINDS = 23
_require(CATALOG[:BASE_KINDS] == tuple(b.id for b in BUILDINGS if b.expansion == "base"), "base buildings come first")
_require(sum(b.copies for b in BUILDINGS if b.expansion == "base") == 49, "the base game has 49 building tiles")
_require(not set(CATALOG) & set(TILE_KINDS), "building ids must differ from island tile kinds")

# Index constants for the buildings the rules refer to by name.
SMALL_INDIGO_PLANT = BUILDING_INDEX["small_indigo_plant"]
SMALL_SUGAR_MILL = BUILDING_INDEX["small_sugar_mill"]
INDIGO_PLANT = BUILDING_INDEX["indigo_plant"]
SUGAR_MILL = BUILDING_INDEX["sugar_mill"]
TOBACCO_STORAGE = BUILDING_INDEX["tobacco_storage"]
COFFEE_ROASTER = BUILDING_INDEX["coffee_roaster"]
SMALL_MARKET = BUILDING_INDEX["small_market"]
HACIENDA = BUILDING_INDEX["hacienda"]
CONSTRUCTION_HUT = BUILDING_INDEX["construction_hut"]
SMALL_WAREHOUSE = BUILDING_INDEX["small_warehouse"]
HOSPICE = BUILDING_INDEX["hospice"]
OFFICE = BUILDING_INDEX["office"]
LARGE_MARKET = BUILDING_INDEX["large_market"]
LARGE_WAREHOUSE = BUILDING_INDEX["large_warehouse"]
FACTORY = BUILDING_INDEX["factory"]
UNIVERSITY = BUILDING_INDEX["university"]
HARBOR = BUILDING_INDEX["harbor"]
WHARF = BUILDING_INDEX["wharf"]
GUILD_HALL = BUILDING_INDEX["guild_hall"]
RESIDENCE = BUILDING_INDEX["residence"]
FORTRESS = BUILDING_INDEX["fortress"]
CUSTOMS_HOUSE = BUILDING_INDEX["customs_house"]
CITY_HALL = BUILDING_INDEX["city_hall"]
# New Buildings (§2.4)
AQUEDUCT = BUILDING_INDEX["aqueduct"]
FOREST_HOUSE = BUILDING_INDEX["forest_house"]
BLACK_MARKET = BUILDING_INDEX["black_market"]
STOREHOUSE = BUILDING_INDEX["storehouse"]
GUEST_HOUSE = BUILDING_INDEX["guest_house"]
TRADING_POST = BUILDING_INDEX["trading_post"]
CHURCH = BUILDING_INDEX["church"]
SMALL_WHARF = BUILDING_INDEX["small_wharf"]
LIGHTHOUSE = BUILDING_INDEX["lighthouse"]
SPECIALTY_FACTORY = BUILDING_INDEX["specialty_factory"]
LIBRARY = BUILDING_INDEX["library"]
UNION_HALL = BUILDING_INDEX["union_hall"]
STATUE = BUILDING_INDEX["statue"]
CLOISTER = BUILDING_INDEX["cloister"]
# Nobles (§2.5)
LAND_OFFICE = BUILDING_INDEX["land_office"]
CHAPEL = BUILDING_INDEX["chapel"]
HUNTING_LODGE = BUILDING_INDEX["hunting_lodge"]
CONSTRUCTION_OFFICE = BUILDING_INDEX["construction_office"]
ROYAL_SUPPLIER = BUILDING_INDEX["royal_supplier"]
VILLA = BUILDING_INDEX["villa"]
JEWELER = BUILDING_INDEX["jeweler"]
ROYAL_GARDEN = BUILDING_INDEX["royal_garden"]

# Per building index, for the hot paths (plain tuples are faster than attribute access).
COST: tuple[int, ...] = tuple(b.cost for b in BUILDINGS)
VP: tuple[int, ...] = tuple(b.vp for b in BUILDINGS)
CIRCLES: tuple[int, ...] = tuple(b.circles for b in BUILDINGS)
COLUMN: tuple[int, ...] = tuple(b.column for b in BUILDINGS)
SIZE: tuple[int, ...] = tuple(b.size for b in BUILDINGS)
PRODUCES: tuple[int, ...] = tuple(b.good for b in BUILDINGS)
PRODUCTION_BY_GOOD: tuple[tuple[int, ...], ...] = tuple(
    tuple(i for i, b in enumerate(BUILDINGS) if b.good == g) for g in range(len(GOODS))
)
_require(not PRODUCTION_BY_GOOD[CORN], "corn has no production building (§2.3)")
LARGE_PRODUCTION: tuple[int, ...] = (INDIGO_PLANT, SUGAR_MILL)  # §2.4 aqueduct: the large indigo / sugar buildings
_require(PRODUCES[INDIGO_PLANT] == INDIGO and PRODUCES[SUGAR_MILL] == SUGAR, "indigo plant / sugar mill goods")

# -- the expansions ------------------------------------------------------------------------------

_NB = _DATA["new_buildings"]
DRAFT_SLOTS: tuple[int, ...] = tuple(_int(c, "draft slot cost", 1, 20) for c in _NB["draft_slots"])
STOREHOUSE_SINGLES = _int(_NB["storehouse_singles"], "storehouse_singles", 0, 10)
CHURCH_VP: tuple[int, ...] = tuple(_int(v, "church_vp_by_column", 0, 5) for v in _NB["church_vp_by_column"])
_require(len(CHURCH_VP) == 4, "church_vp_by_column needs one entry per column 1-4")
CLOISTER_BONUS: tuple[int, ...] = tuple(_int(v, "cloister_bonus", 0, 30) for v in _NB["cloister_bonus"])
_require(len(CLOISTER_BONUS) >= 2, "cloister_bonus needs entries for 0 and more sets")
FORESTS_PER_DOUBLOON = _int(_NB["forests_per_doubloon"], "forests_per_doubloon", 1, 12)
_NOB = _DATA["nobles"]
BOX_NOBLES = _int(_NOB["nobles"], "nobles", 1, 100)
NOBLES_ON_SHIP = _int(_NOB["nobles_on_ship"], "nobles_on_ship", 0, 2)
HUNTING_LODGE_VP = _int(_NOB["hunting_lodge_vp"], "hunting_lodge_vp", 0, 10)

# §6.2: the violet buildings of the base game and New Buildings are drafted onto the board slots;
# the Nobles buildings are added without a draft (§6.3).
DRAFT_POOL: tuple[int, ...] = tuple(
    i for i, b in enumerate(BUILDINGS) if not b.production and b.expansion in ("base", "new_buildings")
)
_require(len(DRAFT_POOL) == 31, "the New Buildings draft pool has 31 violet kinds (17 base + 14 new)")
_require(len([b for b in BUILDINGS if b.expansion == "new_buildings"]) == 14, "New Buildings has 14 kinds")
_require(len([b for b in BUILDINGS if b.expansion == "nobles"]) == 8, "Nobles has 8 building kinds")
for _cost in set(DRAFT_SLOTS):
    # every slot can always be filled, even after the office / trading post exclusion (§6.2)
    _candidates = [b for b in DRAFT_POOL if (COST[b] if SIZE[b] == 1 else 10) == _cost and (SIZE[b] == 2) == (_cost == 10)]
    _require(len(_candidates) - 1 >= DRAFT_SLOTS.count(_cost), f"draft slots of cost {_cost}: too few candidates")
_require(DRAFT_SLOTS.count(10) == 5 and all(SIZE[b] == 1 or COST[b] == 10 for b in DRAFT_POOL), "5 large slots of cost 10")


def _setup(n: int, raw: dict[str, Any]) -> SetupSpec:
    what = f"setup for {n} players"
    start = tuple(TILE_INDEX[k] for k in raw["starting_plantations"])
    _require(len(start) == n, f"{what}: one starting plantation per seat")
    removed = _int(raw["plantations_removed_per_kind"], f"{what} plantations removed", 0, 5)
    goods_removed = _int(raw["goods_removed_per_kind"], f"{what} goods removed", 0, 5)
    ships = tuple(_int(c, f"{what} cargo ship", 1, 11) for c in raw["cargo_ships"])
    _require(list(ships) == sorted(set(ships)), f"{what}: cargo ships ascending and distinct (§10 A48)")
    roles = tuple(raw["roles"])
    _require(len(set(roles)) == len(roles), f"{what}: role ids unique")
    _require({r.split("_")[0] for r in roles} <= set(ROLE_PHASES), f"{what}: unknown role")
    return SetupSpec(
        players=n,
        doubloons=_int(raw["doubloons"], f"{what} doubloons", 0, 20),
        starting_plantations=start,
        vp=_int(raw["vp"], f"{what} vp", 1, BOX_VP),
        colonist_supply=_int(raw["colonist_supply"], f"{what} colonist supply", 0, BOX_COLONISTS),
        colonist_ship=_int(raw["colonist_ship"], f"{what} colonist ship", 0, BOX_COLONISTS),
        cargo_ships=ships,
        roles=roles,
        selections_per_round=_int(raw["selections_per_round"], f"{what} selections", 1, 8),
        quarries=_int(raw["quarries"], f"{what} quarries", 0, BOX_QUARRIES),
        plantations=tuple(c - removed for c in BOX_PLANTATIONS),
        goods=tuple(c - goods_removed for c in BOX_GOODS),
        two_player_copies=raw["copies"] == "2",
    )


ROLE_PHASES = ("settler", "mayor", "builder", "craftsman", "trader", "captain", "prospector")

# The board's rules help: a sentence per role and per piece (the buildings carry their `effect`).
_HELP = _DATA["help"]
ROLE_HELP: dict[str, str] = {r: _sentence(_HELP["roles"].get(r), f"help for the {r}") for r in ROLE_PHASES}
PIECE_HELP: dict[str, str] = {k: _sentence(v, f"help for {k}") for k, v in _HELP["pieces"].items()}

SETUPS: dict[int, SetupSpec] = {int(k): _setup(int(k), v) for k, v in _DATA["setup"].items()}
_require(sorted(SETUPS) == [2, 3, 4, 5], "setup needed for 2, 3, 4 and 5 players")
for _n, _spec in SETUPS.items():
    _require(_spec.colonist_ship == _n, f"{_n} players: the colonist ship starts with N colonists (§1.2)")
    _require(len(_spec.roles) - _spec.selections_per_round >= 1, f"{_n} players: at least one role stays untaken")


def role_phase(role: str) -> str:
    """The phase a role card starts: `prospector_2` -> `prospector`."""
    return role.split("_")[0]


def draft_slot(b: int) -> int:
    """The board slot a drafted building goes on: its cost (10 for every large building)."""
    return 10 if SIZE[b] == 2 else COST[b]


def building_copies(spec: BuildingSpec, players: int) -> int:
    return spec.copies_2p if SETUPS[players].two_player_copies else spec.copies
