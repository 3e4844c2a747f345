"""The New Buildings (§2.4, §6.2) and Nobles (§2.5, §6.3) rules: the actions they add and the
expansion versions of the phase rules. `rules.py` calls in here only when an expansion is in
play, so a base game never runs this code.

Section numbers (§) refer to the rules page `shared/rules/puerto-rico.md`; §10 A* are its
ambiguity resolutions (docs/puerto-rico.md lists the ones followed).
"""

from __future__ import annotations

from typing import Any

from domain.core import RandomSource

from .common import (
    Action,
    Fact,
    _Tx,
    check_vp_trigger,
    colonist_source,
    draw_top,
    fields,
    flag,
    good_of,
    goods_dict,
    order,
    paper_vp,
    piece_fields,
    piece_of,
    privilege,
    reject,
)
from .components import (
    BUILDING_INDEX,
    BUILDINGS,
    CATALOG,
    CIRCLES,
    DRAFT_POOL,
    FOREST_HOUSE,
    GOODS,
    HARBOR,
    HOSPICE,
    HUNTING_LODGE,
    HUNTING_LODGE_VP,
    ISLAND_SPACES,
    LAND_OFFICE,
    LARGE_WAREHOUSE,
    LIBRARY,
    LIGHTHOUSE,
    OFFICE,
    ROYAL_SUPPLIER,
    SMALL_WAREHOUSE,
    SMALL_WHARF,
    STOREHOUSE,
    STOREHOUSE_SINGLES,
    TILE_INDEX,
    TILE_KINDS,
    TRADING_POST,
    UNION_HALL,
    VILLA,
    building_copies,
    draft_slot,
)
from .evolve import guest_ready, union_hall_vp
from .state import (
    BLACK_MARKET_STEP,
    BUILD,
    CRAFTSMAN_BONUS,
    GUEST_END,
    GUEST_START,
    LODGE,
    PLACE_TILE,
    SELL,
    SETTLE,
    SETTLE_EXTRA,
    SHIP,
    SMALL_WHARF_STEP,
    STORE,
    Player,
    State,
)

# §4.8: a guest may move "as a prefix" whenever its owner is asked for a command in a phase
# other than the mayor's, and in the guest windows.
GUEST_STEPS = frozenset(
    {GUEST_START, GUEST_END, SETTLE, SETTLE_EXTRA, PLACE_TILE, LODGE, BUILD, BLACK_MARKET_STEP,
     CRAFTSMAN_BONUS, SELL, SHIP, SMALL_WHARF_STEP, STORE}
)


def _piece(s: State, piece: str) -> dict[str, str]:
    """The "piece" field of an action or fact: only in Nobles games."""
    return {"piece": piece} if s.config.nobles else {}


# -- targets on a player's board (tiles and buildings) -------------------------------------------


def targets(pl: Player) -> list[tuple[str, int, int]]:
    """(name, workers on it, circles) of every owned tile kind and building."""
    out = [(TILE_KINDS[k], pl.manned[k], pl.island[k]) for k in range(len(TILE_KINDS)) if pl.island[k]]
    out.extend((CATALOG[b], w, CIRCLES[b]) for b, w in enumerate(pl.buildings) if w >= 0)
    return out


def target(pl: Player, name: Any) -> tuple[int, int] | None:
    """(workers on it, circles) of an island tile kind or an owned building, or None."""
    if not isinstance(name, str):
        return None
    k = TILE_INDEX.get(name)
    if k is not None:
        return pl.manned[k], pl.island[k]
    b = BUILDING_INDEX.get(name)
    if b is not None and b < len(pl.buildings) and pl.buildings[b] >= 0:
        return pl.buildings[b], CIRCLES[b]
    return None


def nobles_on(pl: Player, name: str) -> int:
    """Nobles among the workers on a tile kind, a building or ("windrose") the windrose."""
    if name == "windrose":
        return pl.windrose_nobles
    k = TILE_INDEX.get(name)
    if k is not None:
        return pl.manned_nobles[k]
    return pl.building_nobles[BUILDING_INDEX[name]]


def _pieces_at(pl: Player, name: str, workers: int) -> list[str]:
    nobles = nobles_on(pl, name)
    return [p for p, n in (("colonist", workers - nobles), ("noble", nobles)) if n > 0]


def default_piece(pl: Player, name: Any) -> str:
    """The piece an action means when it names none: the only kind of worker at `name` (a tile
    kind, a building or "windrose"), a colonist when both kinds (or none) are there."""
    if name == "windrose":
        kinds = _pieces_at(pl, "windrose", pl.windrose)
    else:
        spot = target(pl, name)
        kinds = _pieces_at(pl, name, spot[0]) if spot is not None else []
    return kinds[0] if len(kinds) == 1 else "colonist"


# -- the draft (§6.2) ----------------------------------------------------------------------------


def _draft_problem(s: State, b: int) -> tuple[str, str] | None:
    name = BUILDINGS[b].name.lower()
    if s.building_supply[b] > 0:
        return "draft.already_drafted", f"The {name} is already on the board."
    if draft_slot(b) not in s.slots:
        return "draft.no_slot", f"There is no empty board slot of cost {draft_slot(b)} left for the {name}."
    if s.config.exclude_office_with_trading_post and (
        (b == OFFICE and s.building_supply[TRADING_POST] > 0) or (b == TRADING_POST and s.building_supply[OFFICE] > 0)
    ):
        return "draft.office_and_trading_post", "This game uses the office or the trading post, not both (§6.2)."
    return None


def draft_actions(s: State, seat: int) -> list[Action]:
    return [{"type": "draft_building", "building": CATALOG[b]} for b in DRAFT_POOL if _draft_problem(s, b) is None]


def draft_building(tx: _Tx, seat: int, action: Action, rng: RandomSource) -> None:
    fields(action, ("building",))
    name = action["building"]
    s = tx.state
    b = BUILDING_INDEX.get(name) if isinstance(name, str) else None
    if b is None or b not in DRAFT_POOL:
        reject("draft.unknown_building", f"{name!r} is not a violet building of the base game or New Buildings.")
    problem = _draft_problem(s, b)
    if problem:
        reject(*problem)
    copies = building_copies(BUILDINGS[b], s.n)
    tx.emit({"t": "BuildingDrafted", "seat": seat, "building": CATALOG[b], "slot": draft_slot(b), "copies": copies})


# -- guests (§4.8) -------------------------------------------------------------------------------


def guest_ok(s: State, seat: int) -> bool:
    """Whether `seat` may deploy a guest now, if it is the seat asked for a command."""
    return s.config.new_buildings and s.step in GUEST_STEPS and guest_ready(s.players[seat])


def guest_actions(s: State, seat: int) -> list[Action]:
    pl = s.players[seat]
    pieces = _pieces_at(pl, "guest_house", pl.guests)
    return [
        {"type": "deploy_guest", "to": name, **_piece(s, piece)}
        for name, w, c in targets(pl)
        if w < c and name != "guest_house"
        for piece in pieces
    ]


def deploy_guest(tx: _Tx, seat: int, action: Action, rng: RandomSource) -> None:
    s = tx.state
    fields(action, ("to",), piece_fields(s))
    pl = s.players[seat]
    if not s.config.new_buildings or pl.guests <= 0:
        reject("guest.no_guest", "You have no guest waiting on a guest house.")
    piece = piece_of(action, default_piece(pl, "guest_house"))
    if piece not in _pieces_at(pl, "guest_house", pl.guests):
        reject("guest.no_such_piece", f"There is no {piece} among your guests.")
    name = action["to"]
    if name == "guest_house":
        reject("guest.same_place", "A guest moves from the guest house to another building or tile.")
    spot = target(pl, name)
    if spot is None:
        reject("guest.unknown_target", f"You have no plantation, quarry or building {name!r}.")
    if spot[0] >= spot[1]:
        reject("guest.target_full", f"Your {name} has no empty circle.")
    tx.emit({"t": "GuestDeployed", "seat": seat, "to": name, **_piece(s, piece)})


def window_done(tx: _Tx, seat: int, action: Action, rng: RandomSource) -> None:
    fields(action)
    tx.emit({"t": "Passed", "seat": seat, "phase": tx.state.phase})


# -- settler (§4.1 with forests, the library pick, the hunting lodge) ----------------------------


def hospice_matters(s: State, pl: Player) -> bool:
    return pl.occ(HOSPICE) and (s.colonist_supply > 0 or s.colonist_ship > 0 or s.noble_ship > 0)


def check_library_pick(s: State, pl: Player) -> None:
    if not pl.occ(LIBRARY):
        reject("settler.library_unoccupied", "The extra tile needs an occupied library.")


def plantation_kind(action: Action) -> int:
    kind = action["kind"]
    if not isinstance(kind, str) or kind not in GOODS:
        reject("action.malformed", f"'kind' must be one of {', '.join(GOODS)}.")
    return TILE_INDEX[kind]


def take_forest(tx: _Tx, seat: int, action: Action, rng: RandomSource) -> None:
    s = tx.state
    extra = s.step == SETTLE_EXTRA
    fields(action, ("kind",), () if extra else ("hospice",))
    k = plantation_kind(action)
    use_hospice = flag(action, "hospice")
    pl = s.players[seat]
    if not (s.config.new_buildings and pl.occ(FOREST_HOUSE)):
        reject("settler.no_forest_house", "You need an occupied forest house to take a forest.")
    if extra:
        check_library_pick(s, pl)
    if pl.tiles >= ISLAND_SPACES:
        reject("settler.island_full", "Your island is full: all 12 spaces hold a tile.")
    if k not in s.faceup:
        reject("settler.not_in_row", f"There is no face-up {TILE_KINDS[k]} plantation to take.")
    source = colonist_source(s) if not extra and use_hospice and pl.occ(HOSPICE) else None
    tx.emit({"t": "ForestTaken", "seat": seat, "kind": TILE_KINDS[k], "hospice": source})


def draw_for(tx: _Tx, seat: int, source: str, rng: RandomSource) -> None:
    """A face-down draw that its drawer may place as a forest (occupied forest house, §2.4)."""
    kind = draw_top(tx, rng)
    tx.emit({"t": "TileDrawn", "seat": seat, "kind": TILE_KINDS[kind], "source": source})


def place_actions(s: State, seat: int) -> list[Action]:
    return [{"type": "place_drawn_tile", "forest": False}, {"type": "place_drawn_tile", "forest": True}]


def place_drawn_tile(tx: _Tx, seat: int, action: Action, rng: RandomSource) -> None:
    fields(action, ("forest",))
    forest = action["forest"]
    if not isinstance(forest, bool):
        reject("action.malformed", "'forest' must be true or false.")
    s = tx.state
    tx.emit({"t": "DrawnTilePlaced", "seat": seat, "kind": TILE_KINDS[s.drawn], "forest": forest})


def discard_targets(pl: Player) -> list[dict[str, str]]:
    """§2.5 hunting lodge / land office: plantations and forests (not quarries, §10 A29)."""
    out = [{"tile": GOODS[k]} for k in range(5) if pl.island[k]]
    out.extend({"tile": "forest", "kind": GOODS[k]} for k in range(5) if pl.forests[k] + pl.hidden_forests[k])
    return out


def discard_fact(pl: Player, action: Action) -> dict[str, Any]:
    """Which tile goes: an unoccupied one of the kind when there is one (the same tile otherwise;
    no rule effect differs), else an occupied one whose worker goes to the windrose."""
    tile = action["tile"]
    if tile == "forest":
        if "kind" not in action:
            reject("action.malformed", "Name the forest's 'kind' (its plantation side).")
        k = plantation_kind(action)
        if pl.forests[k] + pl.hidden_forests[k] <= 0:
            reject("tile.no_such_tile", f"You have no forest of {GOODS[k]}.")
        return {"tile": "forest", "kind": GOODS[k], "worker": None}
    if "kind" in action:
        reject("action.malformed", "'kind' is only for forests.")
    if tile == "quarry":
        reject("tile.quarry", "A quarry cannot be discarded; only plantations and forests.")
    if not isinstance(tile, str) or tile not in GOODS:
        reject("action.malformed", f"'tile' must be a plantation kind ({', '.join(GOODS)}) or \"forest\".")
    k = TILE_INDEX[tile]
    if pl.island[k] <= 0:
        reject("tile.no_such_tile", f"You have no {tile} plantation.")
    worker = None
    if pl.island[k] - pl.manned[k] <= 0:
        worker = "colonist" if pl.manned[k] - pl.manned_nobles[k] > 0 else "noble"
    return {"tile": tile, "kind": tile, "worker": worker}


def lodge_actions(s: State, seat: int) -> list[Action]:
    pl = s.players[seat]
    if not pl.occ_colonist(HUNTING_LODGE):
        return []
    return [{"type": "hunting_lodge_discard", **t} for t in discard_targets(pl)]


def hunting_lodge_discard(tx: _Tx, seat: int, action: Action, rng: RandomSource) -> None:
    fields(action, ("tile",), ("kind",))
    s = tx.state
    pl = s.players[seat]
    if not (s.config.nobles and pl.occ_colonist(HUNTING_LODGE)):
        reject("settler.hunting_lodge_unusable", "Only a hunting lodge occupied by a colonist lets you discard a plantation.")
    tx.emit({"t": "TileDiscarded", "seat": seat, **discard_fact(pl, action), "by": "hunting_lodge"})


def lodge_bonus(s: State, seat: int) -> int:
    """§2.5 hunting lodge (noble): 2 VP for strictly the most empty island spaces (§10 A36)."""
    mine = ISLAND_SPACES - s.players[seat].tiles
    if all(mine > ISLAND_SPACES - pl.tiles for p, pl in enumerate(s.players) if p != seat):
        return HUNTING_LODGE_VP
    return 0


# -- mayor (§4.2 with nobles, the villa) ---------------------------------------------------------


def villa_actions(s: State, seat: int) -> list[Action]:
    pl = s.players[seat]
    if pl.occ(VILLA) and (s.noble_supply > 0 or s.colonist_supply > 0):
        return [{"type": "villa_take"}]
    return []


def villa_take(tx: _Tx, seat: int, action: Action, rng: RandomSource) -> None:
    fields(action)
    s = tx.state
    if not (s.config.nobles and s.players[seat].occ(VILLA)):
        reject("mayor.no_villa", "You need an occupied villa to take a noble.")
    if s.noble_supply <= 0 and s.colonist_supply <= 0:
        reject("mayor.villa_empty", "There is no noble and no colonist left in the supply.")
    # §2.5: a noble from the supply (not the ship); if none is left, a colonist
    tx.emit({"t": "VillaUsed", "seat": seat, "piece": "noble" if s.noble_supply > 0 else "colonist"})


def take_piece_actions(s: State, seat: int) -> list[Action]:
    return [{"type": "take_from_ship", "piece": "colonist"}, {"type": "take_from_ship", "piece": "noble"}]


def take_from_ship(tx: _Tx, seat: int, action: Action, rng: RandomSource) -> None:
    fields(action, ("piece",))
    piece = piece_of(action)
    tx.emit({"t": "PieceTaken", "seat": seat, "piece": piece})


def distribution(s: State) -> Fact:
    """§4.2 M3: one piece at a time from the next receiver clockwise until the ship is empty
    (with Nobles only one kind is left on the ship when this runs)."""
    ship = s.colonist_ship + s.noble_ship
    n = s.n
    first = s.receiver if s.receiver >= 0 else s.chooser
    counts = [0] * n
    for i, seat in enumerate(order(s, first)):
        counts[seat] = ship // n + (1 if i < ship % n else 0)
    zeros = [0] * n
    if s.noble_ship:
        return {"t": "ColonistsDistributed", "colonists": zeros, "nobles": counts}
    return {"t": "ColonistsDistributed", "colonists": counts, "nobles": zeros}


def arrange_actions(s: State, seat: int) -> list[Action]:
    """§4.2 M4 with nobles: which kind of worker goes where is the player's choice."""
    pl = s.players[seat]
    acts: list[Action] = []
    spots = targets(pl)
    waiting = _pieces_at(pl, "windrose", pl.windrose)
    for name, w, c in spots:
        if w < c:
            acts.extend({"type": "place", "to": name, "piece": p} for p in waiting)
    if not s.placed:
        for name, w, _ in spots:
            if w > 0:
                acts.extend({"type": "remove", "from": name, "piece": p} for p in _pieces_at(pl, name, w))
    if pl.windrose == 0 or all(w >= c for _, w, c in spots):
        acts.append({"type": "done"})
    return acts


def check_piece(pl: Player, where: str, workers: int, piece: str) -> None:
    if piece not in _pieces_at(pl, where, workers):
        reject("mayor.no_such_piece", f"There is no {piece} there.")


def refill(s: State) -> Fact:
    """§4.2 M5 with Nobles: 1 noble (while any is left) and the rest colonists; no end trigger."""
    need = max(empty_building_circles(s), s.n)
    nobles = 1 if s.noble_supply > 0 else 0
    return {"t": "ColonistShipRefilled", "colonists": min(need - nobles, s.colonist_supply), "nobles": nobles}


def empty_building_circles(s: State) -> int:
    """§4.2 M5: empty circles on buildings of all players (plantations and quarries do not count)."""
    return sum(CIRCLES[b] - w for pl in s.players for b, w in enumerate(pl.buildings) if w >= 0)


# -- builder (§4.3 with forests, the construction office, church, black market) ------------------


def bm_categories(pl: Player) -> int:
    """How many different kinds of item a black market owner can give (§2.4): a worker other
    than the black market's own, a good, a VP."""
    return (1 if pl.workers - 1 >= 1 else 0) + (1 if any(pl.goods) else 0) + (1 if pl.vp >= 1 else 0)


def black_market_actions(s: State, seat: int) -> list[Action]:
    pl = s.players[seat]
    given = s.bm_given
    acts: list[Action] = []
    if "worker" not in given:
        spots = [(name, w) for name, w, _ in targets(pl) if w > 0 and name != "black_market"]
        if pl.windrose:
            spots.append(("windrose", pl.windrose))
        for name, w in spots:
            acts.extend({"type": "black_market_worker", "from": name, **_piece(s, p)} for p in _pieces_at(pl, name, w))
    if "good" not in given:
        acts.extend({"type": "black_market_good", "good": GOODS[g]} for g in range(5) if pl.goods[g])
    if "vp" not in given and pl.vp >= 1:
        acts.append({"type": "black_market_vp"})
    return acts


def _once(s: State, item: str) -> None:
    if item in s.bm_given:
        reject("builder.black_market_one_each", "Give at most one worker, one good and one VP.")


def black_market_worker(tx: _Tx, seat: int, action: Action, rng: RandomSource) -> None:
    s = tx.state
    fields(action, ("from",), piece_fields(s))
    _once(s, "worker")
    pl = s.players[seat]
    name = action["from"]
    piece = piece_of(action, default_piece(pl, name))
    if name == "black_market":
        reject("builder.black_market_own_worker", "The worker on the black market cannot pay for it.")
    if name == "windrose":
        workers = pl.windrose
    else:
        spot = target(pl, name)
        if spot is None:
            reject("builder.unknown_source", f"You have no plantation, quarry or building {name!r}.")
        workers = spot[0]
    if piece not in _pieces_at(pl, name, workers):
        reject("builder.no_worker_there", f"There is no {piece} on your {name}.")
    tx.emit({"t": "BlackMarketPaid", "seat": seat, "item": "worker", "from": name, **_piece(s, piece)})


def black_market_good(tx: _Tx, seat: int, action: Action, rng: RandomSource) -> None:
    fields(action, ("good",))
    g = good_of(action)
    s = tx.state
    _once(s, "good")
    if s.players[seat].goods[g] <= 0:
        reject("builder.no_good", f"You have no {GOODS[g]} to give.")
    tx.emit({"t": "BlackMarketPaid", "seat": seat, "item": "good", "good": GOODS[g]})


def black_market_vp(tx: _Tx, seat: int, action: Action, rng: RandomSource) -> None:
    fields(action)
    s = tx.state
    _once(s, "vp")
    if s.players[seat].vp < 1:
        reject("builder.no_vp", "You have no VP to give.")
    # a chip goes back to the supply; once the chips ran out a "paper" VP is struck out (§10 A8)
    tx.emit({"t": "BlackMarketPaid", "seat": seat, "item": "vp", "to_supply": paper_vp(s) == 0})


# -- craftsman (§4.4 with aqueduct, specialty factory, chapel, jeweler) ---------------------------


# -- trader (§4.5 with trading post, land office, library) ----------------------------------------


def end_turn(tx: _Tx, seat: int, action: Action, rng: RandomSource) -> None:
    fields(action)
    s = tx.state
    if not s.sale_done:
        reject("trader.decide_first", "Sell a good or pass first; end_turn follows the sale decision.")
    tx.emit({"t": "Passed", "seat": seat, "phase": s.phase})


def _land_office_open(s: State, pl: Player) -> None:
    if s.land_office_used:
        reject("trader.land_office_used", "You have already used your land office in this phase.")


def land_office_buy(tx: _Tx, seat: int, action: Action, rng: RandomSource) -> None:
    fields(action)
    s = tx.state
    pl = s.players[seat]
    if not (s.config.nobles and pl.occ_colonist(LAND_OFFICE)):
        reject("trader.land_office_unusable", "Buying a plantation needs a land office occupied by a colonist.")
    _land_office_open(s, pl)
    if pl.doubloons < 1:
        reject("trader.no_doubloon", "The plantation costs 1 doubloon.")
    if pl.tiles >= ISLAND_SPACES:
        reject("trader.island_full", "Your island is full: all 12 spaces hold a tile.")
    if not s.draw_pile and not s.discard:
        reject("trader.no_tiles", "There are no face-down plantations left to draw.")
    if s.config.new_buildings and pl.occ(FOREST_HOUSE):
        draw_for(tx, seat, "land_office", rng)  # §2.5 note: with a forest house, as a forest
        return
    kind = draw_top(tx, rng)
    tx.emit({"t": "LandOfficeBought", "seat": seat, "kind": TILE_KINDS[kind]})


def land_office_sell(tx: _Tx, seat: int, action: Action, rng: RandomSource) -> None:
    fields(action, ("tile",), ("kind",))
    s = tx.state
    pl = s.players[seat]
    if not (s.config.nobles and pl.occ_noble(LAND_OFFICE)):
        reject("trader.land_office_unusable", "Selling a plantation needs a land office occupied by a noble.")
    _land_office_open(s, pl)
    tx.emit({"t": "TileDiscarded", "seat": seat, **discard_fact(pl, action), "by": "land_office", "doubloons": 1})


# -- captain (§4.6 with lighthouse, union hall, small wharf, royal supplier, library) --------------


def captain_start(tx: _Tx) -> None:
    """§4.6 K2 and §10 A26: the captain's lighthouse doubloon; union hall VP (all owners, in
    order, before anyone ships: a player's goods cannot change before his first turn)."""
    s = tx.state
    c = s.chooser
    union = [
        {"seat": p, "vp": union_hall_vp(s.players[p])}
        for p in order(s, c)
        if s.players[p].occ(UNION_HALL) and union_hall_vp(s.players[p])
    ]
    light = c if s.players[c].occ(LIGHTHOUSE) else None
    tx.emit({"t": "CaptainBonusesPaid", "lighthouse": light, "union_hall": union})
    if union:
        check_vp_trigger(tx)


def small_wharf_open(s: State, seat: int, pl: Player) -> bool:
    return s.config.new_buildings and pl.occ(SMALL_WHARF) and seat not in s.small_wharf_used


def royal_open(s: State, seat: int, pl: Player) -> bool:
    return (
        s.config.nobles
        and pl.occ(ROYAL_SUPPLIER)
        and seat not in s.captain_turned
        and len(s.supplied) < pl.nobles
    )


def shipment_bonus(s: State, seat: int, pl: Player) -> tuple[int, int]:
    """(VP, doubloons) one shipment adds: harbor, captain privilege (§10 A16), lighthouse."""
    vp = 1 if pl.occ(HARBOR) else 0
    if seat == s.chooser and not s.captain_shipped:
        vp += privilege(s, seat)
    return vp, (1 if s.config.new_buildings and pl.occ(LIGHTHOUSE) else 0)


def small_wharf(tx: _Tx, seat: int, action: Action, rng: RandomSource) -> None:
    fields(action, ("good", "count"))
    g = good_of(action)
    count = action["count"]
    if not isinstance(count, int) or isinstance(count, bool):
        reject("action.malformed", "'count' must be a whole number.")
    s = tx.state
    pl = s.players[seat]
    if s.step == SHIP:
        if not (s.config.new_buildings and pl.occ(SMALL_WHARF)):
            reject("captain.no_small_wharf", "You need an occupied small wharf.")
        if seat in s.small_wharf_used:
            reject("captain.small_wharf_used", "You have already used your small wharf in this phase.")
    elif s.cargo[g] > 0:
        reject("captain.already_loaded", f"Your {GOODS[g]} is already on the small wharf.")
    if not 1 <= count <= pl.goods[g]:
        reject("captain.not_enough_goods", f"You can load 1 to {pl.goods[g]} {GOODS[g]}.")
    tx.emit({"t": "SmallWharfLoaded", "seat": seat, "good": GOODS[g], "count": count})


def small_wharf_actions(s: State, seat: int) -> list[Action]:
    pl = s.players[seat]
    acts: list[Action] = [
        {"type": "small_wharf", "good": GOODS[g], "count": c}
        for g in range(5)
        if not s.cargo[g]
        for c in range(1, pl.goods[g] + 1)
    ]
    acts.append({"type": "done"})
    return acts


def small_wharf_sail(tx: _Tx, seat: int, action: Action, rng: RandomSource) -> None:
    """§2.4 small wharf: 1 VP per 2 goods, and (§10 A16) a shipment for harbor, lighthouse and
    the captain privilege."""
    fields(action)
    s = tx.state
    pl = s.players[seat]
    total = sum(s.cargo)
    vp, doubloons = shipment_bonus(s, seat, pl)
    fact: Fact = {"t": "SmallWharfShipped", "seat": seat, "goods": goods_dict(s.cargo), "count": total, "vp": total // 2 + vp}
    if doubloons:
        fact["doubloons"] = doubloons
    tx.emit(fact)
    check_vp_trigger(tx)


def royal_supplier(tx: _Tx, seat: int, action: Action, rng: RandomSource) -> None:
    fields(action, ("good",))
    g = good_of(action)
    s = tx.state
    pl = s.players[seat]
    if not (s.config.nobles and pl.occ(ROYAL_SUPPLIER)):
        reject("captain.no_royal_supplier", "You need an occupied royal supplier.")
    if seat in s.captain_turned:
        reject("captain.royal_supplier_late", "The royal supplier works only in your first turn, before you ship.")
    if g in s.supplied:
        reject("captain.royal_supplier_same_kind", "The goods sent by the royal supplier must be of different kinds.")
    if len(s.supplied) >= pl.nobles:
        reject("captain.royal_supplier_nobles", "The royal supplier sends one good per noble you own.")
    if pl.goods[g] <= 0:
        reject("captain.no_good", f"You have no {GOODS[g]}.")
    tx.emit({"t": "RoyalSupplierUsed", "seat": seat, "good": GOODS[g], "vp": 1})
    check_vp_trigger(tx)


# -- storage (§4.6 K6 with the storehouse) --------------------------------------------------------


def warehouse_slots(pl: Player) -> int:
    return (1 if pl.occ(SMALL_WAREHOUSE) else 0) + (2 if pl.occ(LARGE_WAREHOUSE) else 0)


def _singles_limit(pl: Player) -> int:
    return 1 + (STOREHOUSE_SINGLES if pl.occ(STOREHOUSE) else 0)


def _unprotected(s: State, pl: Player) -> list[int]:
    """Goods per kind neither warehoused nor already kept as singles."""
    return [0 if g in s.warehoused else pl.goods[g] - s.singles[g] for g in range(5)]


def storage_actions(s: State, seat: int) -> list[Action]:
    pl = s.players[seat]
    rest = _unprotected(s, pl)
    acts: list[Action] = []
    if warehouse_slots(pl) > len(s.warehoused):
        acts.extend({"type": "warehouse", "good": GOODS[g]} for g in range(5) if rest[g] and not s.singles[g])
    if sum(s.singles) < _singles_limit(pl):
        acts.extend({"type": "keep", "good": GOODS[g]} for g in range(5) if rest[g])
    acts.append({"type": "done"})
    return acts


def _fits(s: State, pl: Player) -> bool:
    """Everything left can be kept: the free warehouse slots take the biggest kinds, the free
    single places the rest."""
    rest = sorted((c for c in _unprotected(s, pl) if c), reverse=True)
    free_w = max(0, warehouse_slots(pl) - len(s.warehoused))
    return sum(rest[free_w:]) <= _singles_limit(pl) - sum(s.singles)


def storage_needs_choice(s: State, seat: int) -> bool:
    """Automatic when everything left fits, or when nothing more can be protected."""
    pl = s.players[seat]
    if _fits(s, pl):
        return False
    return warehouse_slots(pl) > len(s.warehoused) or _singles_limit(pl) > sum(s.singles)


def lost_goods(s: State, pl: Player, kept: int) -> dict[str, int]:
    rest = _unprotected(s, pl)
    return {GOODS[g]: c - (1 if g == kept else 0) for g, c in enumerate(rest) if c - (1 if g == kept else 0) > 0}


def auto_store(tx: _Tx, seat: int) -> None:
    """Keep everything when it fits; otherwise (nothing more can be protected) lose the rest."""
    s = tx.state
    pl = s.players[seat]
    lost = {} if _fits(s, pl) else lost_goods(s, pl, -1)
    tx.emit({"t": "GoodsStored", "seat": seat, "kept": None, "discarded": lost, "auto": True})


def warehouse(tx: _Tx, seat: int, action: Action, rng: RandomSource) -> None:
    fields(action, ("good",))
    g = good_of(action)
    s = tx.state
    pl = s.players[seat]
    if warehouse_slots(pl) <= len(s.warehoused):
        reject("storage.no_warehouse", "You have no free occupied warehouse for another kind of goods.")
    if g in s.warehoused:
        reject("storage.already_stored", f"Your {GOODS[g]} is already in a warehouse.")
    if s.singles[g]:
        reject("storage.already_kept", f"You already keep single {GOODS[g]}; warehouse a kind before keeping singles of it.")
    if pl.goods[g] <= 0:
        reject("storage.no_good", f"You have no {GOODS[g]}.")
    tx.emit({"t": "GoodsWarehoused", "seat": seat, "good": GOODS[g]})


def keep(tx: _Tx, seat: int, action: Action, rng: RandomSource) -> None:
    fields(action, ("good",))
    g = good_of(action)
    s = tx.state
    pl = s.players[seat]
    if g in s.warehoused:
        reject("storage.already_stored", f"Your {GOODS[g]} is already in a warehouse.")
    if pl.goods[g] - s.singles[g] <= 0:
        more = "more " if s.singles[g] else ""
        reject("storage.no_good", f"You have no {more}{GOODS[g]}" + (" to keep." if more else "."))
    if not (s.config.new_buildings and pl.occ(STOREHOUSE)):
        tx.emit({"t": "GoodsStored", "seat": seat, "kept": GOODS[g], "discarded": lost_goods(s, pl, g)})
        return
    if sum(s.singles) >= _singles_limit(pl):
        reject("storage.singles_full", f"You already keep {_singles_limit(pl)} single goods.")
    tx.emit({"t": "GoodKept", "seat": seat, "good": GOODS[g]})  # §2.4 storehouse: up to 3 more


def store_done(tx: _Tx, seat: int, action: Action, rng: RandomSource) -> None:
    fields(action)
    s = tx.state
    tx.emit({"t": "GoodsStored", "seat": seat, "kept": None, "discarded": lost_goods(s, s.players[seat], -1)})
