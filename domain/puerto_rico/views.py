"""What each viewer may see (§7): the view of the state and the redacted event log.

Secret: every player's VP total (only its owner sees it until the game is over) and the order of
the face-down plantation pile (nobody; the host's `ALL` view sees it). Individual VP awards are
public, as in the physical game (chips are taken openly); running totals are not.
"""

from __future__ import annotations

from typing import Any

from domain.core import ALL, Viewer

from .components import CATALOG, CIRCLES, GOODS, TILE_KINDS
from .scoring import breakdown, tiebreak
from .state import OVER, Player, State

Fact = dict[str, Any]


def _counts(names: tuple[str, ...], values: tuple[int, ...]) -> dict[str, int]:
    return {name: v for name, v in zip(names, values, strict=True) if v}


def _player_view(s: State, seat: int, pl: Player, viewer: Viewer) -> dict[str, Any]:
    secret_ok = viewer in (ALL, seat) or s.step == OVER
    return {
        "seat": seat,
        "doubloons": pl.doubloons,
        "vp": pl.vp if secret_ok else None,
        "goods": {g: pl.goods[i] for i, g in enumerate(GOODS)},
        "island": [
            {"kind": TILE_KINDS[k], "tiles": pl.island[k], "occupied": pl.manned[k]}
            for k in range(len(TILE_KINDS))
            if pl.island[k]
        ],
        "buildings": [
            {"building": CATALOG[b], "colonists": w, "circles": CIRCLES[b]}
            for b, w in enumerate(pl.buildings)
            if w >= 0
        ],
        "windrose_colonists": pl.windrose,
        "island_spaces_used": pl.tiles,
        "city_spaces_used": pl.city_spaces,
    }


def view(state: State, viewer: Viewer) -> dict[str, Any]:
    s = state
    out: dict[str, Any] = {
        "round": s.round,
        "governor": s.governor,
        "phase": s.phase,
        "step": s.step,
        "chooser": s.chooser if s.chooser >= 0 else None,
        "to_act": [s.turn] if s.turn >= 0 else [],
        "roles": [
            {"role": r, "doubloons": d, "taken_by": t if t >= 0 else None}
            for r, d, t in zip(s.roles, s.role_doubloons, s.role_taken, strict=True)
        ],
        "players": [_player_view(s, seat, pl, viewer) for seat, pl in enumerate(s.players)],
        "vp_supply": s.vp_supply,
        "colonist_supply": s.colonist_supply,
        "colonist_ship": s.colonist_ship,
        "goods_supply": {g: s.goods[i] for i, g in enumerate(GOODS)},
        "quarries": s.quarries,
        "plantation_draw_pile": len(s.draw_pile),
        "plantation_row": [TILE_KINDS[k] for k in sorted(s.faceup)],
        "plantation_discard": _counts(TILE_KINDS, tuple(s.discard.count(k) for k in range(len(TILE_KINDS)))),
        "building_supply": dict(zip(CATALOG, s.building_supply, strict=True)),
        "cargo_ships": [
            {"ship": i, "capacity": c, "good": GOODS[g] if g >= 0 else None, "count": n}
            for i, (c, g, n) in enumerate(zip(s.ship_capacity, s.ship_good, s.ship_load, strict=True))
        ],
        "trading_house": [GOODS[g] for g in s.trading_house],
        "end_triggered": list(s.end_reasons),
        "options": {
            "expansions": list(s.config.expansions),
            "max_large_buildings": s.config.max_large_buildings,
            "hacienda_quarry_with_construction_hut": s.config.hacienda_quarry_with_construction_hut,
        },
    }
    if viewer == ALL:
        out["plantation_draw_pile_order"] = [TILE_KINDS[k] for k in s.draw_pile]
    if s.step == OVER:
        out["final"] = [
            {"seat": seat, "score": sum(b.values()), "breakdown": b, "tiebreak": list(tiebreak(pl))}
            for seat, pl in enumerate(s.players)
            for b in (breakdown(pl),)
        ]
    return out


def redact(fact: Fact, viewer: Viewer) -> Fact | None:
    """The fact as `viewer` may see it: the order of a shuffled pile is the host's only."""
    if viewer == ALL:
        return fact
    if fact.get("t") == "PlantationsShuffled":
        return {"t": "PlantationsShuffled", "count": len(fact["tiles"])}
    return fact
