"""Puerto Rico rules: options, setup, decide, legal_actions, to_act.

`decide` validates one atomic action, emits the facts it causes, and then runs everything that
follows automatically (`_advance`) until some seat has a real choice: production, refills, the
colonist distribution, auto-passes of players with nothing to do (each recorded as a fact with
`"auto": true`), end of phase, end of round, the governor change, end triggers and the final
scoring. `legal_actions` lists exactly what `decide` accepts; both use the same predicates.

Section numbers (§) refer to the rules page `shared/rules/puerto-rico.md`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, NoReturn

from domain.core import IllegalAction, InvalidOptions, RandomSource, shuffle

from .components import (
    AVAILABLE_EXPANSIONS,
    BUILDING_INDEX,
    BUILDINGS,
    CATALOG,
    CIRCLES,
    COLUMN,
    CONSTRUCTION_HUT,
    CORN,
    COST,
    FACTORY,
    FACTORY_BONUS,
    GOOD_INDEX,
    GOODS,
    HACIENDA,
    HARBOR,
    HOSPICE,
    ISLAND_SPACES,
    KNOWN_EXPANSIONS,
    LARGE_MARKET,
    LARGE_WAREHOUSE,
    OFFICE,
    PRICES,
    PRODUCTION_BY_GOOD,
    QUARRY,
    SETUPS,
    SIZE,
    SMALL_MARKET,
    SMALL_WAREHOUSE,
    TILE_INDEX,
    TILE_KINDS,
    TRADING_HOUSE_SPACES,
    UNIVERSITY,
    WHARF,
    building_copies,
)
from .evolve import apply, remember
from .scoring import final_scores
from .state import (
    ARRANGE,
    BUILD,
    BUILDER_END,
    CAPTAIN_END,
    CRAFTSMAN_BONUS,
    CRAFTSMAN_END,
    DISTRIBUTE,
    MAYOR_END,
    MAYOR_PRIVILEGE,
    OVER,
    PRODUCE,
    PROSPECT,
    PROSPECTOR_END,
    ROUND_END,
    SELECT_ROLE,
    SELL,
    SETTLE,
    SETTLER_END,
    SHIP,
    STORE,
    TRADER_END,
    Player,
    State,
)

Action = dict[str, Any]
Fact = dict[str, Any]

PLANTATION_KINDS = GOODS  # the five plantation kinds have the goods' names
_OPTION_KEYS = {"expansions", "first_governor", "max_large_buildings", "hacienda_quarry_with_construction_hut"}


# -- options and setup (§1.2, §1.3, §6.1) ----------------------------------------------------


def check_options(options: Mapping[str, Any], seats: int) -> dict[str, Any]:
    """Normalised options, or InvalidOptions with an `options.*` code."""
    if not isinstance(options, Mapping):
        raise InvalidOptions("options.malformed", "Options must be a JSON object.")
    unknown = sorted(set(options) - _OPTION_KEYS)
    if unknown:
        raise InvalidOptions("options.unknown", f"Puerto Rico has no option {unknown[0]!r}.")
    if not isinstance(seats, int) or isinstance(seats, bool) or seats not in SETUPS:
        raise InvalidOptions("options.player_count", "Puerto Rico is played by 2 to 5 players.")
    expansions = options.get("expansions", [])
    if not isinstance(expansions, list | tuple) or not all(isinstance(e, str) for e in expansions):
        raise InvalidOptions("options.expansions", "Expansions must be a list of names.")
    for e in expansions:
        if e not in KNOWN_EXPANSIONS:
            raise InvalidOptions(
                "options.expansion_unknown",
                f"There is no Puerto Rico expansion {e!r}; known ones are {', '.join(KNOWN_EXPANSIONS)}.",
            )
        if e not in AVAILABLE_EXPANSIONS:
            raise InvalidOptions("options.expansion_unavailable", f"The {e} expansion is not available yet.")
    if len(set(expansions)) != len(expansions):
        raise InvalidOptions("options.expansions", "Each expansion may be named only once.")
    first = options.get("first_governor", "random")
    if first not in ("random", "seat_order"):
        raise InvalidOptions(
            "options.first_governor",
            "first_governor must be 'random' (drawn at setup) or 'seat_order' (seat 0 starts).",
        )
    max_large = options.get("max_large_buildings", 4)
    if not isinstance(max_large, int) or isinstance(max_large, bool) or not 1 <= max_large <= 6:
        raise InvalidOptions("options.max_large_buildings", "max_large_buildings must be a whole number from 1 to 6.")
    hq = options.get("hacienda_quarry_with_construction_hut", False)
    if not isinstance(hq, bool):
        raise InvalidOptions(
            "options.hacienda_quarry_with_construction_hut", "hacienda_quarry_with_construction_hut must be true or false."
        )
    return {
        "expansions": sorted(expansions),
        "first_governor": first,
        "max_large_buildings": max_large,
        "hacienda_quarry_with_construction_hut": hq,
    }


def setup(options: Mapping[str, Any], seats: int, rng: RandomSource) -> list[Fact]:
    """§1.3: the facts that create the starting position; the draws are recorded in them."""
    opts = check_options(options, seats)
    spec = SETUPS[seats]
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
    return [
        {
            "t": "GameSetUp",
            "governor": governor,
            "config": {
                "expansions": opts["expansions"],
                "max_large_buildings": opts["max_large_buildings"],
                "hacienda_quarry_with_construction_hut": opts["hacienda_quarry_with_construction_hut"],
            },
            "starting_plantations": starting,
            "doubloons": spec.doubloons,
            "vp_supply": spec.vp,
            "colonist_supply": spec.colonist_supply,
            "colonist_ship": spec.colonist_ship,
            "quarries": spec.quarries,
            "goods": {g: spec.goods[i] for i, g in enumerate(GOODS)},
            "buildings": {
                b.id: building_copies(b, seats) for b in BUILDINGS if b.expansion == "base"
            },
            "cargo_ships": list(spec.cargo_ships),
            "roles": list(spec.roles),
            "selections_per_round": spec.selections_per_round,
        },
        {"t": "PlantationsShuffled", "tiles": shuffled},
        {"t": "PlantationsDrawn", "tiles": shuffled[: seats + 1]},  # §8.3: N + 1 face up
    ]


# -- small helpers ----------------------------------------------------------------------------


class _Tx:
    """The facts of one decision, and the states they lead to."""

    __slots__ = ("state", "facts", "chain")

    def __init__(self, state: State) -> None:
        self.state = state
        self.facts: list[Fact] = []
        self.chain: dict[int, tuple[State | None, Fact, State]] = {}

    def emit(self, fact: Fact) -> None:
        before = self.state
        self.state = apply(before, fact)
        self.facts.append(fact)
        self.chain[id(fact)] = (before, fact, self.state)


def _reject(code: str, message: str) -> NoReturn:
    raise IllegalAction(code, message)


def _fields(action: Action, required: tuple[str, ...] = (), optional: tuple[str, ...] = ()) -> None:
    for key in required:
        if key not in action:
            _reject("action.malformed", f"A {action['type']!r} action needs a {key!r} field.")
    for key in action:
        if key != "type" and key not in required and key not in optional:
            _reject("action.malformed", f"A {action['type']!r} action has no field {key!r}.")


def _good(action: Action, key: str = "good") -> int:
    value = action[key]
    if not isinstance(value, str) or value not in GOOD_INDEX:
        _reject("action.malformed", f"{key!r} must be one of {', '.join(GOODS)}.")
    return GOOD_INDEX[value]


def _flag(action: Action, key: str) -> bool:
    value = action.get(key, True)
    if not isinstance(value, bool):
        _reject("action.malformed", f"{key!r} must be true or false.")
    return value


def _colonist_source(s: State) -> str | None:
    """§10 A14/A15: a colonist from the supply, else from the ship, else none."""
    if s.colonist_supply > 0:
        return "supply"
    if s.colonist_ship > 0:
        return "ship"
    return None


def _order(s: State, first: int) -> list[int]:
    return [(first + i) % s.n for i in range(s.n)]


def _goods_dict(vector: list[int] | tuple[int, ...]) -> dict[str, int]:
    return {GOODS[g]: c for g, c in enumerate(vector) if c}


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


def _hospice_matters(s: State, pl: Player) -> bool:
    return pl.occ(HOSPICE) and (s.colonist_supply > 0 or s.colonist_ship > 0)


def _may_take_quarry(s: State, seat: int, pl: Player) -> bool:
    # privilege of the settler or an occupied construction hut; never a second quarry (§2.3)
    return (seat == s.chooser or pl.occ(CONSTRUCTION_HUT)) and s.hacienda != 2


def _settler_actions(s: State, seat: int) -> list[Action]:
    """The settler options other than `pass` (empty: the player is auto-passed)."""
    pl = s.players[seat]
    if sum(pl.island) >= ISLAND_SPACES:
        return []  # §4.1: a full island takes no more tiles
    acts: list[Action] = []
    if pl.occ(HACIENDA) and s.hacienda == 0:
        if s.draw_pile or s.discard:
            acts.append({"type": "hacienda_draw"})
        if s.config.hacienda_quarry_with_construction_hut and pl.occ(CONSTRUCTION_HUT) and s.quarries > 0:
            acts.append({"type": "hacienda_quarry"})
    hospice = _hospice_matters(s, pl)
    for k in sorted(set(s.faceup)):
        acts.append({"type": "take_plantation", "kind": TILE_KINDS[k]})
        if hospice:
            acts.append({"type": "take_plantation", "kind": TILE_KINDS[k], "hospice": False})
    if s.quarries > 0 and _may_take_quarry(s, seat, pl):
        acts.append({"type": "take_quarry"})
        if hospice:
            acts.append({"type": "take_quarry", "hospice": False})
    return acts


def _settler_has_options(s: State, seat: int) -> bool:
    """Whether `_settler_actions` is non-empty, without building it."""
    pl = s.players[seat]
    if sum(pl.island) >= ISLAND_SPACES:
        return False
    if s.faceup or (s.quarries > 0 and _may_take_quarry(s, seat, pl)):
        return True
    return pl.occ(HACIENDA) and s.hacienda == 0 and bool(
        s.draw_pile or s.discard or (s.config.hacienda_quarry_with_construction_hut and pl.occ(CONSTRUCTION_HUT) and s.quarries > 0)
    )


def _check_island_space(pl: Player) -> None:
    if sum(pl.island) >= ISLAND_SPACES:
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
    if not s.draw_pile:
        tx.emit(_reshuffle(s, rng))  # §10 A9: procedure R for every face-down draw
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
    _fields(action, ("kind",), ("hospice",))
    kind = action["kind"]
    if not isinstance(kind, str) or kind not in PLANTATION_KINDS:
        _reject("action.malformed", f"'kind' must be one of {', '.join(PLANTATION_KINDS)}.")
    use_hospice = _flag(action, "hospice")
    s = tx.state
    pl = s.players[seat]
    _check_island_space(pl)
    if TILE_INDEX[kind] not in s.faceup:
        _reject("settler.not_in_row", f"There is no face-up {kind} plantation to take.")
    source = _colonist_source(s) if use_hospice and pl.occ(HOSPICE) else None
    tx.emit({"t": "PlantationTaken", "seat": seat, "kind": kind, "hospice": source})


def _take_quarry(tx: _Tx, seat: int, action: Action, rng: RandomSource) -> None:
    _fields(action, (), ("hospice",))
    use_hospice = _flag(action, "hospice")
    s = tx.state
    pl = s.players[seat]
    _check_island_space(pl)
    if s.hacienda == 2:
        _reject("settler.one_quarry", "You have already taken a quarry this turn.")
    if not (seat == s.chooser or pl.occ(CONSTRUCTION_HUT)):
        _reject(
            "settler.quarry_not_allowed",
            "Only the settler, or the owner of an occupied construction hut, may take a quarry.",
        )
    if s.quarries <= 0:
        _reject("settler.no_quarries", "There are no quarries left.")
    source = _colonist_source(s) if use_hospice and pl.occ(HOSPICE) else None
    tx.emit({"t": "QuarryTaken", "seat": seat, "hospice": source})


def _reshuffle(s: State, rng: RandomSource) -> Fact:
    """§4.1 procedure R: the discard pile, shuffled face down, becomes the draw pile (§8.5)."""
    return {"t": "PlantationsShuffled", "tiles": [TILE_KINDS[k] for k in shuffle(rng, s.discard)]}


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
            tx.emit(_reshuffle(s, rng))
        else:
            break  # play continues with fewer face-up tiles


# -- mayor (§4.2) ------------------------------------------------------------------------------

_PRIVILEGE_COLONISTS = 1  # 2 with an occupied Library (New Buildings)


def _mayor_privilege_actions(s: State, seat: int) -> list[Action]:
    top = min(_PRIVILEGE_COLONISTS, s.colonist_supply)
    return [{"type": "mayor_privilege", "colonists": n} for n in range(top, -1, -1)]


def _mayor_privilege(tx: _Tx, seat: int, action: Action, rng: RandomSource) -> None:
    _fields(action, ("colonists",))
    n = action["colonists"]
    if not isinstance(n, int) or isinstance(n, bool):
        _reject("action.malformed", "'colonists' must be a whole number.")
    if not 0 <= n <= _PRIVILEGE_COLONISTS:
        _reject("mayor.privilege_limit", f"The mayor may take 0 to {_PRIVILEGE_COLONISTS} colonist from the supply.")
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


def _target(pl: Player, name: Any) -> tuple[int, int] | None:
    """(colonists on it, circles) of an island tile kind or an owned building, or None."""
    if not isinstance(name, str):
        return None
    k = TILE_INDEX.get(name)
    if k is not None:
        return pl.manned[k], pl.island[k]
    b = BUILDING_INDEX.get(name)
    if b is not None and pl.buildings[b] >= 0:
        return pl.buildings[b], CIRCLES[b]
    return None


def _targets(pl: Player) -> list[tuple[str, int, int]]:
    out = [(TILE_KINDS[k], pl.manned[k], pl.island[k]) for k in range(len(TILE_KINDS)) if pl.island[k]]
    out.extend((CATALOG[b], w, CIRCLES[b]) for b, w in enumerate(pl.buildings) if w >= 0)
    return out


def _arrange_actions(s: State, seat: int) -> list[Action]:
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


def _place(tx: _Tx, seat: int, action: Action, rng: RandomSource) -> None:
    _fields(action, ("to",))
    pl = tx.state.players[seat]
    target = _target(pl, action["to"])
    if target is None:
        _reject("mayor.unknown_target", f"You have no plantation, quarry or building {action['to']!r}.")
    if pl.windrose <= 0:
        _reject("mayor.no_colonist", "You have no colonist waiting on your windrose to place.")
    if target[0] >= target[1]:
        _reject("mayor.target_full", f"Every circle of your {action['to']} is already occupied.")
    tx.emit({"t": "ColonistPlaced", "seat": seat, "to": action["to"]})


def _remove(tx: _Tx, seat: int, action: Action, rng: RandomSource) -> None:
    _fields(action, ("from",))
    s = tx.state
    pl = s.players[seat]
    target = _target(pl, action["from"])
    if target is None:
        _reject("mayor.unknown_target", f"You have no plantation, quarry or building {action['from']!r}.")
    if s.placed:
        _reject(
            "mayor.remove_after_place",
            "Take colonists off your tiles before you start placing; you have already placed one.",
        )
    if target[0] <= 0:
        _reject("mayor.nothing_to_remove", f"There is no colonist on your {action['from']}.")
    tx.emit({"t": "ColonistRemoved", "seat": seat, "from": action["from"]})


def _arrange_done(tx: _Tx, seat: int, action: Action, rng: RandomSource) -> None:
    _fields(action)
    pl = tx.state.players[seat]
    if pl.windrose > 0 and any(w < c for _, w, c in _targets(pl)):
        _reject(
            "mayor.empty_circles",
            "Colonists may stay on the windrose only when every circle on your board is filled.",
        )
    tx.emit({"t": "ArrangementFinished", "seat": seat})


def _empty_building_circles(s: State) -> int:
    """§4.2 M5: empty circles on buildings of all players (plantations and quarries do not count)."""
    return sum(
        CIRCLES[b] - w for pl in s.players for b, w in enumerate(pl.buildings) if w >= 0
    )


# -- builder (§4.3) ----------------------------------------------------------------------------


def price(s: State, seat: int, b: int) -> int:
    """§4.3 step 4: cost − occupied quarries (up to the column) − 1 for the builder, at least 0."""
    pl = s.players[seat]
    discount = min(pl.manned[QUARRY], COLUMN[b]) + (1 if seat == s.chooser else 0)
    return max(0, COST[b] - discount)


def _build_problem(s: State, seat: int, b: int) -> tuple[str, str] | None:
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
    if p > pl.doubloons:
        return "builder.cannot_afford", f"The {name} costs you {p} doubloons; you have {pl.doubloons}."
    return None


def _builder_actions(s: State, seat: int) -> list[Action]:
    pl = s.players[seat]
    owned = pl.buildings
    spaces = large = 0
    for b, w in enumerate(owned):
        if w >= 0:
            spaces += SIZE[b]
            large += SIZE[b] == 2
    university = owned[UNIVERSITY] > 0 and (s.colonist_supply > 0 or s.colonist_ship > 0)
    quarries = pl.manned[QUARRY]
    money = pl.doubloons + (1 if seat == s.chooser else 0)  # the builder's privilege
    room = 12 - spaces
    large_ok = large < s.config.max_large_buildings
    acts: list[Action] = []
    for b, left in enumerate(s.building_supply):
        if left <= 0 or owned[b] >= 0 or SIZE[b] > room or (SIZE[b] == 2 and not large_ok):
            continue
        if COST[b] - min(quarries, COLUMN[b]) > money:
            continue
        acts.append({"type": "build", "building": CATALOG[b]})
        if university and CIRCLES[b] > 0:
            acts.append({"type": "build", "building": CATALOG[b], "university": False})
    return acts


def _can_build(s: State, seat: int) -> bool:
    """Whether `_builder_actions` is non-empty, stopping at the first buildable building."""
    pl = s.players[seat]
    owned = pl.buildings
    spaces = large = 0
    for b, w in enumerate(owned):
        if w >= 0:
            spaces += SIZE[b]
            large += SIZE[b] == 2
    money = pl.doubloons + (1 if seat == s.chooser else 0)
    quarries = pl.manned[QUARRY]
    room = 12 - spaces
    large_ok = large < s.config.max_large_buildings
    for b, left in enumerate(s.building_supply):
        if (
            left > 0
            and owned[b] < 0
            and SIZE[b] <= room
            and (SIZE[b] == 1 or large_ok)
            and COST[b] - min(quarries, COLUMN[b]) <= money
        ):
            return True
    return False


def _build(tx: _Tx, seat: int, action: Action, rng: RandomSource) -> None:
    _fields(action, ("building",), ("university",))
    name = action["building"]
    if not isinstance(name, str) or name not in BUILDING_INDEX:
        _reject("builder.unknown_building", f"There is no building {name!r} in this game.")
    use_university = _flag(action, "university")
    s = tx.state
    b = BUILDING_INDEX[name]
    problem = _build_problem(s, seat, b)
    if problem:
        _reject(*problem)
    pl = s.players[seat]
    # §2.3 University: one colonist onto the new building, from the supply, else the ship.
    source = _colonist_source(s) if use_university and pl.occ(UNIVERSITY) and CIRCLES[b] > 0 else None
    tx.emit({"t": "BuildingBuilt", "seat": seat, "building": name, "price": price(s, seat, b), "university": source})
    # §5.1.2 / §10 A38: the 12th city space is filled.
    if tx.state.players[seat].city_spaces >= 12 and "city" not in tx.state.end_reasons:
        tx.emit({"t": "GameEndTriggered", "reason": "city", "seat": seat})


# -- craftsman (§4.4) --------------------------------------------------------------------------


def production(pl: Player) -> list[int]:
    """§2.3: corn from occupied corn plantations; other kinds min(occupied plantations, workers
    on that kind's production buildings)."""
    out = [pl.manned[CORN], 0, 0, 0, 0]
    for g in range(1, 5):
        if pl.manned[g]:
            workers = sum(pl.buildings[b] for b in PRODUCTION_BY_GOOD[g] if pl.buildings[b] > 0)
            out[g] = min(pl.manned[g], workers)
    return out


def _produce(tx: _Tx) -> None:
    s = tx.state
    supply = list(s.goods)
    rows: list[dict[str, Any]] = []
    for seat in _order(s, s.chooser):  # §10 A6: served in turn order from the craftsman
        pl = s.players[seat]
        got = production(pl)
        for g in range(5):
            got[g] = min(got[g], supply[g])
            supply[g] -= got[g]
        factory = FACTORY_BONUS[sum(1 for c in got if c)] if pl.occ(FACTORY) else 0
        if any(got) or factory:
            rows.append({"seat": seat, "goods": _goods_dict(got), "factory": factory})
    tx.emit({"t": "GoodsProduced", "production": rows})


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
    if len(s.trading_house) >= TRADING_HOUSE_SPACES:
        return []
    office = pl.occ(OFFICE)
    return [
        {"type": "sell", "good": GOODS[g]}
        for g in range(5)
        if pl.goods[g] > 0 and (office or g not in s.trading_house)
    ]


def sale_price(s: State, seat: int, g: int) -> int:
    pl = s.players[seat]
    return (
        PRICES[g]
        + (1 if seat == s.chooser else 0)
        + (1 if pl.occ(SMALL_MARKET) else 0)
        + (2 if pl.occ(LARGE_MARKET) else 0)
    )


def _sell(tx: _Tx, seat: int, action: Action, rng: RandomSource) -> None:
    _fields(action, ("good",))
    g = _good(action)
    s = tx.state
    problem = _sale_problem(s, s.players[seat], g)
    if problem:
        _reject(*problem)
    tx.emit({"t": "GoodSold", "seat": seat, "good": GOODS[g], "price": sale_price(s, seat, g)})


# -- captain (§4.6) ----------------------------------------------------------------------------


def normal_loads(s: State, pl: Player) -> list[tuple[int, int, int]]:
    """§4.6 normal_loads: (good, ship, amount) for every legal load onto a cargo ship."""
    loads: list[tuple[int, int, int]] = []
    caps, kinds, loaded = s.ship_capacity, s.ship_good, s.ship_load
    for g in range(5):
        have = pl.goods[g]
        if not have:
            continue
        if g in kinds:
            i = kinds.index(g)
            free = caps[i] - loaded[i]
            if free > 0:
                loads.append((g, i, min(have, free)))
            continue  # a full ship of this kind blocks it for the phase
        empties = [i for i in range(len(caps)) if loaded[i] == 0]
        if empties:
            best = max(min(have, caps[i]) for i in empties)
            loads.extend((g, i, best) for i in empties if min(have, caps[i]) == best)
    return loads


def _wharf_open(s: State, seat: int, pl: Player) -> bool:
    return pl.occ(WHARF) and seat not in s.wharf_used


def _captain_has_options(s: State, seat: int) -> bool:
    pl = s.players[seat]
    if not any(pl.goods):
        return False
    return _wharf_open(s, seat, pl) or bool(normal_loads(s, pl))


def _captain_actions(s: State, seat: int) -> list[Action]:
    """Shipping options; `pass` is added by legal_actions only when no normal load exists."""
    pl = s.players[seat]
    acts: list[Action] = [{"type": "ship", "good": GOODS[g], "ship": i} for g, i, _ in normal_loads(s, pl)]
    if _wharf_open(s, seat, pl):
        acts.extend({"type": "ship", "good": GOODS[g], "ship": "wharf"} for g in range(5) if pl.goods[g])
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
    vp = count + (1 if pl.occ(HARBOR) else 0)
    if seat == s.chooser and not s.captain_shipped:
        vp += 1  # captain privilege, once, with the first shipment
    tx.emit({"t": "GoodsShipped", "seat": seat, "good": GOODS[g], "ship": ship, "count": count, "vp": vp})
    _check_vp_trigger(tx)


def _check_vp_trigger(tx: _Tx) -> None:
    s = tx.state
    if s.vp_supply <= 0 and "vp" not in s.end_reasons:
        tx.emit({"t": "GameEndTriggered", "reason": "vp"})  # §5.1.3


def _warehouse_slots(pl: Player) -> int:
    return (1 if pl.occ(SMALL_WAREHOUSE) else 0) + (2 if pl.occ(LARGE_WAREHOUSE) else 0)


def _storage_needs_choice(s: State, seat: int) -> bool:
    """§4.6 K6: auto-keep when, after protecting the W largest kinds, at most 1 good remains."""
    pl = s.players[seat]
    rest = sorted((c for g, c in enumerate(pl.goods) if c and g not in s.warehoused), reverse=True)
    free = _warehouse_slots(pl) - len(s.warehoused)
    return sum(rest[free:]) > 1


def _storage_actions(s: State, seat: int) -> list[Action]:
    pl = s.players[seat]
    unprotected = [g for g in range(5) if pl.goods[g] and g not in s.warehoused]
    acts: list[Action] = []
    if _warehouse_slots(pl) > len(s.warehoused):
        acts.extend({"type": "warehouse", "good": GOODS[g]} for g in unprotected)
    acts.extend({"type": "keep", "good": GOODS[g]} for g in unprotected)
    acts.append({"type": "done"})
    return acts


def _warehouse(tx: _Tx, seat: int, action: Action, rng: RandomSource) -> None:
    _fields(action, ("good",))
    g = _good(action)
    s = tx.state
    pl = s.players[seat]
    if _warehouse_slots(pl) <= len(s.warehoused):
        _reject("storage.no_warehouse", "You have no free occupied warehouse for another kind of goods.")
    if g in s.warehoused:
        _reject("storage.already_stored", f"Your {GOODS[g]} is already in a warehouse.")
    if pl.goods[g] <= 0:
        _reject("storage.no_good", f"You have no {GOODS[g]}.")
    tx.emit({"t": "GoodsWarehoused", "seat": seat, "good": GOODS[g]})


def _lost_goods(s: State, pl: Player, kept: int) -> dict[str, int]:
    return {
        GOODS[g]: c - (1 if g == kept else 0)
        for g, c in enumerate(pl.goods)
        if c - (1 if g == kept else 0) > 0 and g not in s.warehoused
    }


def _keep(tx: _Tx, seat: int, action: Action, rng: RandomSource) -> None:
    _fields(action, ("good",))
    g = _good(action)
    s = tx.state
    pl = s.players[seat]
    if pl.goods[g] <= 0:
        _reject("storage.no_good", f"You have no {GOODS[g]}.")
    if g in s.warehoused:
        _reject("storage.already_stored", f"Your {GOODS[g]} is already in a warehouse.")
    tx.emit({"t": "GoodsStored", "seat": seat, "kept": GOODS[g], "discarded": _lost_goods(s, pl, g)})


def _store_done(tx: _Tx, seat: int, action: Action, rng: RandomSource) -> None:
    _fields(action)
    s = tx.state
    tx.emit({"t": "GoodsStored", "seat": seat, "kept": None, "discarded": _lost_goods(s, s.players[seat], -1)})


def _done(tx: _Tx, seat: int, action: Action, rng: RandomSource) -> None:
    if tx.state.step == STORE:
        _store_done(tx, seat, action, rng)
    else:
        _arrange_done(tx, seat, action, rng)


def _pass(tx: _Tx, seat: int, action: Action, rng: RandomSource) -> None:
    _fields(action)
    s = tx.state
    if s.step == SHIP and normal_loads(s, s.players[seat]):
        _reject("captain.must_ship", "You must ship goods when you can.")
    tx.emit({"t": "Passed", "seat": seat, "phase": s.phase})


# -- what follows automatically ---------------------------------------------------------------


def _phase_ended(tx: _Tx) -> None:
    tx.emit({"t": "PhaseEnded", "phase": tx.state.phase})


def _auto_pass(tx: _Tx) -> None:
    s = tx.state
    tx.emit({"t": "Passed", "seat": s.turn, "phase": s.phase, "auto": True})


def _advance(tx: _Tx, rng: RandomSource) -> None:
    """Run the automatic steps until a seat has a real choice or the game is over."""
    while True:
        s = tx.state
        step = s.step
        if step in (SELECT_ROLE, OVER):
            return
        if step == SETTLE:
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
            tx.emit({"t": "ColonistsDistributed", "colonists": _distribution(s)})
        elif step == ARRANGE:
            pl = s.players[s.turn]
            total, circles = pl.colonists, pl.circles
            if total == 0:
                tx.emit({"t": "ArrangementFinished", "seat": s.turn, "auto": True})
            elif total >= circles:
                # no choice: every circle is filled, the rest stay on the windrose (§4.2 rule 3)
                tx.emit({"t": "ColonistsAssigned", "seat": s.turn})
            elif s.placed and pl.windrose == 0:
                tx.emit({"t": "ArrangementFinished", "seat": s.turn, "auto": True})
            else:
                return
        elif step == MAYOR_END:
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
            if _craftsman_actions(s, s.turn):
                return
            _auto_pass(tx)
        elif step == SELL:
            if _trader_actions(s, s.turn):
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
            tx.emit({"t": "GoodsStored", "seat": s.turn, "kept": None, "discarded": {}, "auto": True})
        elif step == CAPTAIN_END:
            # §4.6 K7: full ships are unloaded into the supply
            for i, cap in enumerate(s.ship_capacity):
                if s.ship_load[i] >= cap:
                    tx.emit({"t": "ShipUnloaded", "ship": i, "good": GOODS[s.ship_good[i]], "count": cap})
            _phase_ended(tx)
        elif step == PROSPECT:
            tx.emit({"t": "ProspectorPrivilegeTaken", "seat": s.chooser, "doubloons": 1})  # §4.7
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
        else:  # pragma: no cover - every step is handled above
            raise AssertionError(f"unknown step {step!r}")


# -- the contract ------------------------------------------------------------------------------

Handler = Callable[[_Tx, int, Action, RandomSource], None]

_ACTIONS: dict[str, tuple[Handler, frozenset[str]]] = {
    "select_role": (_select_role, frozenset({SELECT_ROLE})),
    "hacienda_draw": (_hacienda_draw, frozenset({SETTLE})),
    "hacienda_quarry": (_hacienda_quarry, frozenset({SETTLE})),
    "take_plantation": (_take_plantation, frozenset({SETTLE})),
    "take_quarry": (_take_quarry, frozenset({SETTLE})),
    "mayor_privilege": (_mayor_privilege, frozenset({MAYOR_PRIVILEGE})),
    "place": (_place, frozenset({ARRANGE})),
    "remove": (_remove, frozenset({ARRANGE})),
    "build": (_build, frozenset({BUILD})),
    "craftsman_bonus": (_craftsman_bonus, frozenset({CRAFTSMAN_BONUS})),
    "sell": (_sell, frozenset({SELL})),
    "ship": (_ship, frozenset({SHIP})),
    "warehouse": (_warehouse, frozenset({STORE})),
    "keep": (_keep, frozenset({STORE})),
    "pass": (_pass, frozenset({SETTLE, BUILD, CRAFTSMAN_BONUS, SELL, SHIP})),
    "done": (_done, frozenset({ARRANGE, STORE})),
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
}


def to_act(state: State) -> frozenset[int]:
    if state.step == OVER or state.turn < 0:
        return frozenset()
    return frozenset((state.turn,))


def legal_actions(state: State, seat: int) -> list[Action]:
    """Every action `seat` may take now, each ready to submit as it is ([] if not its turn)."""
    s = state
    if seat != s.turn or s.step == OVER:
        return []
    step = s.step
    if step == SELECT_ROLE:
        return _role_actions(s, seat)
    if step == SETTLE:
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
        return [*_trader_actions(s, seat), {"type": "pass"}]
    if step == SHIP:
        acts = _captain_actions(s, seat)
        if not normal_loads(s, s.players[seat]):
            acts.append({"type": "pass"})
        return acts
    if step == STORE:
        return _storage_actions(s, seat)
    return []


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
