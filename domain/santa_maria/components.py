"""Santa Maria's component data: loaded from `components.json`, validated, indexed for the rules.

Everything the rulebook shows only in pictures (colony layouts, tile contents, ship costs, track
lengths, scholars, bishops, town halls) is data here, not code; its provenance is the JSON's
"provenance" block (rulebook, RB-inferred, †, DEFINED HERE) and docs/santa-maria.md. `load()`
raises `ComponentError` with a plain sentence when the data breaks a constraint the rulebook
text imposes (rules page §1).

Cells are codes: "" an empty cell, "road1"/"road2" a road with 1/2 colonists, otherwise a
building: effect ids joined by "+" (rules page §1.3).
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

DATA_FILE = Path(__file__).with_name("components.json")
PROVENANCE_TAGS = ("rulebook", "RB-inferred", "†", "DEFINED HERE")
SECTIONS = (
    "goods", "limits", "start", "pass_spaces", "docks", "religion_track", "conquistador_track",
    "conquistador_scoring", "solo", "monk_places", "effects", "colony_boards", "tile_shapes",
    "tile_costs", "development_tiles", "road_tile", "sea_trade_tiles", "scholars", "bishops",
    "town_halls", "building_types", "american_kingdoms",
)
CATEGORIES = ("production", "trade", "sea_trade", "conquistador", "religion")
GAINS = ("wood", "grain", "sugar", "gem", "gold", "coins", "vp", "cocoa")  # cocoa: American Kingdoms (§8.1)
PASS_ACTIONS = ("gain_coins", "religion", "conquistador", "sea_trade", "road_tile")
DOCKS = ("coins", "religion", "conquistador", "vp")
HOOKS = (
    "die_line_choice", "line_activation_start", "die_adjust_cost", "buy_price", "white_die_limit",
    "expand_cost", "coin_activation_cost", "monk_place_cost", "conquistador_action",
    "religion_extra_step_cost", "pass_space_choice", "governor_move",
)
BISHOP_COUNTS = (
    "double_tile_in_colony", "fully_developed_line", "own_monk_on_main_board",
    "sugar_symbol_on_own_ships", "religion_space_beyond_2", "colonist_in_colony",
    "three_cell_tile_in_colony", "gem_symbol_on_own_ships",  # American Kingdoms (§1.7)
)
BISHOP_SPECIALS = ("conquistador_year3_twice",)
SIZE = 6


class ComponentError(ValueError):
    """The component data breaks a constraint of the rules."""


@dataclass(frozen=True)
class Tile:
    id: str
    kind: str  # double / triple / special (American Kingdoms) / town_hall / road
    shape: tuple[tuple[int, int], ...]
    cells: tuple[str, ...]
    types: tuple[str | None, ...]
    endgame_vp: tuple[int, ...] = ()  # purple-framed VP per cell, scored at the end (§3.1); () = none


@dataclass(frozen=True)
class Components:
    resources: tuple[str, ...]
    simple: tuple[str, ...]
    sale_price: Mapping[str, int]
    buy_price: int
    storage: int
    white_limit: int
    white_per_player: int
    blue_per_player: int
    blue_in_box: int
    monks: int
    road_tiles: int
    years: int
    bishop_penalty: int
    display: Mapping[str, int]
    coins_per_vp: int
    dock_set_vp: int
    start_wood: int
    start_coins: tuple[int, ...]
    pass_spaces: tuple[Mapping[str, Any], ...]  # index 0 = space 1
    docks: tuple[str, ...]
    dock_income: Mapping[str, Mapping[str, Any]]
    religion_end: int
    monk_symbols: frozenset[int]
    blue_die_symbols: frozenset[int]
    conquistador_end: int
    gold_symbols: frozenset[int]
    solo_trees: Mapping[int, int]
    conquistador_scoring: Mapping[int, Mapping[int, tuple[int, ...]]]
    solo_vp: Mapping[int, int]
    win_threshold: int
    achievements: Mapping[str, int]
    monk_places: tuple[str, ...]
    place_kind: Mapping[str, str]
    mission_gain: Mapping[str, Mapping[str, int]]
    effects: Mapping[str, Mapping[str, Any]]
    roads: Mapping[str, int]
    boards: Mapping[str, tuple[str, ...]]  # "colony_1" -> 36 cells, row by row (side A)
    board_types: Mapping[str, tuple[str | None, ...]]
    board_endgame: Mapping[str, tuple[int, ...]]  # purple-framed VP of printed cells, by board ("side_B" too)
    side_b: tuple[str, ...]
    side_b_types: tuple[str | None, ...]
    tiles: Mapping[str, Tile]  # development tiles, town halls and the road tile by id
    doubles: tuple[str, ...]
    triples: tuple[str, ...]
    tile_cost: Mapping[str, Mapping[str, int]]  # "double" / "triple"
    road_tile: str
    ship_cost: Mapping[str, Mapping[str, int]]
    ship_vp: Mapping[str, int]
    starting_ships: tuple[str, ...]
    regular_ships: tuple[str, ...]
    scholar_vp: Mapping[str, int]
    scholar_hook: Mapping[str, str]
    scholar_ability: Mapping[str, str]
    scholars: tuple[str, ...]
    bishops: tuple[str, ...]
    bishop_rule: Mapping[str, Mapping[str, Any]]
    town_halls: tuple[str, ...]
    town_hall_set: Mapping[str, str]  # "TH1" -> "S1"
    building_types: tuple[str, ...]
    provenance: Mapping[str, str]
    # American Kingdoms (rules page §8.1); the base game's fields above hold only base components,
    # except the lookups by id (tiles, ship costs, scholars' and bishops' data, place kinds).
    kingdom_places: tuple[str, ...] = ()  # monk places with the expansion tiles 1 and 2
    kingdom_bishop_penalty: int = 0
    kingdom_scholars_on_board: int = 4
    kingdom_scholars: tuple[str, ...] = ()
    kingdom_bishops: tuple[str, ...] = ()
    scholar_module: Mapping[str, str] = dataclasses.field(default_factory=dict)  # scholar -> module it needs
    grids: Mapping[str, tuple[str, ...]] = dataclasses.field(default_factory=dict)  # base boards and the cocoa colony
    cocoa_board: str = ""
    cocoa_town_hall: str = ""
    cocoa_set: str = ""
    town_hall_board: Mapping[str, str] = dataclasses.field(default_factory=dict)
    specials: tuple[str, ...] = ()  # special development tiles
    display_special: int = 0  # special tiles revealed at setup
    special_refill: int = 0  # ... and at the end of years 1 and 2 (the rulebook's 3, not the page's 2: A-35)
    special_ships: tuple[str, ...] = ()
    cocoa_each: int = 1
    cocoa_extra: int = 1

    def is_building(self, code: str) -> bool:
        return bool(code) and code not in self.roads

    def effects_of(self, code: str) -> tuple[str, ...]:
        return tuple(code.split("+")) if self.is_building(code) else ()

    def colonists(self, code: str) -> int:
        return self.roads.get(code, 0)


def _need(cond: bool, message: str) -> None:
    if not cond:
        raise ComponentError(message)


def _int(value: Any, what: str, low: int = 0) -> int:
    _need(type(value) is int and value >= low, f"{what} must be a whole number of at least {low}, not {value!r}")
    return int(value)


def _counts(value: Any, what: str, allowed: tuple[str, ...]) -> dict[str, int]:
    _need(isinstance(value, dict) and bool(value), f"{what} must be a non-empty map of goods to amounts")
    for k, v in value.items():
        _need(k in allowed, f"{what} names an unknown good {k!r}")
        _int(v, f"{what}[{k}]", 1)
    return dict(value)


def load(path: Path = DATA_FILE) -> Components:
    """Read and validate the component data file."""
    data = json.loads(path.read_text(encoding="utf-8"))
    return parse(data)


def _cell(code: Any, effects: Mapping[str, Any], roads: Mapping[str, int], where: str) -> str:
    _need(isinstance(code, str) and bool(code), f"{where}: a cell must be a non-empty code")
    if code == "_":
        return ""
    if code in roads:
        return code
    for effect in code.split("+"):
        _need(effect in effects, f"{where}: unknown effect {effect!r}")
    return code


def _type(code: str, given: Any, effects: Mapping[str, Any], types: tuple[str, ...], where: str) -> str | None:
    """A building's type: given in the data, else the one category of its effects (§3.1)."""
    if not code or code.startswith("road"):
        _need(given is None, f"{where}: only a building has a type")
        return None
    if given is not None:
        _need(given in types, f"{where}: unknown building type {given!r}")
        return str(given)
    categories = {effects[e]["category"] for e in code.split("+")}
    _need(len(categories) == 1, f"{where}: a building of several categories needs an explicit type")
    return categories.pop()


def _grid(rows: Any, where: str, effects: Mapping[str, Any], roads: Mapping[str, int],
          types: tuple[str, ...], type_rows: Any = None) -> tuple[tuple[str, ...], tuple[str | None, ...]]:
    _need(isinstance(rows, list) and len(rows) == SIZE and all(isinstance(r, list) and len(r) == SIZE for r in rows),
          f"{where} must be a 6x6 grid")
    cells = tuple(_cell(c, effects, roads, f"{where} ({r + 1},{k + 1})") for r, row in enumerate(rows) for k, c in enumerate(row))
    given = [None] * (SIZE * SIZE) if type_rows is None else [t for row in type_rows for t in row]
    _need(len(given) == SIZE * SIZE, f"{where}: the types grid must be 6x6")
    kinds = tuple(_type(c, g, effects, types, f"{where} cell {i}") for i, (c, g) in enumerate(zip(cells, given, strict=True)))
    # design rule of the DEFINED layouts (§1.3): (1,1) sea trade, a building in every row and column
    _need(cells[0] == "sea_trade", f"{where}: the top-left cell must be a sea-trade building")
    for i in range(SIZE):
        _need(any(cells[i * SIZE + k] and cells[i * SIZE + k] not in roads for k in range(SIZE)),
              f"{where}: row {i + 1} has no building")
        _need(any(cells[r * SIZE + i] and cells[r * SIZE + i] not in roads for r in range(SIZE)),
              f"{where}: column {i + 1} has no building")
    return cells, kinds


def _purple(rows: Any, where: str) -> tuple[int, ...]:
    """An optional 6x6 grid of purple-framed VP of the printed cells (§3.1, A-69); none = zeros."""
    if rows is None:
        return (0,) * (SIZE * SIZE)
    _need(isinstance(rows, list) and len(rows) == SIZE and all(isinstance(r, list) and len(r) == SIZE for r in rows)
          and all(type(v) is int for r in rows for v in r), f"{where}: endgame_vp must be a 6x6 grid of whole numbers")
    return tuple(v for r in rows for v in r)


def parse(data: Any) -> Components:  # noqa: C901, PLR0912, PLR0915 - one check per constraint
    _need(isinstance(data, dict) and bool(data.get("format") == "santa_maria.components"), "not a Santa Maria component file")
    provenance = data.get("provenance")
    _need(isinstance(provenance, dict), "the provenance block is missing")
    for key, tag in provenance.items():
        _need(isinstance(tag, str) and tag.startswith(PROVENANCE_TAGS),
              f"provenance of {key} must start with one of {', '.join(PROVENANCE_TAGS)}")
    for section in SECTIONS:
        _need(section in data, f"section {section!r} is missing")
    for section in ("effects", "colony_boards", "development_tiles", "sea_trade_tiles", "scholars", "bishops", "town_halls"):
        _need(section in provenance, f"section {section!r} has no provenance tag")

    goods = data["goods"]
    resources = tuple(goods["resources"])
    _need(resources == ("wood", "grain", "sugar", "gem", "gold"), "the resources are wood, grain, sugar, gem and gold")
    simple = tuple(goods["simple"])
    _need(set(simple) <= set(resources), "simple resources must be resources")
    sale = {g: _int(goods["sale_price"].get(g), f"sale price of {g}", 1) for g in resources}
    lim = data["limits"]

    effects = data["effects"]
    _need(isinstance(effects, dict) and bool(effects), "effects must be a map")
    for eid, e in effects.items():
        _need(e.get("category") in CATEGORIES, f"effect {eid}: unknown category {e.get('category')!r}")
        if e["category"] == "production":
            _counts(e.get("gain"), f"effect {eid} gain", GAINS)
        if e["category"] == "trade":
            _need(isinstance(e.get("options"), list) and bool(e["options"]), f"effect {eid}: a trade needs options")
            for o in e["options"]:
                _counts(o.get("pay"), f"effect {eid} pay", (*resources, "coins"))
                _counts(o.get("gain"), f"effect {eid} gain", GAINS)
    roads = {k: _int(v, f"road {k}", 1) for k, v in data["roads"].items()}
    types = tuple(data["building_types"])
    _need(set(types) == set(CATEGORIES), "the building types are the five kinds of building")

    boards: dict[str, tuple[str, ...]] = {}
    board_endgame: dict[str, tuple[int, ...]] = {}
    board_types: dict[str, tuple[str | None, ...]] = {}
    _need(len(data["colony_boards"]) == 4, "there are 4 colony boards")
    for bid, sides in data["colony_boards"].items():
        boards[bid], board_types[bid] = _grid(sides.get("A"), f"{bid} side A", effects, roads, types, sides.get("A_types"))
        board_endgame[bid] = _purple(sides.get("A_endgame_vp"), f"{bid} side A")
    side_b, side_b_types = _grid(data["side_B"], "side B", effects, roads, types, data.get("side_B_types"))
    board_endgame["side_B"] = _purple(data.get("side_B_endgame_vp"), "side B")

    shapes: dict[str, tuple[tuple[int, int], ...]] = {}
    for name, cells in data["tile_shapes"].items():
        _need(isinstance(cells, list) and bool(cells) and cells[0] == [0, 0], f"shape {name} must start at [0, 0]")
        shapes[name] = tuple((int(a), int(b)) for a, b in cells)
        _need(len(set(shapes[name])) == len(cells), f"shape {name} repeats a cell")
    tiles: dict[str, Tile] = {}

    def tile(t: Any, kind: str, shape: str) -> str:
        tid = t.get("id")
        _need(isinstance(tid, str) and tid not in tiles, f"tile id {tid!r} is missing or repeated")
        _need(shape in shapes, f"tile {tid}: unknown shape {shape!r}")
        cells = tuple(_cell(c, effects, roads, f"tile {tid}") for c in t.get("cells", []))
        _need(len(cells) == len(shapes[shape]), f"tile {tid}: {len(cells)} cells for a shape of {len(shapes[shape])}")
        _need("" not in cells, f"tile {tid}: a tile has no empty cells")
        given = t.get("types", [None] * len(cells))
        _need(len(given) == len(cells), f"tile {tid}: types must match its cells")
        kinds = tuple(_type(c, g, effects, types, f"tile {tid}") for c, g in zip(cells, given, strict=True))
        purple = t.get("endgame_vp", [])
        _need(purple == [] or (len(purple) == len(cells) and all(type(v) is int for v in purple)),
              f"tile {tid}: endgame_vp must give a whole number for each of its cells")
        tiles[tid] = Tile(tid, kind, shapes[shape], cells, kinds, tuple(purple))
        return str(tid)

    dev = data["development_tiles"]
    doubles = tuple(tile(t, "double", data["tile_shape_of"]["double"]) for t in dev["double"])
    triples = tuple(tile(t, "triple", data["tile_shape_of"]["triple"]) for t in dev["triple"])
    display = {k: _int(v, f"display {k}", 1) for k, v in lim["display"].items()}
    years = _int(lim["years"], "years", 1)
    for kind, ids in (("double", doubles), ("triple", triples)):
        _need(len(ids) == display[kind] * years, f"{len(ids)} {kind} tiles: {years} years of {display[kind]} need exactly that many")
    cost = {k: _counts(v, f"{k} tile cost", resources) for k, v in data["tile_costs"].items()}
    _need(set(cost) == {"double", "triple"}, "tile costs are given for double and triple tiles")
    road = tile(data["road_tile"], "road", data["road_tile"]["shape"])
    _need(all(c in roads for c in tiles[road].cells), "the road tile holds only roads")
    town_halls: list[str] = []
    town_hall_set: dict[str, str] = {}
    for t in data["town_halls"]:
        town_halls.append(tile(t, "town_hall", t.get("shape", "")))
        _need(t.get("board") in boards, f"town hall {t['id']}: unknown board {t.get('board')!r}")
        town_hall_set[t["id"]] = str(t.get("set"))
    _need(len(town_halls) == 4 and len(set(town_hall_set.values())) == 4, "there are 4 town halls in 4 sets")
    town_hall_board = {t["id"]: str(t["board"]) for t in data["town_halls"]}

    ships = data["sea_trade_tiles"]
    ship_cost: dict[str, dict[str, int]] = {}
    ship_vp: dict[str, int] = {}
    for group in ("starting", "regular"):
        for s in ships[group]:
            sid = s.get("id")
            _need(isinstance(sid, str) and sid not in ship_cost, f"ship id {sid!r} is missing or repeated")
            ship_cost[sid] = _counts(s.get("cost"), f"ship {sid} cost", resources)
            ship_vp[sid] = _int(s.get("vp"), f"ship {sid} VP")
    starting = tuple(s["id"] for s in ships["starting"])
    regular = tuple(s["id"] for s in ships["regular"])
    _need(len(starting) == 4 and len(regular) == 30, "there are 4 starting and 30 regular sea-trade tiles")

    scholars = data["scholars"]
    _need(len(scholars) == 10, "there are 10 scholars")
    kingdoms = data["american_kingdoms"]
    for s in (*scholars, *kingdoms["scholars"]):
        _need(s.get("hook") in HOOKS, f"scholar {s.get('id')}: unknown hook {s.get('hook')!r}")
        _int(s.get("vp"), f"scholar {s.get('id')} VP", 1)
    _need(len({s["hook"] for s in scholars}) == len(scholars), "each scholar has its own hook")
    bishops = data["bishops"]
    _need(len(bishops) == 6, "there are 6 bishops")
    for b in (*bishops, *kingdoms["bishops"]):
        if "special" in b:
            _need(b["special"] in BISHOP_SPECIALS, f"bishop {b.get('id')}: unknown special requirement {b['special']!r}")
            continue
        _need(b.get("per") in BISHOP_COUNTS, f"bishop {b.get('id')}: unknown requirement {b.get('per')!r}")
        _int(b.get("vp_each"), f"bishop {b.get('id')} VP each", 1)
        _int(b.get("max"), f"bishop {b.get('id')} maximum", 1)

    places = data["monk_places"]
    kinds = [p.get("kind") for p in places]
    _need(len(places) == 10 and kinds.count("scholar") == 3 and kinds.count("bishop") == 3,
          "there are 10 monk places: 3 scholars, 3 bishops and missions")
    mission_gain = {p["id"]: _counts(p.get("gain"), f"{p['id']} reward", GAINS) for p in places if p["kind"] == "mission"}
    ak = _kingdoms(kingdoms, effects, roads, types, shapes, tile, resources, scholars, bishops, board_types, board_endgame)
    kingdom_places = ak.pop("_places")
    mission_gain.update(ak.pop("_missions"))
    place_kind = {p["id"]: p["kind"] for p in (*places, *kingdom_places)}
    ship_cost.update(ak.pop("_ship_cost"))
    ship_vp.update(ak.pop("_ship_vp"))
    town_hall_board.update(ak.pop("_town_hall_board"))
    cost.update(ak.pop("_tile_cost"))
    all_scholars = [*scholars, *kingdoms["scholars"]]
    all_bishops = [*bishops, *kingdoms["bishops"]]

    rel = data["religion_track"]
    rel_end = _int(rel["end"], "religion track end", 1)
    monk_symbols = rel["monk_symbols"]
    _need(sorted(set(monk_symbols)) == monk_symbols and all(1 <= m <= rel_end for m in monk_symbols),
          "monk symbols must be increasing spaces on the religion track")
    monks = _int(lim["monks"], "monks", 1)
    _need(len(monk_symbols) == monks, f"{len(monk_symbols)} monk symbols for {monks} monks per player")
    blue_symbols = rel["blue_die_symbols"]
    _need(len(blue_symbols) == 2 and set(blue_symbols) == {monk_symbols[0], monk_symbols[2]},
          "the blue dice are on the 1st and 3rd monk symbols")
    conq = data["conquistador_track"]
    conq_end = _int(conq["end"], "conquistador track end", 1)
    gold = conq["gold_symbols"]
    _need(all(1 <= g <= conq_end for g in gold), "gold symbols must lie on the conquistador track")
    trees = {int(k): _int(v, f"tree {k}", 1) for k, v in conq["solo_trees"].items()}
    _need(sorted(trees) == list(range(1, years + 1)), "one solo tree per year")
    scoring: dict[int, dict[int, tuple[int, ...]]] = {}
    for n, per_year in data["conquistador_scoring"].items():
        scoring[int(n)] = {}
        _need(sorted(int(y) for y in per_year) == list(range(1, years + 1)), f"{n} players: one award row per year")
        for y, awards in per_year.items():
            _need(len(awards) == int(n) - 1, f"{n} players, year {y}: the last-ranked player scores nothing, so {int(n) - 1} awards")
            _need(all(type(a) is int and a > 0 for a in awards) and list(awards) == sorted(awards, reverse=True),
                  f"{n} players, year {y}: awards must be positive and decreasing")
            scoring[int(n)][int(y)] = tuple(awards)
    _need(sorted(scoring) == [2, 3, 4], "conquistador awards for 2, 3 and 4 players")
    solo = data["solo"]
    solo_vp = {int(y): _int(v["vp"], f"solo year {y}", 1) for y, v in solo["conquistador"].items()}

    passes = tuple(data["pass_spaces"])
    _need([p.get("id") for p in passes] == [1, 2, 3, 4, 5] and tuple(p.get("action") for p in passes) == PASS_ACTIONS,
          "the 5 pass spaces are 2 coins, religion, conquistador, sea trade and road tile, top to bottom")
    docks = tuple(d["id"] for d in data["docks"])
    _need(docks == DOCKS, "the docks are coins, religion, conquistador and vp, top to bottom")
    start = data["start"]
    start_coins = tuple(_int(c, "starting coins") for c in start["coins_by_position"])
    _need(len(start_coins) == 4, "starting coins for 4 positions")

    return Components(
        resources=resources, simple=simple, sale_price=sale, buy_price=_int(goods["buy_price"], "buy price", 1),
        storage=_int(lim["storage"], "storage", 1), white_limit=_int(lim["white_dice_per_year"], "white limit", 1),
        white_per_player=_int(lim["white_dice_per_player"], "white dice", 1),
        blue_per_player=_int(lim["blue_dice_per_player"], "blue dice", 1), blue_in_box=_int(lim["blue_dice_in_box"], "blue dice", 1),
        monks=monks, road_tiles=_int(lim["road_tiles"], "road tiles"), years=years,
        bishop_penalty=int(lim["bishop_penalty"]), display=display, coins_per_vp=_int(lim["coins_per_vp"], "coins per VP", 1),
        dock_set_vp=_int(lim["dock_set_vp"], "dock set VP"), start_wood=_int(start["wood"], "starting wood"),
        start_coins=start_coins, pass_spaces=passes, docks=docks,
        dock_income={d["id"]: d["income"] for d in data["docks"]},
        religion_end=rel_end, monk_symbols=frozenset(monk_symbols), blue_die_symbols=frozenset(blue_symbols),
        conquistador_end=conq_end, gold_symbols=frozenset(gold), solo_trees=trees, conquistador_scoring=scoring,
        solo_vp=solo_vp, win_threshold=_int(solo["win_threshold_vp"], "solo threshold", 1),
        achievements={k: _int(v, k, 1) for k, v in solo["achievements"].items()},
        monk_places=tuple(p["id"] for p in places), place_kind=place_kind,
        mission_gain=mission_gain, effects=effects, roads=roads, boards=boards, board_types=board_types, board_endgame=board_endgame,
        side_b=side_b, side_b_types=side_b_types, tiles=tiles, doubles=doubles, triples=triples, tile_cost=cost,
        road_tile=road, ship_cost=ship_cost, ship_vp=ship_vp, starting_ships=starting, regular_ships=regular,
        scholar_vp={s["id"]: s["vp"] for s in all_scholars}, scholar_hook={s["id"]: s["hook"] for s in all_scholars},
        scholar_ability={s["id"]: s["ability"] for s in all_scholars}, scholars=tuple(s["id"] for s in scholars),
        bishops=tuple(b["id"] for b in bishops), bishop_rule={b["id"]: b for b in all_bishops},
        town_halls=tuple(town_halls), town_hall_set=town_hall_set, building_types=types,
        provenance=dict(provenance), kingdom_places=tuple(p["id"] for p in kingdom_places), town_hall_board=town_hall_board,
        grids={**boards, **ak.pop("_grids")}, **ak,
    )


def _kingdoms(data: Any, effects: Mapping[str, Any], roads: Mapping[str, int], types: tuple[str, ...],  # noqa: PLR0913
              shapes: dict[str, tuple[tuple[int, int], ...]], tile: Any, resources: tuple[str, ...],
              scholars: list[Any], bishops: list[Any], board_types: dict[str, Any], board_endgame: dict[str, Any]) -> dict[str, Any]:
    """The American Kingdoms core components (rules page §8.1, §1.3, §1.6-§1.8), checked against the
    rulebook's constraints: expansion tile 1 adds scholar_4, tile 2 replaces mission_4 by the cocoa
    mission; 10 special ships, 6 special 3x1 tiles for 4 coins, 3 new scholars and bishops."""
    places = data["monk_places"]
    ids = [p.get("id") for p in places]
    _need(ids[:4] == ["scholar_1", "scholar_2", "scholar_3", "scholar_4"] and "mission_cocoa" in ids and "mission_4" not in ids,
          "with the expansion the scholar places come first (scholar_4 added) and mission_cocoa replaces mission_4")
    _need([p.get("kind") for p in places].count("bishop") == 3, "the expansion keeps the 3 bishop places")
    missions = {p["id"]: _counts(p.get("gain"), f"{p['id']} reward", GAINS) for p in places if p["kind"] == "mission"}
    _need(missions["mission_cocoa"] == {"cocoa": 1, "wood": 1, "grain": 1}, "the cocoa mission gives 1 cocoa, 1 wood and 1 grain")
    grids: dict[str, tuple[str, ...]] = {}
    _need(list(data["colony_boards"]) == ["colony_cocoa"], "the expansion adds one colony board, the cocoa colony")
    for bid, sides in data["colony_boards"].items():
        grids[bid], board_types[bid] = _grid(sides.get("A"), f"{bid} side A", effects, roads, types, sides.get("A_types"))
        board_endgame[bid] = _purple(sides.get("A_endgame_vp"), f"{bid} side A")
    hall = data["town_hall"]
    _need(hall.get("board") in grids, "the cocoa town hall belongs to the cocoa colony")
    cocoa_hall = tile(hall, "town_hall", hall.get("shape", ""))
    for name, cells in data["tile_shape"].items():
        shapes[name] = tuple((int(a), int(b)) for a, b in cells)
    specials = tuple(tile(t, "special", "straight3") for t in data["special_development_tiles"])
    _need(shapes["straight3"] == ((0, 0), (0, 1), (0, 2)) and len(specials) == 6, "there are 6 special tiles of 3x1 cells")
    display = _int(data["display_special"], "special tiles in the display", 1)
    refill = _int(data["special_refill"], "special tiles revealed at a year end", 1)
    _need(display <= len(specials) and refill <= len(specials), "the special stack must fill the display")
    cost = _counts(data["special_tile_cost"], "special tile cost", ("coins",))
    ship_cost: dict[str, dict[str, int]] = {}
    ship_vp: dict[str, int] = {}
    for s in data["special_sea_trade_tiles"]:
        sid = s.get("id")
        _need(isinstance(sid, str) and sid not in ship_cost, f"special ship id {sid!r} is missing or repeated")
        ship_cost[sid] = _counts(s.get("cost"), f"special ship {sid} cost", (*resources, "coins", "cocoa"))
        ship_vp[sid] = _int(s.get("vp"), f"special ship {sid} VP")
    _need(len(ship_cost) == 10, "there are 10 special sea-trade tiles")
    new_scholars = data["scholars"]
    _need(len(new_scholars) == 3 and not {s["id"] for s in new_scholars} & {s["id"] for s in scholars}, "the expansion adds 3 scholars")
    new_bishops = data["bishops"]
    _need(len(new_bishops) == 3 and not {b["id"] for b in new_bishops} & {b["id"] for b in bishops}, "the expansion adds 3 bishops")
    tokens = data["cocoa_tokens"]
    return {
        "_places": places, "_missions": missions, "_ship_cost": ship_cost, "_ship_vp": ship_vp, "_grids": grids,
        "_town_hall_board": {cocoa_hall: str(hall["board"])}, "_tile_cost": {"special": cost},
        "kingdom_bishop_penalty": int(data["bishop_penalty"]),
        "kingdom_scholars_on_board": _int(data["scholars_on_board"], "scholars on the board", 1),
        "kingdom_scholars": tuple(s["id"] for s in new_scholars), "kingdom_bishops": tuple(b["id"] for b in new_bishops),
        "scholar_module": {s["id"]: s["module_required"] for s in new_scholars if "module_required" in s},
        "cocoa_board": next(iter(grids)), "cocoa_town_hall": cocoa_hall, "cocoa_set": str(hall["set"]),
        "specials": specials, "display_special": display, "special_refill": refill, "special_ships": tuple(ship_cost),
        "cocoa_each": _int(tokens["each"], "cocoa tokens each", 1), "cocoa_extra": _int(tokens["cocoa_colony_extra"], "cocoa tokens extra", 1),
    }


C = load()
"""The game's components, loaded once at import (read-only data, shared by every game)."""
