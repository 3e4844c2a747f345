"""What the rules modules share: the decision transaction, action-field parsing, and the few
computations both the base rules and the expansions use (production, cargo loads, prices).

Section numbers (§) refer to the rules page `shared/rules/puerto-rico.md`.
"""

from __future__ import annotations

from typing import Any, NoReturn

from domain.core import IllegalAction, RandomSource, shuffle

from .components import (
    COLUMN,
    CONSTRUCTION_OFFICE,
    CORN,
    COST,
    FORESTS_PER_DOUBLOON,
    GOOD_INDEX,
    GOODS,
    LIBRARY,
    PRODUCTION_BY_GOOD,
    QUARRY,
    SETUPS,
    TILE_KINDS,
)
from .evolve import apply
from .state import Player, State

Action = dict[str, Any]
Fact = dict[str, Any]

PIECES = ("colonist", "noble")


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


def reject(code: str, message: str) -> NoReturn:
    raise IllegalAction(code, message)


def fields(action: Action, required: tuple[str, ...] = (), optional: tuple[str, ...] = ()) -> None:
    for key in required:
        if key not in action:
            reject("action.malformed", f"A {action['type']!r} action needs a {key!r} field.")
    for key in action:
        if key != "type" and key not in required and key not in optional:
            reject("action.malformed", f"A {action['type']!r} action has no field {key!r}.")


def good_of(action: Action, key: str = "good") -> int:
    value = action[key]
    if not isinstance(value, str) or value not in GOOD_INDEX:
        reject("action.malformed", f"{key!r} must be one of {', '.join(GOODS)}.")
    return GOOD_INDEX[value]


def flag(action: Action, key: str, default: bool = True) -> bool:
    value = action.get(key, default)
    if not isinstance(value, bool):
        reject("action.malformed", f"{key!r} must be true or false.")
    return value


def piece_of(action: Action, default: str = "colonist") -> str:
    """The optional "piece" of a Nobles game: "colonist" or "noble" (left out: `default`)."""
    value = action.get("piece", default)
    if value not in PIECES:
        reject("action.malformed", "'piece' must be \"colonist\" or \"noble\".")
    return str(value)


def piece_fields(s: State) -> tuple[str, ...]:
    """The optional field naming a worker's kind exists only in Nobles games."""
    return ("piece",) if s.config.nobles else ()


def colonist_source(s: State) -> str | None:
    """§10 A14/A15/A32: a colonist from the supply, else from the ship (a colonist if it holds
    one, else a noble), else none."""
    if s.colonist_supply > 0:
        return "supply"
    if s.colonist_ship > 0:
        return "ship"
    if s.noble_ship > 0:
        return "ship_noble"
    return None


def order(s: State, first: int) -> list[int]:
    return [(first + i) % s.n for i in range(s.n)]


def goods_dict(vector: list[int] | tuple[int, ...]) -> dict[str, int]:
    return {GOODS[g]: c for g, c in enumerate(vector) if c}


def check_vp_trigger(tx: _Tx) -> None:
    s = tx.state
    if s.vp_supply <= 0 and "vp" not in s.end_reasons:
        tx.emit({"t": "GameEndTriggered", "reason": "vp"})  # §5.1.3 (§10 A8: in any phase)


def privilege(s: State, seat: int) -> int:
    """The chooser's privilege amount: 1, doubled by an occupied library (§2.4, §10 A13)."""
    if seat != s.chooser:
        return 0
    return 2 if s.config.new_buildings and s.players[seat].occ(LIBRARY) else 1


def production(pl: Player) -> list[int]:
    """§2.3: corn from occupied corn plantations; other kinds min(occupied plantations, workers
    on that kind's production buildings)."""
    out = [pl.manned[CORN], 0, 0, 0, 0]
    for g in range(1, 5):
        if pl.manned[g]:
            workers = sum(pl.buildings[b] for b in PRODUCTION_BY_GOOD[g] if pl.buildings[b] > 0)
            out[g] = min(pl.manned[g], workers)
    return out


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


def price(s: State, seat: int, b: int) -> int:
    """§4.3 step 4: cost − occupied quarries (up to the column) − the builder's privilege
    − 1 per 2 forests (New Buildings) − the construction office (Nobles), at least 0."""
    pl = s.players[seat]
    if not s.config.expansions:
        discount = min(pl.manned[QUARRY], COLUMN[b]) + (1 if seat == s.chooser else 0)
        return max(0, COST[b] - discount)
    discount = min(pl.manned[QUARRY], COLUMN[b]) + privilege(s, seat)
    discount += pl.forest_count // FORESTS_PER_DOUBLOON
    if s.config.nobles and pl.buildings[CONSTRUCTION_OFFICE] > 0:
        if pl.building_nobles[CONSTRUCTION_OFFICE] > 0:
            discount += 2 if COLUMN[b] == 4 else 0
        else:
            discount += 1 if COLUMN[b] <= 3 else 0
    return max(0, COST[b] - discount)


def paper_vp(s: State) -> int:
    """VP scored beyond the chips of the supply (§5.1.3 "paper" VP)."""
    chips_out = SETUPS[s.n].vp - s.vp_supply
    return max(0, sum(pl.vp for pl in s.players) - chips_out)


def reshuffle(s: State, rng: RandomSource) -> Fact:
    """§4.1 procedure R: the discard pile, shuffled face down, becomes the draw pile (§8.5)."""
    return {"t": "PlantationsShuffled", "tiles": [TILE_KINDS[k] for k in shuffle(rng, s.discard)]}


def draw_top(tx: _Tx, rng: RandomSource) -> int:
    """Procedure R for one face-down draw (§10 A9): reshuffle first if the pile is empty.
    The caller has checked that a tile is drawable. Returns the kind on top."""
    if not tx.state.draw_pile:
        tx.emit(reshuffle(tx.state, rng))
    return tx.state.draw_pile[0]
