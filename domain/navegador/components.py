"""Navegador's component data: loaded from `components.json`, validated, indexed for the rules.

Everything the rulebook shows only in pictures (map, market, building prices, player boards) is
data here, not code. Provenance of each value is in the JSON's "provenance" block and in
docs/navegador.md. `load()` raises `ComponentError` with a plain sentence when the data breaks a
constraint the rulebook text imposes (rules page §1).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

DATA_FILE = Path(__file__).with_name("components.json")
PROVENANCE_TAGS = ("rulebook", "component data", "DEFINED HERE", "inferred")
ACTIONS = ("market", "colony", "privilege", "ships", "buildings", "sailing", "workers")


class ComponentError(ValueError):
    """The component data breaks a constraint of the rules."""


@dataclass(frozen=True)
class Components:
    # -- the sea map (§1.2) ----------------------------------------------------------------
    regions: tuple[str, ...]  # region ids in map order; index = position in every per-region tuple
    region_names: tuple[str, ...]
    region_index: Mapping[str, int]
    home: int  # Portugal
    neighbours: tuple[tuple[int, ...], ...]
    border_colour: Mapping[tuple[int, int], str]
    stack_type: tuple[str | None, ...]
    stack_size: tuple[int, ...]
    double_loss_players: tuple[frozenset[int], ...]
    starts_phase: tuple[int | None, ...]
    ends_game: tuple[bool, ...]
    # -- colony tiles (§1.3) ----------------------------------------------------------------
    tiles: Mapping[str, tuple[str, ...]]  # good -> tile ids, cheapest first
    tile_price: Mapping[str, int]
    tile_good: Mapping[str, str]
    # -- market (§1.4) ----------------------------------------------------------------------
    goods: tuple[str, ...]
    price: Mapping[str, tuple[int, ...]]  # good -> price by row (index 0 unused; rows 1..bottom)
    factory_income: tuple[int, ...]  # by row (index 0 unused)
    market_start_row: int
    top_row: int
    bottom_row: int
    # -- building board (§1.5) --------------------------------------------------------------
    buildings: tuple[str, ...]  # line ids in board order
    building_kind: Mapping[str, str]  # factory / shipyard / church
    building_good: Mapping[str, str | None]
    workers_required: Mapping[str, int]
    cells: Mapping[str, tuple[int, ...]]
    on_board: Mapping[str, Mapping[int, int]]  # line -> players -> buildings placed at setup
    # -- player board and privileges (§1.6, §1.7) ------------------------------------------
    kinds: tuple[str, ...]  # privilege kinds = player board columns, left to right
    base_vp: Mapping[str, int]
    privilege_cells_cr: Mapping[str, tuple[int, ...]]
    privilege_count: Mapping[str, int]
    privilege_vp: Mapping[str, int]
    kings_count: int
    kings_vp: Mapping[str, int]
    gallery_initial: int
    gallery_added: Mapping[int, Mapping[int, int]]  # players -> phase -> tiles of each kind
    max_privileges_per_kind: int
    # -- phases and costs (§1.8) ------------------------------------------------------------
    sail_range: Mapping[int, int]
    extra_unit_price: Mapping[int, int]
    church_worker_price: int
    shipyard_ship_price: int
    virtual_unit_sale_price: int
    colony_workers_per_colony: int
    workers_min: int
    workers_max: int
    ships_per_player: int
    # -- rondel (§1.9) ----------------------------------------------------------------------
    spaces: tuple[str, ...]  # space ids by index, clockwise
    space_index: Mapping[str, int]
    space_action: tuple[str, ...]
    free_spaces_per_move: int
    max_move: int
    # -- setup (§1.10) ----------------------------------------------------------------------
    start_money: int
    start_workers: int
    start_ships_in_portugal: int
    shipyards_total: int
    churches_total: int
    provenance: Mapping[str, str]
    # -- the board's rules help: a sentence per component, with {words} filled in by board.py --
    help: Mapping[str, Any]


def _need(cond: bool, message: str) -> None:
    if not cond:
        raise ComponentError(message)


def _int(value: Any, what: str, low: int = 0) -> int:
    _need(isinstance(value, int) and not isinstance(value, bool) and value >= low,
          f"{what} must be an integer >= {low}, not {value!r}")
    return int(value)


def load(path: Path = DATA_FILE) -> Components:
    """Read and validate the component data file."""
    data = json.loads(path.read_text(encoding="utf-8"))
    _need(data.get("format") == "navegador.components", "not a Navegador component file")
    return parse(data)


def parse(data: Mapping[str, Any]) -> Components:  # noqa: C901 - one check per constraint
    provenance = data["provenance"]
    for key, tag in provenance.items():
        _need(isinstance(tag, str) and tag.startswith(PROVENANCE_TAGS),
              f"provenance of {key} must start with one of {PROVENANCE_TAGS}")
    for section in ("map", "colony_tiles", "market", "buildings", "player_board",
                    "privilege_tiles", "gallery", "phases", "costs", "rondel", "setup", "help"):
        _need(section in data, f"section {section!r} is missing")
        _need(any(k == section or k.startswith(section + ".") for k in provenance),
              f"section {section!r} has no provenance entry")

    # -- map ---------------------------------------------------------------------------------
    raw_regions = data["map"]["regions"]
    regions = tuple(r["id"] for r in raw_regions)
    _need(len(regions) == 13 and len(set(regions)) == 13, "the map has 13 distinct sea regions")
    index = {rid: i for i, rid in enumerate(regions)}
    home_id = data["map"]["home_region"]
    _need(home_id in index, "the home region must be a region")
    home = index[home_id]
    neighbours: list[tuple[int, ...]] = []
    colours: dict[tuple[int, int], str] = {}
    for i, r in enumerate(raw_regions):
        ns = []
        for other, colour in r["neighbours"].items():
            _need(other in index and other != r["id"], f"{r['id']}: unknown neighbour {other!r}")
            _need(colour in ("blue", "red"), f"{r['id']}: border colour must be blue or red")
            back = raw_regions[index[other]]["neighbours"].get(r["id"])
            _need(back == colour, f"border {r['id']}-{other} must be listed on both sides alike")
            ns.append(index[other])
            colours[(i, index[other])] = colour
        neighbours.append(tuple(sorted(ns)))
    discs = [r["explorer_disc"] for r in raw_regions]
    _need(sum(discs) == 12 and not discs[home], "every region but the home region has a disc")
    stack_type: list[str | None] = []
    stack_size: list[int] = []
    for i, r in enumerate(raw_regions):
        stack = r["colony_stack"]
        if i == home:
            _need(stack is None, "the home region has no colonies")
            stack_type.append(None)
            stack_size.append(0)
        else:
            _need(stack is not None and 1 <= _int(stack["size"], "stack size") <= 4,
                  f"{r['id']}: a colony stack of 1-4 tiles")
            stack_type.append(stack["type"])
            stack_size.append(stack["size"])
    double_loss = tuple(frozenset(_int(n, "players", 2) for n in r["double_loss_players"])
                        for r in raw_regions)
    starts_phase = tuple(r["starts_phase"] for r in raw_regions)
    _need(sorted(p for p in starts_phase if p is not None) == [2, 3],
          "exactly one region starts phase 2 and one starts phase 3")
    ends_game = tuple(bool(r["ends_game_when_explored"]) for r in raw_regions)
    _need(sum(ends_game) == 1, "exactly one region ends the game when explored")

    # -- colony tiles ----------------------------------------------------------------------
    goods = tuple(data["market"]["goods"])
    _need(goods == ("sugar", "gold", "spice"), "the goods are sugar, gold and spice")
    tiles: dict[str, tuple[str, ...]] = {}
    tile_price: dict[str, int] = {}
    tile_good: dict[str, str] = {}
    for good in goods:
        prices = [_int(p, f"{good} tile price", 10) for p in data["colony_tiles"][good]]
        _need(prices == sorted(set(prices)), f"{good} tile prices are distinct and ascending")
        ids = tuple(f"{good}_{p}" for p in prices)
        tiles[good] = ids
        for tid, p in zip(ids, prices, strict=True):
            tile_price[tid] = p
            tile_good[tid] = good
        dealt = sum(s for t, s in zip(stack_type, stack_size, strict=True) if t == good)
        _need(dealt == len(ids) - 1, f"the {good} stacks hold all {good} tiles but one")
    _need(len(tile_price) == 33, "there are 33 colony tiles")

    # -- market --------------------------------------------------------------------------------
    market = data["market"]
    rows = market["rows"]
    top, bottom = _int(market["top_row"], "top row", 1), _int(market["bottom_row"], "bottom row", 1)
    _need(top == 1 and [r["row"] for r in rows] == list(range(1, bottom + 1)), "market rows 1..bottom")
    _need(top <= market["start_row"] <= bottom, "the start row is on the market")
    price = {g: (0, *(_int(r[g], f"{g} price", 0) for r in rows)) for g in goods}
    factory_income = (0, *(_int(r["factory"], "factory income", 0) for r in rows))
    for g in goods:
        _need(all(price[g][k] >= price[g][k + 1] for k in range(1, bottom)),
              f"{g} prices fall from the top row to the bottom row")

    # -- buildings ---------------------------------------------------------------------------
    raw_b = data["buildings"]
    buildings = tuple(raw_b)
    _need(buildings == ("factory_sugar", "factory_gold", "factory_spice", "shipyard", "church"),
          "five building lines: three factory lines, shipyards, churches")
    cells = {b: tuple(_int(c, f"{b} cell price", 10) for c in raw_b[b]["cells"]) for b in buildings}
    on_board: dict[str, dict[int, int]] = {}
    for b in buildings:
        _need(list(cells[b]) == sorted(cells[b]), f"{b}: cells are cheapest on the left")
        on_board[b] = {int(n): _int(k, f"{b} on board", 1) for n, k in raw_b[b]["on_board"].items()}
        _need(sorted(on_board[b]) == [2, 3, 4, 5], f"{b}: a count for 2-5 players")
        _need(all(k <= len(cells[b]) for k in on_board[b].values()), f"{b}: more buildings than cells")
    setup = data["setup"]
    for b, total in (("shipyard", setup["shipyards_total"]), ("church", setup["churches_total"])):
        _need(all(k == total - n for n, k in on_board[b].items()),
              f"{b}: the board holds the {total} minus one per player")

    # -- player board and privileges ---------------------------------------------------------
    columns = data["player_board"]["columns"]
    kinds = tuple(c["kind"] for c in columns)
    _need(kinds == tuple(data["gallery"]["kinds"]) == ("colony", "factory", "explorer", "shipyard", "church"),
          "five columns and arches: colony, factory, explorer, shipyard, church")
    max_per_kind = _int(data["gallery"]["max_per_player_per_kind"], "privileges per kind", 1)
    cells_cr = {c["kind"]: tuple(_int(v, "privilege cash", 0) for v in c["privilege_cells_cr"])
                for c in columns}
    _need(all(len(v) == max_per_kind for v in cells_cr.values()), "one cash cell per privilege")
    pt = data["privilege_tiles"]
    kings_vp = {k: _int(pt["kings"]["vp_by_column"][k], "king's VP") for k in kinds}
    gallery_added = {int(n): {int(ph): _int(k, "privileges added") for ph, k in by.items()}
                     for n, by in data["gallery"]["added_at_phase_start"].items()}
    initial = _int(data["gallery"]["initial_per_kind"], "initial privileges", 1)
    for n, by in gallery_added.items():
        _need(sorted(by) == [2, 3], "privileges are added at the start of phases 2 and 3")
        for kind in kinds:
            _need(initial + sum(by.values()) <= pt[kind]["count"],
                  f"{n} players: more {kind} privileges offered than exist")
    _need(sorted(gallery_added) == [2, 3, 4, 5], "privilege additions for 2-5 players")

    # -- phases, costs, rondel ---------------------------------------------------------------
    phases = data["phases"]
    _need([p["phase"] for p in phases] == [1, 2, 3], "three phases")
    costs = data["costs"]
    rondel = data["rondel"]
    spaces = tuple(s["id"] for s in rondel["spaces"])
    _need([s["index"] for s in rondel["spaces"]] == list(range(8)) and len(set(spaces)) == 8,
          "eight rondel spaces, indexed clockwise")
    space_action = tuple(s["action"] for s in rondel["spaces"])
    _need(sorted(set(space_action)) == sorted(ACTIONS) and space_action.count("market") == 2,
          "seven actions on the rondel, Market twice")
    helps = data["help"]
    _need(sorted(helps["actions"]) == sorted(ACTIONS) and sorted(helps["items"]) == sorted(kinds)
          and sorted(helps["buildings"]) == sorted(set(raw_b[b]["kind"] for b in buildings)),
          "rules help for every rondel action, building kind and player board column")

    return Components(
        regions=regions,
        region_names=tuple(r["name"] for r in raw_regions),
        region_index=index,
        home=home,
        neighbours=tuple(neighbours),
        border_colour=colours,
        stack_type=tuple(stack_type),
        stack_size=tuple(stack_size),
        double_loss_players=double_loss,
        starts_phase=starts_phase,
        ends_game=ends_game,
        tiles=tiles,
        tile_price=tile_price,
        tile_good=tile_good,
        goods=goods,
        price=price,
        factory_income=factory_income,
        market_start_row=market["start_row"],
        top_row=top,
        bottom_row=bottom,
        buildings=buildings,
        building_kind={b: raw_b[b]["kind"] for b in buildings},
        building_good={b: raw_b[b]["good"] for b in buildings},
        workers_required={b: _int(raw_b[b]["workers_required"], "workers required", 1) for b in buildings},
        cells=cells,
        on_board=on_board,
        kinds=kinds,
        base_vp={c["kind"]: _int(c["base_vp"], "base VP") for c in columns},
        privilege_cells_cr=cells_cr,
        privilege_count={k: _int(pt[k]["count"], "privilege count", 1) for k in kinds},
        privilege_vp={k: _int(pt[k]["vp"], "privilege VP") for k in kinds},
        kings_count=_int(pt["kings"]["count"], "king's privileges", 5),
        kings_vp=kings_vp,
        gallery_initial=initial,
        gallery_added=gallery_added,
        max_privileges_per_kind=max_per_kind,
        sail_range={p["phase"]: _int(p["sail_range"], "sail range", 1) for p in phases},
        extra_unit_price={p["phase"]: _int(p["extra_unit_price"], "extra price", 1) for p in phases},
        church_worker_price=_int(costs["church_worker_price"], "church price"),
        shipyard_ship_price=_int(costs["shipyard_ship_price"], "shipyard price"),
        virtual_unit_sale_price=_int(costs["virtual_unit_sale_price"], "virtual unit price"),
        colony_workers_per_colony=_int(costs["colony_workers_per_colony"], "colony workers", 1),
        workers_min=_int(costs["workers_min"], "workers min"),
        workers_max=_int(costs["workers_max"], "workers max"),
        ships_per_player=_int(costs["ships_per_player"], "ships per player", 1),
        spaces=spaces,
        space_index={s: i for i, s in enumerate(spaces)},
        space_action=space_action,
        free_spaces_per_move=_int(rondel["free_spaces_per_move"], "free spaces"),
        max_move=_int(rondel["max_move"], "max move", 1),
        start_money=_int(setup["start_money"], "start money"),
        start_workers=_int(setup["start_workers"], "start workers"),
        start_ships_in_portugal=_int(setup["start_ships_in_portugal"], "start ships"),
        shipyards_total=_int(setup["shipyards_total"], "shipyards"),
        churches_total=_int(setup["churches_total"], "churches"),
        provenance=dict(provenance),
        help=helps,
    )


C = load()
"""The component data of this game, loaded once."""
