"""What several phases share: parsing the fields of an action, where a worker comes from, the
order of seats, VP awards and the end trigger, the facts every phase emits (a pass, the end of
the phase), and the places on a player's board a worker can stand (tiles and buildings).

Section numbers (§) refer to the rules page `shared/rules/puerto-rico.md`.
"""

from __future__ import annotations

from typing import Any

from domain.core import Action
from domain.core.commands import malformed, one_of
from domain.core.facts import Tx

from .components import (
    BUILDING_INDEX,
    CIRCLES,
    GOOD_INDEX,
    GOODS,
    LIBRARY,
    SETUPS,
    TILE_INDEX,
    TILE_KINDS,
)
from .i18n import _
from .stages import clockwise
from .state import Player, State, _set, _update, add, owned, set_player

PIECES = ("colonist", "noble")


# -- the fields of an action ---------------------------------------------------------------------


def good_of(action: Action, key: str = "good") -> int:
    """A field naming one of the five goods: its index."""
    return GOOD_INDEX[one_of(action, key, GOODS)]


def piece_of(action: Action, default: str = "colonist") -> str:
    """The optional "piece" of a Nobles game: "colonist" or "noble" (left out: `default`)."""
    value = action.get("piece", default)
    if value not in PIECES:
        raise malformed(_("'piece' must be \"colonist\" or \"noble\"."))
    return str(value)


def piece_fields(s: State) -> tuple[str, ...]:
    """The optional field naming a worker's kind exists only in Nobles games."""
    return ("piece",) if s.config.nobles else ()


def piece(s: State, kind: str) -> dict[str, str]:
    """The "piece" field of an action or fact: only in Nobles games."""
    return {"piece": kind} if s.config.nobles else {}


# -- seats, workers, VP --------------------------------------------------------------------------


def order(s: State, first: int) -> list[int]:
    """Seats clockwise starting with `first` (§3.3)."""
    return list(clockwise(s, first))  # (the table of `stages`: not `s.n`, a property, per seat)


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


def goods_dict(vector: list[int] | tuple[int, ...]) -> dict[str, int]:
    return {GOODS[g]: c for g, c in enumerate(vector) if c}


def goods_vector(counts: dict[str, int]) -> list[int]:
    out = [0, 0, 0, 0, 0]
    for g, c in counts.items():
        out[GOOD_INDEX[g]] = c
    return out


def privilege(s: State, seat: int) -> int:
    """The chooser's privilege amount: 1, doubled by an occupied library (§2.4, §10 A13)."""
    if seat != s.chooser:
        return 0
    return 2 if s.config.new_buildings and s.players[seat].occ(LIBRARY) else 1


def paper_vp(s: State) -> int:
    """VP scored beyond the chips of the supply (§5.1.3 "paper" VP)."""
    chips_out = SETUPS[s.n].vp - s.vp_supply
    return max(0, sum(pl.vp for pl in s.players) - chips_out)


def check_vp_trigger(tx: Tx) -> None:
    s = tx.state
    if s.vp_supply <= 0 and "vp" not in s.end_reasons:
        tx.emit({"t": "GameEndTriggered", "reason": "vp"})  # §5.1.3 (§10 A8: in any phase)


def award(s: State, pl: Player, vp: int) -> tuple[Player, int]:
    """§5.1.3: VP chips from the supply; what it cannot cover is "paper" VP, scored all the same."""
    return _set(pl, vp=pl.vp + vp), s.vp_supply - min(vp, s.vp_supply)


def with_player(s: State, seat: int, **changes: Any) -> tuple[Player, ...]:
    """The players with `seat`'s changed."""
    return set_player(s, seat, _update(s.players[seat], changes))


def from_source(s: State, source: str | None) -> dict[str, int]:
    """The supply or ship a hospice / university worker leaves (`colonist_source`)."""
    if source == "supply":
        return {"colonist_supply": s.colonist_supply - 1}
    if source == "ship":
        return {"colonist_ship": s.colonist_ship - 1}
    if source == "ship_noble":  # §10 A32: the ship holds only nobles
        return {"noble_ship": s.noble_ship - 1}
    return {}


# -- facts every phase emits ---------------------------------------------------------------------


def passed(tx: Tx, seat: int) -> None:
    tx.emit({"t": "Passed", "seat": seat, "phase": tx.state.phase})


def auto_pass(tx: Tx) -> bool:
    """The seat to act has nothing to choose: it passes by itself (the game moves on)."""
    s = tx.state
    tx.emit({"t": "Passed", "seat": s.turn, "phase": s.phase, "auto": True})
    return True


def phase_ended(tx: Tx) -> bool:
    tx.emit({"t": "PhaseEnded", "phase": tx.state.phase})
    return True


# -- places on a player's board: tiles and buildings ---------------------------------------------


def targets(pl: Player) -> list[tuple[str, int, int]]:
    """(name, workers on it, circles) of every owned tile kind and building."""
    manned = pl.manned
    out = [(TILE_KINDS[k], manned[k], n) for k, n in enumerate(pl.island) if n]
    out.extend(owned(pl.buildings)[0])
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


def pieces_at(pl: Player, name: str, workers: int) -> list[str]:
    """The kinds of worker ("colonist", "noble") among the `workers` at `name`."""
    nobles = nobles_on(pl, name)
    return [p for p, n in (("colonist", workers - nobles), ("noble", nobles)) if n > 0]


def default_piece(pl: Player, name: Any) -> str:
    """The piece an action means when it names none: the only kind of worker at `name` (a tile
    kind, a building or "windrose"), a colonist when both kinds (or none) are there."""
    if name == "windrose":
        kinds = pieces_at(pl, "windrose", pl.windrose)
    else:
        spot = target(pl, name)
        kinds = pieces_at(pl, name, spot[0]) if spot is not None else []
    return kinds[0] if len(kinds) == 1 else "colonist"


def move_worker(pl: Player, where: str, delta: int, noble: bool) -> Player:
    """`delta` workers from the windrose onto the tile kind or building `where` (negative: back)."""
    # (`_update` with the changes written as a dictionary: one call and one dictionary less than
    # `_set`, at every placement and removal of the mayor phase)
    k = TILE_INDEX.get(where)
    if k is not None:
        pl = _update(pl, {"manned": add(pl.manned, k, delta), "windrose": pl.windrose - delta})
        if noble:
            pl = _set(pl, manned_nobles=add(pl.manned_nobles, k, delta), windrose_nobles=pl.windrose_nobles - delta)
        return pl
    b = BUILDING_INDEX[where]
    pl = _update(pl, {"buildings": add(pl.buildings, b, delta), "windrose": pl.windrose - delta})
    if noble:
        pl = _set(pl, building_nobles=add(pl.building_nobles, b, delta), windrose_nobles=pl.windrose_nobles - delta)
    return pl
