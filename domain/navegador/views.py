"""What each viewer may see (rules page §6.1).

The only secrets are the colony tiles of unexplored regions and the three tiles removed at
setup: nobody sees them (not a seat, not a spectator) until the region is explored; only
`ALL` (the host, or the record of a finished game) does. Everything else is public, so every
seat and every spectator get the same view.
"""

from __future__ import annotations

from typing import Any

from domain.core import ALL, Fact, Viewer

from . import scoring
from .components import C
from .state import Building, Founding, Sailing, State, Trading


def _space(index: int | None) -> str | None:
    return None if index is None else C.spaces[index]


def _regions(state: State, viewer: Viewer) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for i, region in enumerate(C.regions):
        explored = region in state.explored
        entry: dict[str, Any] = {
            "name": C.region_names[i],
            "explored": explored,
            "explorer_disc": not explored,
            "double_loss": region in state.double_loss,
            "neighbours": {C.regions[j]: C.border_colour[(i, j)] for j in C.neighbours[i]},
        }
        if C.stack_type[i] is not None:
            tiles = state.stacks[i]
            entry["colonies"] = {
                "type": C.stack_type[i],
                "size": len(tiles),
                # face down until explored (§6.1)
                "tiles": list(tiles) if explored or viewer == ALL else None,
            }
        out[region] = entry
    return out


def _context(state: State) -> dict[str, Any] | None:
    ctx = state.context
    if isinstance(ctx, Sailing):
        return {"kind": "navegador_sailing" if ctx.navegador else "sailing",
                "range": ctx.sail_range,
                "unmoved": {C.regions[i]: k for i, k in enumerate(ctx.unmoved) if k},
                "explored_now": ctx.explored_now,
                "pending_phase": ctx.pending_phase}
    if isinstance(ctx, Founding):
        return {"kind": "colony", "founded_total": ctx.founded_total,
                "founded_in": {C.regions[i]: k for i, k in enumerate(ctx.founded_in) if k}}
    if isinstance(ctx, Building):
        return {"kind": "buildings", "workers_used": ctx.workers_used}
    if isinstance(ctx, Trading):
        return {"kind": "market", "traded": sorted(ctx.traded), "orange_used": ctx.orange_used}
    return None


def view(state: State, viewer: Viewer) -> dict[str, Any]:
    n = state.seats
    players = []
    for seat, p in enumerate(state.players):
        players.append({
            "seat": seat,
            "position": (seat - state.first) % n,
            "money": p.money,  # public (§8.31)
            "workers": p.workers,
            "ships": {C.regions[i]: k for i, k in enumerate(p.ships) if k},
            "ships_on_board": p.ships_on_board,
            "ship_supply": p.supply,
            "rondel": _space(p.stone),
            "colonies": list(p.colonies),
            "factories": {"orange": 1, **{g: p.factories[i] for i, g in enumerate(C.goods)}},
            "shipyards": p.shipyards,
            "churches": p.churches,
            "explorers": list(p.explorers),
            "privileges": {k: p.privileges[i] for i, k in enumerate(C.kinds)},
            "kings_privilege": p.kings,
            "score_now": scoring.score_now(p),
        })
    out: dict[str, Any] = {
        "game": "navegador",
        "players": players,
        "turn_order": [(state.first + i) % n for i in range(n)],
        "first_player": state.first,
        "current": state.current,
        "step": state.step.value,
        "action": _context(state),
        "phase": state.phase,
        "round": state.round,
        "sail_range": C.sail_range[state.phase],
        "extra_unit_price": C.extra_unit_price[state.phase],
        "market": {g: {"row": row, "price": C.price[g][row], "factory_income": C.factory_income[row]}
                   for g, row in zip(C.goods, state.market, strict=True)},
        "buildings": {b: {"left": state.on_board[i] - state.next_cell[i],
                          "next_price": C.cells[b][state.next_cell[i]]
                          if state.next_cell[i] < state.on_board[i] else None,
                          "workers_required": C.workers_required[b]}
                      for i, b in enumerate(C.buildings)},
        "gallery": {k: state.gallery[i] for i, k in enumerate(C.kinds)},
        "privilege_supply": {k: state.privilege_supply[i] for i, k in enumerate(C.kinds)},
        "regions": _regions(state, viewer),
        "navegador": {"holder": state.holder, "orange_ship": _space(state.orange_ship)},
        "end": {"triggered": state.end_trigger, "final_turns_left": state.final_turns_left},
    }
    if viewer == ALL:
        out["removed_colony_tiles"] = list(state.removed_tiles)
    if state.scored:
        result = scoring.outcome(state)
        out["outcome"] = result.to_json() if result is not None else None
    return out


def redact(fact: Fact, viewer: Viewer) -> Fact | None:
    """The fact as `viewer` may see it: the face-down colony stacks lose their tiles."""
    if viewer == ALL or fact["t"] != "ColoniesDealt":
        return fact
    return {
        "t": "ColoniesDealt",
        "stacks": {r: {"type": C.tile_good[tiles[0]], "size": len(tiles)}
                   for r, tiles in fact["stacks"].items()},
        "removed": len(fact["removed"]),
    }


def reveals(fact: Fact) -> bool:
    """Exploring turns a region's face-down colony tiles face up (§6.1); nothing else in
    Navegador shows anything hidden."""
    return fact["t"] == "RegionExplored" and bool(fact["tiles_revealed"])
