"""What each viewer may see (§7): the view of the state and the redacted event log.

Secret: every player's VP total (only its owner sees it until the game is over), the order of
the face-down plantation pile (nobody; the host's `ALL` view sees it), and with New Buildings
the true kind of a forest placed from a face-down draw and a drawn tile waiting for its
placement decision (only their owner). Individual VP awards are public, as in the physical
game (chips are taken openly); running totals are not.
"""

from __future__ import annotations

from typing import Any

from domain.core import ALL, Fact, Viewer

from .components import BASE_KINDS, CATALOG, CIRCLES, GOODS, TILE_KINDS
from .scoring import breakdown, tiebreak
from .state import OVER, Player, State


def _counts(names: tuple[str, ...], values: tuple[int, ...]) -> dict[str, int]:
    return {name: v for name, v in zip(names, values, strict=True) if v}


def _player_view(s: State, seat: int, pl: Player, viewer: Viewer) -> dict[str, Any]:
    secret_ok = viewer in (ALL, seat) or s.step == OVER
    out: dict[str, Any] = {
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
    c = s.config
    if c.nobles:
        # "colonists" above count every worker; these say how many of them are nobles
        for tile in out["island"]:
            tile["nobles"] = pl.manned_nobles[TILE_KINDS.index(tile["kind"])]
        for building in out["buildings"]:
            building["nobles"] = pl.building_nobles[CATALOG.index(building["building"])]
        out["windrose_nobles"] = pl.windrose_nobles
        out["nobles"] = pl.nobles
    if c.new_buildings:
        out["guests"] = pl.guests
        own = viewer in (ALL, seat)
        out["forests"] = {
            "known": _counts(GOODS, pl.forests),  # taken from the face-up row: public kinds
            "hidden": sum(pl.hidden_forests),  # from face-down draws: kinds owner-only (§7)
            "total": pl.forest_count,
        }
        if own:
            out["forests"]["hidden_kinds"] = _counts(GOODS, pl.hidden_forests)
    return out


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
        "building_supply": dict(zip(CATALOG[:BASE_KINDS], s.building_supply, strict=False)),
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
    c = s.config
    if c.expansions:
        # the buildings of this game: in the supply or built (undrafted kinds are not in it)
        owned = _owned_names(s)
        out["building_supply"] = {
            name: left for name, left in zip(CATALOG, s.building_supply, strict=True) if left or name in owned
        }
    if c.new_buildings:
        out["options"]["exclude_office_with_trading_post"] = c.exclude_office_with_trading_post
        out["draft_slots_left"] = list(s.slots)
        if s.drawn >= 0:
            out["drawn_tile"] = TILE_KINDS[s.drawn] if viewer in (ALL, s.turn) else "hidden"
        if any(s.cargo):
            out["small_wharf_cargo"] = _counts(GOODS, s.cargo)
    if c.nobles:
        out["noble_supply"] = s.noble_supply
        out["colonist_ship_nobles"] = s.noble_ship
    if viewer == ALL:
        out["plantation_draw_pile_order"] = [TILE_KINDS[k] for k in s.draw_pile]
    if s.step == OVER:
        out["final"] = [
            {"seat": seat, "score": sum(b.values()), "breakdown": b, "tiebreak": list(tiebreak(pl))}
            for seat, pl in enumerate(s.players)
            for b in (breakdown(pl, s.config),)
        ]
    return out


def _owned_names(s: State) -> set[str]:
    return {CATALOG[b] for pl in s.players for b, w in enumerate(pl.buildings) if w >= 0}


def redact(fact: Fact, viewer: Viewer) -> Fact | None:
    """The fact as `viewer` may see it: the order of a shuffled pile is the host's only; a tile
    drawn face down, and a forest placed from such a draw, are their drawer's only (§7)."""
    if viewer == ALL:
        return fact
    t = fact.get("t")
    if t == "PlantationsShuffled":
        return {"t": "PlantationsShuffled", "count": len(fact["tiles"])}
    if t == "TileDrawn" and viewer != fact["seat"]:
        return {k: v for k, v in fact.items() if k != "kind"}
    if t == "DrawnTilePlaced" and fact["forest"] and viewer != fact["seat"]:
        return {k: v for k, v in fact.items() if k != "kind"}
    return fact


def reveals(fact: Fact) -> bool:
    """Whether the fact shows a seat a tile that was face down or hidden (§7): the row refilled
    from the face-down pile, a hacienda or land-office draw, a tile drawn for a forest house
    (its drawer sees it), a drawn tile placed face up, a hidden forest discarded face up."""
    t = fact["t"]
    if t in ("PlantationsDrawn", "HaciendaTileDrawn", "TileDrawn", "LandOfficeBought"):
        return True
    if t == "DrawnTilePlaced":
        return not fact["forest"]
    return t == "TileDiscarded" and fact.get("tile") == "forest"
