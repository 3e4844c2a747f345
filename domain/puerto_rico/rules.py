"""Puerto Rico rules: options, setup, decide, legal_actions, to_act.

`decide` validates one atomic action, emits the facts it causes, and then runs everything that
follows automatically (`_advance`) until some seat has a real choice: production, refills, the
colonist distribution, auto-passes of players with nothing to do (each recorded as a fact with
`"auto": true`), end of phase, end of round, the governor change, end triggers and the final
scoring. `legal_actions` lists exactly what `decide` accepts; both use the same predicates.

The expansions (New Buildings, Nobles) live in `expansions.py`; the functions here hand over to
it only when an expansion is in play, so a base game runs the base code alone.

Section numbers (§) refer to the rules page `shared/rules/puerto-rico.md`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any

from domain.core import InvalidOptions, RandomSource, shuffle
from domain.core.options import Option, check, check_seats

from . import expansions as x
from .common import (
    Action,
    Fact,
    _Tx,
    check_vp_trigger,
    colonist_source,
    fields,
    flag,
    good_of,
    goods_dict,
    normal_loads,
    order,
    piece_fields,
    piece_of,
    price,
    privilege,
    production,
    reject,
    reshuffle,
)
from .components import (
    AQUEDUCT,
    AVAILABLE_EXPANSIONS,
    BASE_KINDS,
    BLACK_MARKET,
    BOX_COLONISTS,
    BOX_NOBLES,
    BUILDING_INDEX,
    BUILDINGS,
    CATALOG,
    CHAPEL,
    CHURCH,
    CHURCH_VP,
    CIRCLES,
    COLUMN,
    CONSTRUCTION_HUT,
    COST,
    DRAFT_SLOTS,
    FACTORY,
    FACTORY_BONUS,
    FOREST_HOUSE,
    GOODS,
    HACIENDA,
    HARBOR,
    HOSPICE,
    INDIGO,
    INDIGO_PLANT,
    ISLAND_SPACES,
    JEWELER,
    KNOWN_EXPANSIONS,
    LAND_OFFICE,
    LARGE_MARKET,
    LIBRARY,
    NOBLES_ON_SHIP,
    OFFICE,
    PRICES,
    QUARRY,
    SETUPS,
    SIZE,
    SMALL_MARKET,
    SPECIALTY_FACTORY,
    SUGAR,
    SUGAR_MILL,
    TILE_INDEX,
    TILE_KINDS,
    TRADING_HOUSE_SPACES,
    TRADING_POST,
    UNIVERSITY,
    WHARF,
    building_copies,
)
from .evolve import remember
from .scoring import final_scores
from .state import (
    ARRANGE,
    BLACK_MARKET_STEP,
    BUILD,
    BUILDER_END,
    CAPTAIN_END,
    CAPTAIN_START,
    CRAFTSMAN_BONUS,
    CRAFTSMAN_END,
    DISTRIBUTE,
    DRAFT,
    GUEST_END,
    GUEST_START,
    LODGE,
    MAYOR_END,
    MAYOR_PRIVILEGE,
    OVER,
    PLACE_TILE,
    PRODUCE,
    PROSPECT,
    PROSPECTOR_END,
    ROUND_END,
    SELECT_ROLE,
    SELL,
    SETTLE,
    SETTLE_EXTRA,
    SETTLER_END,
    SHIP,
    SMALL_WHARF_STEP,
    STORE,
    TAKE_PIECE,
    TRADER_END,
    VILLA_STEP,
    Player,
    State,
)

__all__ = [
    "ACTION_STEPS",
    "check_options",
    "decide",
    "legal_actions",
    "normal_loads",
    "price",
    "production",
    "sale_price",
    "setup",
    "to_act",
]

PLANTATION_KINDS = GOODS  # the five plantation kinds have the goods' names
OPTIONS = (
    Option(
        "expansions", "choices", (),
        "The expansions to play with: New Buildings, Nobles, both or none (any of them for 2 to 5 players).",
        choices=KNOWN_EXPANSIONS, item="expansion",
    ),
    Option(
        "first_governor", "choice", "random",
        "Who is the first governor: drawn at random at setup, or the player in seat 0.",
        choices=("random", "seat_order"),
    ),
    Option(
        "max_large_buildings", "int", 4,
        "How many large buildings the game offers (4 as in the Hungarian rulebook; 6 reads the Russian one).",
        minimum=1, maximum=6,
    ),
    Option(
        "hacienda_quarry_with_construction_hut", "bool", False,
        "Whether an occupied hacienda with a construction hut may take a quarry instead of a face-down plantation.",
    ),
    Option(
        "exclude_office_with_trading_post", "bool", None,
        "New Buildings only: the office and the trading post are never both in the game (on unless turned off).",
    ),
)

# Short local names for the shared helpers (the base rules below predate common.py).
_reject = reject
_fields = fields
_good = good_of
_flag = flag
_order = order
_goods_dict = goods_dict
_colonist_source = colonist_source
_check_vp_trigger = check_vp_trigger


# -- options and setup (§1.2, §1.3, §6.1 - §6.4) ---------------------------------------------


def check_options(options: Mapping[str, Any], seats: int) -> dict[str, Any]:
    """Normalised options, or InvalidOptions with an `options.*` code."""
    out = check(OPTIONS, options, "Puerto Rico")
    check_seats(seats, min(SETUPS), max(SETUPS), "Puerto Rico")
    # §6.1 - §6.4: every combination is played by 2 to 5 players (the Russian rulebook has the
    # two-player rules with both expansions; §10 A31 for Nobles with two players).
    for e in out["expansions"]:
        if e not in AVAILABLE_EXPANSIONS:  # a switch in components.json, on for both
            raise InvalidOptions("options.expansion_unavailable", f"The {e} expansion is not available.")
    exclusion = out.pop("exclude_office_with_trading_post")
    if "new_buildings" in out["expansions"]:
        # §6.2 / §10 A35: the rulebook advises against the office and the trading post together
        out["exclude_office_with_trading_post"] = True if exclusion is None else exclusion
    elif exclusion is not None:
        raise InvalidOptions(
            "options.needs_new_buildings",
            "exclude_office_with_trading_post only applies to games with the new_buildings expansion.",
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
    pile = [PLANTATION_KINDS[k] for k in range(len(tiles)) for _ in range(tiles[k])]
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


# -- role selection (§3.2) ---------------------------------------------------------------------


def _role_actions(s: State, seat: int) -> list[Action]:
    return [{"type": "select_role", "role": r} for r, t in zip(s.roles, s.role_taken, strict=True) if t < 0]


def _select_role(tx: _Tx, seat: int, action: Action, rng: RandomSource) -> None:
    _fields(action, ("role",))
    role = action["role"]
    s = tx.state
    if not isinstance(role, str) or role not in s.roles:
        _reject("role.unknown", f"There is no role {role!r} in this game; choose one of {', '.join(s.roles)}.")
    i = s.roles.index(role)
    if s.role_taken[i] >= 0:
        _reject("role.taken", f"The {role} has already been taken this round.")
    # §3.2.1 / §10 A43: the doubloons on the card are the chooser's at once.
    tx.emit({"t": "RoleSelected", "seat": seat, "role": role, "doubloons": s.role_doubloons[i]})


# -- settler (§4.1) ----------------------------------------------------------------------------


def _may_take_quarry(s: State, seat: int, pl: Player) -> bool:
    # privilege of the settler or an occupied construction hut; never a second quarry (§2.3)
    return (seat == s.chooser or pl.occ(CONSTRUCTION_HUT)) and s.hacienda != 2


def _settler_actions(s: State, seat: int) -> list[Action]:
    """The settler options other than `pass` (empty: the player is auto-passed), in SETTLE and
    in the library pick (SETTLE_EXTRA, New Buildings)."""
    pl = s.players[seat]
    if pl.tiles >= ISLAND_SPACES:
        return []  # §4.1: a full island takes no more tiles (forests count, §10 A23)
    acts: list[Action] = []
    kinds = sorted(set(s.faceup))
    forest = s.config.new_buildings and pl.occ(FOREST_HOUSE)
    if s.step == SETTLE:
        if pl.occ(HACIENDA) and s.hacienda == 0:
            if s.draw_pile or s.discard:
                acts.append({"type": "hacienda_draw"})
            if s.config.hacienda_quarry_with_construction_hut and pl.occ(CONSTRUCTION_HUT) and s.quarries > 0:
                acts.append({"type": "hacienda_quarry"})
        hospice = x.hospice_matters(s, pl)
        for kind, offered in (("take_plantation", True), ("take_forest", forest)):
            if not offered:
                continue
            for k in kinds:
                acts.append({"type": kind, "kind": TILE_KINDS[k]})
                if hospice:
                    acts.append({"type": kind, "kind": TILE_KINDS[k], "hospice": False})
        if s.quarries > 0 and _may_take_quarry(s, seat, pl):
            acts.append({"type": "take_quarry"})
            if hospice:
                acts.append({"type": "take_quarry", "hospice": False})
        return acts
    # §2.4 library: one more face-up tile; a quarry only with a construction hut; no hospice
    if not pl.occ(LIBRARY):
        return []
    acts.extend({"type": "take_plantation", "kind": TILE_KINDS[k]} for k in kinds)
    if s.quarries > 0 and pl.occ(CONSTRUCTION_HUT):
        acts.append({"type": "take_quarry"})
    if forest:
        acts.extend({"type": "take_forest", "kind": TILE_KINDS[k]} for k in kinds)
    return acts


def _settler_has_options(s: State, seat: int) -> bool:
    """Whether `_settler_actions` is non-empty, without building it."""
    if s.config.expansions:
        return x.guest_ok(s, seat) or bool(_settler_actions(s, seat))
    pl = s.players[seat]
    if sum(pl.island) >= ISLAND_SPACES:
        return False
    if s.faceup or (s.quarries > 0 and _may_take_quarry(s, seat, pl)):
        return True
    return pl.occ(HACIENDA) and s.hacienda == 0 and bool(
        s.draw_pile or s.discard or (s.config.hacienda_quarry_with_construction_hut and pl.occ(CONSTRUCTION_HUT) and s.quarries > 0)
    )


def _check_island_space(pl: Player) -> None:
    if pl.tiles >= ISLAND_SPACES:
        _reject("settler.island_full", "Your island is full: all 12 spaces hold a tile.")


def _hacienda_draw(tx: _Tx, seat: int, action: Action, rng: RandomSource) -> None:
    _fields(action)
    s = tx.state
    pl = s.players[seat]
    if not pl.occ(HACIENDA):
        _reject("settler.no_hacienda", "You need an occupied hacienda to draw a face-down plantation.")
    if s.hacienda:
        _reject("settler.hacienda_used", "You have already used your hacienda this turn.")
    _check_island_space(pl)
    if not s.draw_pile and not s.discard:
        _reject("settler.no_tiles", "There are no face-down plantations left to draw.")
    if s.config.new_buildings and pl.occ(FOREST_HOUSE):
        x.draw_for(tx, seat, "hacienda", rng)  # §2.4: he looks at it, then face up or forest
        return
    if not s.draw_pile:
        tx.emit(reshuffle(s, rng))  # §10 A9: procedure R for every face-down draw
    tx.emit({"t": "HaciendaTileDrawn", "seat": seat, "kind": TILE_KINDS[tx.state.draw_pile[0]]})


def _hacienda_quarry(tx: _Tx, seat: int, action: Action, rng: RandomSource) -> None:
    _fields(action)
    s = tx.state
    pl = s.players[seat]
    if not s.config.hacienda_quarry_with_construction_hut:
        _reject(
            "settler.hacienda_quarry_disabled",
            "In this game the hacienda tile cannot be replaced by a quarry (rules §10 A1).",
        )
    if not (pl.occ(HACIENDA) and pl.occ(CONSTRUCTION_HUT)):
        _reject("settler.no_hacienda", "You need an occupied hacienda and construction hut for that.")
    if s.hacienda:
        _reject("settler.hacienda_used", "You have already used your hacienda this turn.")
    _check_island_space(pl)
    if s.quarries <= 0:
        _reject("settler.no_quarries", "There are no quarries left.")
    tx.emit({"t": "HaciendaQuarryTaken", "seat": seat})


def _take_plantation(tx: _Tx, seat: int, action: Action, rng: RandomSource) -> None:
    s = tx.state
    extra = s.step == SETTLE_EXTRA  # §2.4 library pick: no hospice
    _fields(action, ("kind",), () if extra else ("hospice",))
    kind = action["kind"]
    if not isinstance(kind, str) or kind not in PLANTATION_KINDS:
        _reject("action.malformed", f"'kind' must be one of {', '.join(PLANTATION_KINDS)}.")
    use_hospice = _flag(action, "hospice")
    pl = s.players[seat]
    if extra:
        x.check_library_pick(s, pl)
    _check_island_space(pl)
    if TILE_INDEX[kind] not in s.faceup:
        _reject("settler.not_in_row", f"There is no face-up {kind} plantation to take.")
    source = _colonist_source(s) if not extra and use_hospice and pl.occ(HOSPICE) else None
    tx.emit({"t": "PlantationTaken", "seat": seat, "kind": kind, "hospice": source})


def _take_quarry(tx: _Tx, seat: int, action: Action, rng: RandomSource) -> None:
    s = tx.state
    extra = s.step == SETTLE_EXTRA
    _fields(action, (), () if extra else ("hospice",))
    use_hospice = _flag(action, "hospice")
    pl = s.players[seat]
    if extra:
        x.check_library_pick(s, pl)
    _check_island_space(pl)
    if s.hacienda == 2:
        _reject("settler.one_quarry", "You have already taken a quarry this turn.")
    if extra:
        if not pl.occ(CONSTRUCTION_HUT):  # §2.4: the library does not give a second quarry
            _reject("settler.quarry_not_allowed", "The library's extra tile is a quarry only with an occupied construction hut.")
    elif not (seat == s.chooser or pl.occ(CONSTRUCTION_HUT)):
        _reject(
            "settler.quarry_not_allowed",
            "Only the settler, or the owner of an occupied construction hut, may take a quarry.",
        )
    if s.quarries <= 0:
        _reject("settler.no_quarries", "There are no quarries left.")
    source = _colonist_source(s) if not extra and use_hospice and pl.occ(HOSPICE) else None
    tx.emit({"t": "QuarryTaken", "seat": seat, "hospice": source})


def _refill_row(tx: _Tx, rng: RandomSource) -> None:
    """§4.1 S6: discard the rest of the row, draw N + 1 new tiles (procedure R)."""
    s = tx.state
    if s.faceup:
        tx.emit({"t": "PlantationRowDiscarded", "tiles": [TILE_KINDS[k] for k in s.faceup]})
    need = s.n + 1
    while need > 0:
        s = tx.state
        if s.draw_pile:
            k = min(need, len(s.draw_pile))
            tx.emit({"t": "PlantationsDrawn", "tiles": [TILE_KINDS[t] for t in s.draw_pile[:k]]})
            need -= k
        elif s.discard:
            tx.emit(reshuffle(s, rng))
        else:
            break  # play continues with fewer face-up tiles


# -- mayor (§4.2) ------------------------------------------------------------------------------


def _mayor_privilege_actions(s: State, seat: int) -> list[Action]:
    top = min(privilege(s, seat), s.colonist_supply)  # 2 with an occupied library (§2.4)
    return [{"type": "mayor_privilege", "colonists": n} for n in range(top, -1, -1)]


def _mayor_privilege(tx: _Tx, seat: int, action: Action, rng: RandomSource) -> None:
    _fields(action, ("colonists",))
    n = action["colonists"]
    if not isinstance(n, int) or isinstance(n, bool):
        _reject("action.malformed", "'colonists' must be a whole number.")
    cap = privilege(tx.state, seat)
    if not 0 <= n <= cap:
        _reject("mayor.privilege_limit", f"The mayor may take 0 to {cap} colonist from the supply.")
    if n > tx.state.colonist_supply:
        _reject("mayor.supply_empty", "There are not that many colonists left in the supply.")
    tx.emit({"t": "MayorPrivilegeTaken", "seat": seat, "colonists": n})


def _distribution(s: State) -> list[int]:
    """§4.2 M3: one at a time from the mayor clockwise until the ship is empty."""
    ship, n = s.colonist_ship, s.n
    counts = [0] * n
    for i, seat in enumerate(_order(s, s.chooser)):
        counts[seat] = ship // n + (1 if i < ship % n else 0)
    return counts


_target = x.target
_targets = x.targets


def _arrange_actions(s: State, seat: int) -> list[Action]:
    if s.config.nobles:
        return x.arrange_actions(s, seat)
    pl = s.players[seat]
    acts: list[Action] = []
    targets = _targets(pl)
    if pl.windrose > 0:
        acts.extend({"type": "place", "to": name} for name, w, c in targets if w < c)
    if not s.placed:
        acts.extend({"type": "remove", "from": name} for name, w, c in targets if w > 0)
    if pl.windrose == 0 or all(w >= c for _, w, c in targets):
        acts.append({"type": "done"})
    return acts


def _arrange_target(tx: _Tx, seat: int, action: Action, key: str) -> tuple[int, int]:
    """The fields of a place/remove action (`key`: "to" or "from") and (workers, circles) there."""
    s = tx.state
    _fields(action, (key,), piece_fields(s))
    target = _target(s.players[seat], action[key])
    if target is None:
        _reject("mayor.unknown_target", f"You have no plantation, quarry or building {action[key]!r}.")
    return target


def _emit_arranged(tx: _Tx, seat: int, action: Action, fact: Fact, where: str, workers: int) -> None:
    """The ColonistPlaced / ColonistRemoved fact; with Nobles it names the piece moved from `where`."""
    if tx.state.config.nobles:
        pl = tx.state.players[seat]
        piece = piece_of(action, x.default_piece(pl, where))
        x.check_piece(pl, where, workers, piece)
        fact["piece"] = piece
    tx.emit(fact)


def _place(tx: _Tx, seat: int, action: Action, rng: RandomSource) -> None:
    target = _arrange_target(tx, seat, action, "to")
    pl = tx.state.players[seat]
    if pl.windrose <= 0:
        _reject("mayor.no_colonist", "You have no colonist waiting on your windrose to place.")
    if target[0] >= target[1]:
        _reject("mayor.target_full", f"Every circle of your {action['to']} is already occupied.")
    fact = {"t": "ColonistPlaced", "seat": seat, "to": action["to"]}
    _emit_arranged(tx, seat, action, fact, "windrose", pl.windrose)


def _remove(tx: _Tx, seat: int, action: Action, rng: RandomSource) -> None:
    target = _arrange_target(tx, seat, action, "from")
    if tx.state.placed:
        _reject(
            "mayor.remove_after_place",
            "Take colonists off your tiles before you start placing; you have already placed one.",
        )
    if target[0] <= 0:
        _reject("mayor.nothing_to_remove", f"There is no colonist on your {action['from']}.")
    fact = {"t": "ColonistRemoved", "seat": seat, "from": action["from"]}
    _emit_arranged(tx, seat, action, fact, action["from"], target[0])


def _arrange_done(tx: _Tx, seat: int, action: Action, rng: RandomSource) -> None:
    _fields(action)
    pl = tx.state.players[seat]
    if pl.windrose > 0 and any(w < c for _, w, c in _targets(pl)):
        _reject(
            "mayor.empty_circles",
            "Colonists may stay on the windrose only when every circle on your board is filled.",
        )
    tx.emit({"t": "ArrangementFinished", "seat": seat})


_empty_building_circles = x.empty_building_circles


# -- builder (§4.3) ----------------------------------------------------------------------------


def _build_problem(s: State, seat: int, b: int, black_market: bool = False) -> tuple[str, str] | None:
    """Why `seat` cannot build `b` now (paying in full, or with a black-market shortfall)."""
    pl = s.players[seat]
    name = BUILDINGS[b].name.lower()
    if s.building_supply[b] <= 0:
        return "builder.sold_out", f"There is no {name} left to build."
    if pl.buildings[b] >= 0:
        return "builder.already_owned", f"You already own a {name}; each building only once."
    if pl.city_spaces + SIZE[b] > 12:
        return "builder.no_space", f"Your city has no room for the {name}."
    if SIZE[b] == 2 and pl.large_buildings >= s.config.max_large_buildings:
        return "builder.too_many_large", f"Your city holds at most {s.config.max_large_buildings} large buildings."
    p = price(s, seat, b)
    if not black_market:
        if p > pl.doubloons:
            return "builder.cannot_afford", f"The {name} costs you {p} doubloons; you have {pl.doubloons}."
        return None
    # §2.4 black market: up to 3 doubloons short, one different item per doubloon
    if not (s.config.new_buildings and pl.occ(BLACK_MARKET)):
        return "builder.no_black_market", "You need an occupied black market to cover a shortfall."
    short = p - pl.doubloons
    if short <= 0:
        return "builder.no_shortfall", f"You can pay the {name} ({p}) yourself; the black market only covers money you lack."
    if short > 3:
        return "builder.shortfall_too_large", f"The black market covers at most 3 doubloons; you lack {short}."
    if short > x.bm_categories(pl):
        return "builder.black_market_short", f"You lack {short} doubloons but cannot give {short} different items."
    return None


def _buildable(s: State, seat: int) -> Iterator[tuple[int, bool]]:
    """(building, needs the black market) for every building `seat` may build now, in catalog
    order; lazy, so `_can_build` stops at the first."""
    pl = s.players[seat]
    owned = pl.buildings
    spaces = large = 0
    for b, w in enumerate(owned):
        if w >= 0:
            spaces += SIZE[b]
            large += SIZE[b] == 2
    room = 12 - spaces
    large_ok = large < s.config.max_large_buildings
    expansions = bool(s.config.expansions)
    items = 0
    if expansions and s.config.new_buildings and pl.occ(BLACK_MARKET):
        items = min(3, x.bm_categories(pl))
    quarries = pl.manned[QUARRY]
    money = pl.doubloons + (1 if seat == s.chooser else 0)  # the builder's privilege
    for b, left in enumerate(s.building_supply):
        if left <= 0 or owned[b] >= 0 or SIZE[b] > room or (SIZE[b] == 2 and not large_ok):
            continue
        # the base price inline (it is `price` without the expansions' discounts)
        short = price(s, seat, b) - pl.doubloons if expansions else COST[b] - min(quarries, COLUMN[b]) - money
        if short <= 0:
            yield b, False
        elif short <= items:
            yield b, True


def _builder_actions(s: State, seat: int) -> list[Action]:
    pl = s.players[seat]
    university = pl.occ(UNIVERSITY) and colonist_source(s) is not None
    acts: list[Action] = []
    for b, black in _buildable(s, seat):
        act: Action = {"type": "build", "building": CATALOG[b]}
        if black:
            act["black_market"] = True
        acts.append(act)
        # (a guest may still occupy the university while a black-market payment is made)
        if CIRCLES[b] > 0 and (pl.owns(UNIVERSITY) if black else university):
            acts.append({**act, "university": False})
    return acts


def _can_build(s: State, seat: int) -> bool:
    """Whether `_builder_actions` is non-empty, stopping at the first buildable building."""
    if s.config.expansions and x.guest_ok(s, seat):
        return True
    return next(_buildable(s, seat), None) is not None


def _build(tx: _Tx, seat: int, action: Action, rng: RandomSource) -> None:
    s = tx.state
    _fields(action, ("building",), ("university", "black_market") if s.config.expansions else ("university",))
    name = action["building"]
    known = len(BUILDINGS) if s.config.expansions else BASE_KINDS
    if not isinstance(name, str) or BUILDING_INDEX.get(name, known) >= known:
        _reject("builder.unknown_building", f"There is no building {name!r} in this game.")
    use_university = _flag(action, "university")
    black = _flag(action, "black_market", False)
    b = BUILDING_INDEX[name]
    problem = _build_problem(s, seat, b, black)
    if problem:
        _reject(*problem)
    if black:
        short = price(s, seat, b) - s.players[seat].doubloons
        keep = use_university or not s.players[seat].owns(UNIVERSITY)  # without one the flag means nothing
        tx.emit({"t": "BlackMarketUsed", "seat": seat, "building": name, "shortfall": short, "university": keep})
        return
    _complete_build(tx, seat, b, price(s, seat, b), use_university, 0)


def _complete_build(tx: _Tx, seat: int, b: int, paid: int, use_university: bool, black: int) -> None:
    s = tx.state
    pl = s.players[seat]
    # §2.3 University: one colonist onto the new building, from the supply, else the ship
    # (checked after any black-market return, §10 A15).
    source = colonist_source(s) if use_university and pl.occ(UNIVERSITY) and CIRCLES[b] > 0 else None
    fact: Fact = {"t": "BuildingBuilt", "seat": seat, "building": CATALOG[b], "price": paid, "university": source}
    if black:
        fact["black_market"] = black
    church = CHURCH_VP[COLUMN[b] - 1] if s.config.new_buildings and pl.occ(CHURCH) and b != CHURCH else 0
    if church:
        fact["church"] = church  # §2.4 church: 0/1/1/2 VP by column (§10 A37)
    tx.emit(fact)
    if church:
        _check_vp_trigger(tx)
    # §5.1.2 / §10 A38: the 12th city space is filled.
    if tx.state.players[seat].city_spaces >= 12 and "city" not in tx.state.end_reasons:
        tx.emit({"t": "GameEndTriggered", "reason": "city", "seat": seat})


# -- craftsman (§4.4) --------------------------------------------------------------------------


def _produce(tx: _Tx) -> None:
    s = tx.state
    nb, nobles = s.config.new_buildings, s.config.nobles
    supply = list(s.goods)
    rows: list[dict[str, Any]] = []
    chapel_vp = False
    for seat in order(s, s.chooser):  # §10 A6: served in turn order from the craftsman
        pl = s.players[seat]
        got = production(pl)
        for g in range(5):
            got[g] = min(got[g], supply[g])
            supply[g] -= got[g]
        extra: dict[str, Any] = {}
        doubloons = vp = 0
        if nb and pl.occ(AQUEDUCT):
            # §2.4 / §10 A24: +1 with an occupied large indigo plant / sugar mill, supply permitting
            aqueduct = {}
            for plant, g in ((INDIGO_PLANT, INDIGO), (SUGAR_MILL, SUGAR)):
                if pl.occ(plant) and got[g] >= 1 and supply[g] > 0:
                    got[g] += 1
                    supply[g] -= 1
                    aqueduct[GOODS[g]] = 1
            if aqueduct:
                extra["aqueduct"] = aqueduct
        factory = FACTORY_BONUS[sum(1 for c in got if c)] if pl.occ(FACTORY) else 0
        if nb and pl.occ(SPECIALTY_FACTORY):
            special = max(0, max(got[1:]) - 1)  # §2.4: corn does not count (§10 A25)
            if special:
                extra["specialty_factory"] = special
                doubloons += special
        if nobles and pl.occ(CHAPEL):
            if pl.occ_noble(CHAPEL):
                extra["chapel"] = "vp"
                vp += 1
            else:
                extra["chapel"] = "doubloon"
                doubloons += 1
        if nobles and pl.occ(JEWELER) and pl.nobles:
            extra["jeweler"] = pl.nobles
            doubloons += pl.nobles
        if any(got) or factory or doubloons or vp:
            row: dict[str, Any] = {"seat": seat, "goods": goods_dict(got), "factory": factory, **extra}
            if doubloons:
                row["doubloons"] = doubloons
            if vp:
                row["vp"] = vp
                chapel_vp = True
            rows.append(row)
    tx.emit({"t": "GoodsProduced", "production": rows})
    if chapel_vp:
        check_vp_trigger(tx)


def _craftsman_actions(s: State, seat: int) -> list[Action]:
    # §4.4 C3: an extra good of a kind he received, if the supply still has one
    return [{"type": "craftsman_bonus", "good": GOODS[g]} for g in s.produced if s.goods[g] > 0]


def _craftsman_bonus(tx: _Tx, seat: int, action: Action, rng: RandomSource) -> None:
    _fields(action, ("good",))
    g = _good(action)
    s = tx.state
    if g not in s.produced:
        _reject("craftsman.not_produced", f"You did not produce any {GOODS[g]} in this phase.")
    if s.goods[g] <= 0:
        _reject("craftsman.supply_empty", f"There is no {GOODS[g]} left in the supply.")
    tx.emit({"t": "CraftsmanBonusTaken", "seat": seat, "good": GOODS[g]})


# -- trader (§4.5) -----------------------------------------------------------------------------


def _sale_problem(s: State, pl: Player, g: int) -> tuple[str, str] | None:
    if pl.goods[g] <= 0:
        return "trader.no_good", f"You have no {GOODS[g]} to sell."
    if len(s.trading_house) >= TRADING_HOUSE_SPACES:
        return "trader.house_full", "The trading house is full."
    if g in s.trading_house and not pl.occ(OFFICE):
        return "trader.kind_present", f"The trading house already holds {GOODS[g]}; it buys each kind once."
    return None


def _trader_actions(s: State, seat: int) -> list[Action]:
    pl = s.players[seat]
    acts: list[Action] = []
    if not s.sale_done:
        if len(s.trading_house) < TRADING_HOUSE_SPACES:
            office = pl.occ(OFFICE)
            acts.extend(
                {"type": "sell", "good": GOODS[g]}
                for g in range(5)
                if pl.goods[g] > 0 and (office or g not in s.trading_house)
            )
        if s.config.new_buildings and pl.occ(TRADING_POST):
            acts.extend({"type": "sell", "good": GOODS[g], "venue": "trading_post"} for g in range(5) if pl.goods[g])
    if s.config.nobles and not s.land_office_used and pl.occ(LAND_OFFICE):
        if pl.occ_noble(LAND_OFFICE):
            acts.extend({"type": "land_office_sell", **t} for t in x.discard_targets(pl))
        elif pl.doubloons >= 1 and pl.tiles < ISLAND_SPACES and (s.draw_pile or s.discard):
            acts.append({"type": "land_office_buy"})
    return acts


def sale_price(s: State, seat: int, g: int) -> int:
    pl = s.players[seat]
    return (
        PRICES[g]
        + privilege(s, seat)
        + (1 if pl.occ(SMALL_MARKET) else 0)
        + (2 if pl.occ(LARGE_MARKET) else 0)
    )


def _sell(tx: _Tx, seat: int, action: Action, rng: RandomSource) -> None:
    s = tx.state
    _fields(action, ("good",), ("venue",) if s.config.expansions else ())
    g = _good(action)
    venue = action.get("venue", "house")
    if venue not in ("house", "trading_post"):
        _reject("action.malformed", "'venue' must be \"house\" or \"trading_post\".")
    if s.sale_done:
        _reject("trader.already_decided", "You have made your sale decision in this phase.")
    pl = s.players[seat]
    if venue == "trading_post":
        # §2.4: any kind, even with the trading house full; no market bonus (§10 A42)
        if not (s.config.new_buildings and pl.occ(TRADING_POST)):
            _reject("trader.no_trading_post", "You need an occupied trading post to sell there.")
        if pl.goods[g] <= 0:
            _reject("trader.no_good", f"You have no {GOODS[g]} to sell.")
        value = PRICES[g] + privilege(s, seat)
        tx.emit({"t": "GoodSold", "seat": seat, "good": GOODS[g], "price": value, "venue": "trading_post"})
        return
    problem = _sale_problem(s, pl, g)
    if problem:
        _reject(*problem)
    tx.emit({"t": "GoodSold", "seat": seat, "good": GOODS[g], "price": sale_price(s, seat, g)})


# -- captain (§4.6) ----------------------------------------------------------------------------


def _wharf_open(s: State, seat: int, pl: Player) -> bool:
    return pl.occ(WHARF) and seat not in s.wharf_used


def _captain_has_options(s: State, seat: int) -> bool:
    if s.config.expansions and x.guest_ok(s, seat):
        return True
    pl = s.players[seat]
    if not any(pl.goods):
        return False
    if _wharf_open(s, seat, pl) or normal_loads(s, pl):
        return True
    return bool(s.config.expansions) and (x.small_wharf_open(s, seat, pl) or x.royal_open(s, seat, pl))


def _captain_actions(s: State, seat: int) -> list[Action]:
    """Shipping options; `pass` is added by legal_actions only when no normal load exists."""
    pl = s.players[seat]
    acts: list[Action] = [{"type": "ship", "good": GOODS[g], "ship": i} for g, i, _ in normal_loads(s, pl)]
    if _wharf_open(s, seat, pl):
        acts.extend({"type": "ship", "good": GOODS[g], "ship": "wharf"} for g in range(5) if pl.goods[g])
    if s.config.expansions:
        if x.small_wharf_open(s, seat, pl):
            acts.extend(
                {"type": "small_wharf", "good": GOODS[g], "count": c} for g in range(5) for c in range(1, pl.goods[g] + 1)
            )
        if x.royal_open(s, seat, pl):
            acts.extend(
                {"type": "royal_supplier", "good": GOODS[g]} for g in range(5) if pl.goods[g] and g not in s.supplied
            )
    return acts


def _ship(tx: _Tx, seat: int, action: Action, rng: RandomSource) -> None:
    _fields(action, ("good", "ship"))
    g = _good(action)
    ship = action["ship"]
    s = tx.state
    pl = s.players[seat]
    if ship != "wharf" and (not isinstance(ship, int) or isinstance(ship, bool)):
        _reject("action.malformed", "'ship' must be a cargo ship number or \"wharf\".")
    have = pl.goods[g]
    if have <= 0:
        _reject("captain.no_good", f"You have no {GOODS[g]} to ship.")
    if ship == "wharf":
        if not pl.occ(WHARF):
            _reject("captain.no_wharf", "You need an occupied wharf to ship to your own ship.")
        if seat in s.wharf_used:
            _reject("captain.wharf_used", "You have already used your wharf in this phase.")
        count = have  # §2.3: all goods of the kind
    else:
        if not 0 <= ship < len(s.ship_capacity):
            _reject("captain.unknown_ship", f"There are cargo ships 0 to {len(s.ship_capacity) - 1} only.")
        cap, kind, load = s.ship_capacity[ship], s.ship_good[ship], s.ship_load[ship]
        if kind == g:
            if load >= cap:
                _reject("captain.ship_full", f"The {GOODS[g]} ship is full.")
            count = min(have, cap - load)
        elif load > 0:
            _reject("captain.ship_has_other_good", f"That ship already carries {GOODS[kind]}; a ship carries one kind.")
        elif g in s.ship_good:
            _reject("captain.good_on_other_ship", f"Another ship already carries {GOODS[g]}.")
        else:
            best = max(min(have, s.ship_capacity[i]) for i in range(len(s.ship_capacity)) if s.ship_load[i] == 0)
            if min(have, cap) < best:
                _reject(
                    "captain.must_use_largest",
                    f"You must load your {GOODS[g]} onto the empty ship that takes the most of it.",
                )
            count = min(have, cap)
    # §4.6 scoring a shipment
    if s.config.expansions:
        bonus, doubloons = x.shipment_bonus(s, seat, pl)
        fact: Fact = {"t": "GoodsShipped", "seat": seat, "good": GOODS[g], "ship": ship, "count": count, "vp": count + bonus}
        if doubloons:
            fact["doubloons"] = doubloons  # §2.4 lighthouse
        tx.emit(fact)
        _check_vp_trigger(tx)
        return
    vp = count + (1 if pl.occ(HARBOR) else 0)
    if seat == s.chooser and not s.captain_shipped:
        vp += 1  # captain privilege, once, with the first shipment
    tx.emit({"t": "GoodsShipped", "seat": seat, "good": GOODS[g], "ship": ship, "count": count, "vp": vp})
    _check_vp_trigger(tx)


def _storage_needs_choice(s: State, seat: int) -> bool:
    """§4.6 K6: auto-keep when, after protecting the W largest kinds, at most 1 good remains."""
    if s.config.new_buildings:
        return x.guest_ok(s, seat) or x.storage_needs_choice(s, seat)
    pl = s.players[seat]
    rest = sorted((c for g, c in enumerate(pl.goods) if c and g not in s.warehoused), reverse=True)
    free = x.warehouse_slots(pl) - len(s.warehoused)
    return sum(rest[free:]) > 1


def _storage_actions(s: State, seat: int) -> list[Action]:
    if s.config.new_buildings:
        return x.storage_actions(s, seat)
    pl = s.players[seat]
    unprotected = [g for g in range(5) if pl.goods[g] and g not in s.warehoused]
    acts: list[Action] = []
    if x.warehouse_slots(pl) > len(s.warehoused):
        acts.extend({"type": "warehouse", "good": GOODS[g]} for g in unprotected)
    acts.extend({"type": "keep", "good": GOODS[g]} for g in unprotected)
    acts.append({"type": "done"})
    return acts


_warehouse = x.warehouse  # (no singles are kept in a base game)


_keep = x.keep


_store_done = x.store_done


def _done(tx: _Tx, seat: int, action: Action, rng: RandomSource) -> None:
    step = tx.state.step
    if step == STORE:
        _store_done(tx, seat, action, rng)
    elif step == ARRANGE:
        _arrange_done(tx, seat, action, rng)
    elif step == SMALL_WHARF_STEP:
        x.small_wharf_sail(tx, seat, action, rng)
    else:  # a guest window (§4.8)
        x.window_done(tx, seat, action, rng)


def _pass(tx: _Tx, seat: int, action: Action, rng: RandomSource) -> None:
    _fields(action)
    s = tx.state
    if s.step == SHIP and normal_loads(s, s.players[seat]):
        _reject("captain.must_ship", "You must ship goods when you can.")
    if s.step == SELL and s.sale_done:
        _reject("trader.already_decided", "You have made your sale decision; use end_turn to finish your turn.")
    tx.emit({"t": "Passed", "seat": seat, "phase": s.phase})


# -- what follows automatically ---------------------------------------------------------------


def _phase_ended(tx: _Tx) -> None:
    tx.emit({"t": "PhaseEnded", "phase": tx.state.phase})


def _auto_pass(tx: _Tx) -> None:
    s = tx.state
    tx.emit({"t": "Passed", "seat": s.turn, "phase": s.phase, "auto": True})


def _arrange_auto(tx: _Tx, s: State) -> bool:
    """§4.2 M4 steps with nothing left to decide; False when the player must choose."""
    pl = s.players[s.turn]
    total, circles = pl.workers, pl.circles
    if total == 0:
        tx.emit({"t": "ArrangementFinished", "seat": s.turn, "auto": True})
    elif total >= circles and (pl.nobles == 0 or pl.nobles == total):
        # no choice: every circle is filled, the rest stay on the windrose (§4.2 rule 3)
        tx.emit({"t": "ColonistsAssigned", "seat": s.turn})
    elif s.placed and (pl.windrose == 0 or pl.placed >= circles):
        tx.emit({"t": "ArrangementFinished", "seat": s.turn, "auto": True})
    else:
        return False
    return True


def _advance(tx: _Tx, rng: RandomSource) -> None:
    """Run the automatic steps until a seat has a real choice or the game is over."""
    while True:
        s = tx.state
        step = s.step
        if step in (SELECT_ROLE, OVER, DRAFT, PLACE_TILE, TAKE_PIECE, SMALL_WHARF_STEP):
            return
        if step in (SETTLE, SETTLE_EXTRA):
            if _settler_has_options(s, s.turn):
                return
            _auto_pass(tx)
        elif step == SETTLER_END:
            _refill_row(tx, rng)
            _phase_ended(tx)
        elif step == MAYOR_PRIVILEGE:
            if s.colonist_supply > 0:
                return
            tx.emit({"t": "MayorPrivilegeTaken", "seat": s.turn, "colonists": 0, "auto": True})
        elif step == DISTRIBUTE:
            if s.config.nobles:
                tx.emit(x.distribution(s))
            else:
                tx.emit({"t": "ColonistsDistributed", "colonists": _distribution(s)})
        elif step == ARRANGE:
            if not _arrange_auto(tx, s):
                return
        elif step == MAYOR_END:
            if s.config.nobles:
                tx.emit(x.refill(s))  # §6.3: no colonist end trigger with Nobles
            else:
                # §4.2 M5: refill the colonist ship; §5.1.1 colonist end trigger (§10 A7)
                need = max(_empty_building_circles(s), s.n)
                if s.colonist_supply >= need:
                    tx.emit({"t": "ColonistShipRefilled", "colonists": need})
                else:
                    tx.emit({"t": "ColonistShipRefilled", "colonists": s.colonist_supply, "short": True})
                    if "colonists" not in tx.state.end_reasons:
                        tx.emit({"t": "GameEndTriggered", "reason": "colonists"})
            _phase_ended(tx)
        elif step == BUILD:
            if _can_build(s, s.turn):
                return
            _auto_pass(tx)
        elif step == PRODUCE:
            _produce(tx)
        elif step == CRAFTSMAN_BONUS:
            if _craftsman_actions(s, s.turn) or (s.config.expansions and x.guest_ok(s, s.turn)):
                return
            _auto_pass(tx)
        elif step == SELL:
            if _trader_actions(s, s.turn) or (s.config.expansions and x.guest_ok(s, s.turn)):
                return
            _auto_pass(tx)
        elif step == TRADER_END:
            if len(s.trading_house) >= TRADING_HOUSE_SPACES:
                tx.emit({"t": "TradingHouseEmptied", "goods": [GOODS[g] for g in s.trading_house]})
            _phase_ended(tx)
        elif step == SHIP:
            if _captain_has_options(s, s.turn):
                return
            if any(_captain_has_options(s, seat) for seat in range(s.n)):
                _auto_pass(tx)
            else:
                tx.emit({"t": "LoadingEnded"})  # nobody can ship any more (§10 A17)
        elif step == STORE:
            if _storage_needs_choice(s, s.turn):
                return
            if s.config.new_buildings:
                x.auto_store(tx, s.turn)
            else:
                tx.emit({"t": "GoodsStored", "seat": s.turn, "kept": None, "discarded": {}, "auto": True})
        elif step == CAPTAIN_END:
            # §4.6 K7: full ships are unloaded into the supply
            for i, cap in enumerate(s.ship_capacity):
                if s.ship_load[i] >= cap:
                    tx.emit({"t": "ShipUnloaded", "ship": i, "good": GOODS[s.ship_good[i]], "count": cap})
            _phase_ended(tx)
        elif step == PROSPECT:
            # §4.7 (2 doubloons with an occupied library, §2.4)
            tx.emit({"t": "ProspectorPrivilegeTaken", "seat": s.chooser, "doubloons": privilege(s, s.chooser)})
        elif step in (BUILDER_END, CRAFTSMAN_END, PROSPECTOR_END):
            _phase_ended(tx)
        elif step == ROUND_END:
            if s.end_reasons:
                # §5.1: the game ends at the end of the round in which a trigger fired
                tx.emit({"t": "GameEnded", "reasons": list(s.end_reasons), "scores": final_scores(s)})
            else:
                bonus = [r for r, t in zip(s.roles, s.role_taken, strict=True) if t < 0]
                tx.emit(
                    {"t": "RoundEnded", "round": s.round, "bonus_roles": bonus, "governor": (s.governor + 1) % s.n}
                )
        # -- expansion steps --
        elif step in (GUEST_START, GUEST_END):
            if x.guest_ok(s, s.turn):
                return
            _auto_pass(tx)
        elif step == LODGE:
            pl = s.players[s.turn]
            if pl.occ_noble(x.HUNTING_LODGE):
                vp = x.lodge_bonus(s, s.turn)
                if vp:
                    tx.emit({"t": "HuntingLodgeRewarded", "seat": s.turn, "vp": vp})
                    _check_vp_trigger(tx)
                else:
                    _auto_pass(tx)
            elif x.lodge_actions(s, s.turn) or x.guest_ok(s, s.turn):
                return
            else:
                _auto_pass(tx)
        elif step == VILLA_STEP:
            if x.villa_actions(s, s.turn):
                return
            _auto_pass(tx)
        elif step == BLACK_MARKET_STEP:
            if s.bm_left > 0:
                return
            pl = s.players[s.turn]
            _complete_build(tx, s.turn, s.bm_building, pl.doubloons, s.bm_university, len(s.bm_given))
        elif step == CAPTAIN_START:
            x.captain_start(tx)
        else:  # pragma: no cover - every step is handled above
            raise AssertionError(f"unknown step {step!r}")


# -- the contract ------------------------------------------------------------------------------

Handler = Callable[[_Tx, int, Action, RandomSource], None]

_ACTIONS: dict[str, tuple[Handler, frozenset[str]]] = {
    "select_role": (_select_role, frozenset({SELECT_ROLE})),
    "hacienda_draw": (_hacienda_draw, frozenset({SETTLE})),
    "hacienda_quarry": (_hacienda_quarry, frozenset({SETTLE})),
    "take_plantation": (_take_plantation, frozenset({SETTLE, SETTLE_EXTRA})),
    "take_quarry": (_take_quarry, frozenset({SETTLE, SETTLE_EXTRA})),
    "mayor_privilege": (_mayor_privilege, frozenset({MAYOR_PRIVILEGE})),
    "place": (_place, frozenset({ARRANGE})),
    "remove": (_remove, frozenset({ARRANGE})),
    "build": (_build, frozenset({BUILD})),
    "craftsman_bonus": (_craftsman_bonus, frozenset({CRAFTSMAN_BONUS})),
    "sell": (_sell, frozenset({SELL})),
    "ship": (_ship, frozenset({SHIP})),
    "warehouse": (_warehouse, frozenset({STORE})),
    "keep": (_keep, frozenset({STORE})),
    "pass": (_pass, frozenset({SETTLE, SETTLE_EXTRA, LODGE, VILLA_STEP, BUILD, CRAFTSMAN_BONUS, SELL, SHIP})),
    "done": (_done, frozenset({ARRANGE, STORE, GUEST_START, GUEST_END, SMALL_WHARF_STEP})),
    # New Buildings
    "draft_building": (x.draft_building, frozenset({DRAFT})),
    "deploy_guest": (x.deploy_guest, x.GUEST_STEPS),
    "take_forest": (x.take_forest, frozenset({SETTLE, SETTLE_EXTRA})),
    "place_drawn_tile": (x.place_drawn_tile, frozenset({PLACE_TILE})),
    "black_market_worker": (x.black_market_worker, frozenset({BLACK_MARKET_STEP})),
    "black_market_good": (x.black_market_good, frozenset({BLACK_MARKET_STEP})),
    "black_market_vp": (x.black_market_vp, frozenset({BLACK_MARKET_STEP})),
    "small_wharf": (x.small_wharf, frozenset({SHIP, SMALL_WHARF_STEP})),
    # Nobles
    "hunting_lodge_discard": (x.hunting_lodge_discard, frozenset({LODGE})),
    "villa_take": (x.villa_take, frozenset({VILLA_STEP})),
    "take_from_ship": (x.take_from_ship, frozenset({TAKE_PIECE})),
    "land_office_buy": (x.land_office_buy, frozenset({SELL})),
    "land_office_sell": (x.land_office_sell, frozenset({SELL})),
    "end_turn": (x.end_turn, frozenset({SELL})),
    "royal_supplier": (x.royal_supplier, frozenset({SHIP})),
}

ACTION_STEPS: dict[str, frozenset[str]] = {kind: steps for kind, (_, steps) in _ACTIONS.items()}

_WAITING_FOR = {
    SELECT_ROLE: "a role to be selected",
    SETTLE: "a settler pick",
    MAYOR_PRIVILEGE: "the mayor's privilege",
    ARRANGE: "colonists to be arranged",
    BUILD: "a building decision",
    CRAFTSMAN_BONUS: "the craftsman's extra good",
    SELL: "a sale to the trading house",
    SHIP: "a shipment",
    STORE: "goods to be stored",
    DRAFT: "a building to be drafted",
    GUEST_START: "guests to be deployed (or done)",
    GUEST_END: "guests to be deployed (or done)",
    SETTLE_EXTRA: "the library's extra tile",
    PLACE_TILE: "the drawn tile to be placed face up or as a forest",
    LODGE: "the hunting lodge",
    VILLA_STEP: "the villa",
    TAKE_PIECE: "a colonist or noble to be taken from the ship",
    BLACK_MARKET_STEP: "the black-market payment",
    SMALL_WHARF_STEP: "goods for the small wharf (or done)",
}


def to_act(state: State) -> frozenset[int]:
    if state.step == OVER or state.turn < 0:
        return frozenset()
    return frozenset((state.turn,))


def _step_actions(s: State, seat: int) -> list[Action]:
    step = s.step
    if step == SELECT_ROLE:
        return _role_actions(s, seat)
    if step in (SETTLE, SETTLE_EXTRA):
        return [*_settler_actions(s, seat), {"type": "pass"}]
    if step == MAYOR_PRIVILEGE:
        return _mayor_privilege_actions(s, seat)
    if step == ARRANGE:
        return _arrange_actions(s, seat)
    if step == BUILD:
        return [*_builder_actions(s, seat), {"type": "pass"}]
    if step == CRAFTSMAN_BONUS:
        return [*_craftsman_actions(s, seat), {"type": "pass"}]
    if step == SELL:
        return [*_trader_actions(s, seat), {"type": "end_turn" if s.sale_done else "pass"}]
    if step == SHIP:
        acts = _captain_actions(s, seat)
        if not normal_loads(s, s.players[seat]):
            acts.append({"type": "pass"})
        return acts
    if step == STORE:
        return _storage_actions(s, seat)
    if step == DRAFT:
        return x.draft_actions(s, seat)
    if step in (GUEST_START, GUEST_END):
        return [{"type": "done"}]
    if step == PLACE_TILE:
        return x.place_actions(s, seat)
    if step == LODGE:
        return [*x.lodge_actions(s, seat), {"type": "pass"}]
    if step == VILLA_STEP:
        return [*x.villa_actions(s, seat), {"type": "pass"}]
    if step == TAKE_PIECE:
        return x.take_piece_actions(s, seat)
    if step == BLACK_MARKET_STEP:
        return x.black_market_actions(s, seat)
    if step == SMALL_WHARF_STEP:
        return x.small_wharf_actions(s, seat)
    return []


def legal_actions(state: State, seat: int) -> list[Action]:
    """Every action `seat` may take now, each ready to submit as it is ([] if not its turn)."""
    s = state
    if seat != s.turn or s.step == OVER:
        return []
    acts = _step_actions(s, seat)
    if s.config.new_buildings and x.guest_ok(s, seat):
        return [*x.guest_actions(s, seat), *acts]  # §4.8: a guest may move first
    return acts


def decide(state: State, seat: int, action: Action, rng: RandomSource) -> list[Fact]:
    """Validate `action` for `seat`; the facts it causes and everything that follows."""
    if state.step == OVER:
        _reject("game.over", "This game is over; no more moves can be made.")
    if not isinstance(seat, int) or isinstance(seat, bool) or seat != state.turn:
        _reject("turn.not_yours", "It is not your turn.")
    if not isinstance(action, dict):
        _reject("action.malformed", "An action must be a JSON object with a 'type'.")
    kind = action.get("type")
    if not isinstance(kind, str):
        _reject("action.malformed", "An action must have a 'type' naming what to do.")
    entry = _ACTIONS.get(kind)
    if entry is None:
        _reject("action.unknown_type", f"Puerto Rico has no action {kind!r}.")
    handler, steps = entry
    if state.step not in steps:
        _reject("action.not_now", f"You cannot {kind.replace('_', ' ')} now; the game is waiting for {_WAITING_FOR[state.step]}.")
    tx = _Tx(state)
    handler(tx, seat, action, rng)
    _advance(tx, rng)
    remember(tx.chain)
    return tx.facts

