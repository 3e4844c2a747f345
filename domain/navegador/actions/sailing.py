"""Sailing and exploring (§2.6): moving ships through regions explored before the action began,
and entering one unexplored region per sailing action with a fleet that loses ships."""

from __future__ import annotations

import itertools
from collections import deque
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from domain.core import Action, RandomSource
from domain.core.commands import Why, fields, one_of, refuse, whole
from domain.core.facts import Tx

from ..components import C
from ..i18n import _, ngettext, region
from ..state import Sailing, State, Step
from ..turns import _R, _sources, _trigger_end, _wrong_step, commands

UNREACHABLE = 99


# -- map distances -----------------------------------------------------------------------------


# Module-global caches of pure functions of immutable arguments (a map position, a purse): the
# same questions recur in every turn of every game, and a cached answer can never go stale.
@lru_cache(maxsize=8192)
def _distances(origin: int, passable: frozenset[str]) -> tuple[int, ...]:
    """Borders from `origin` to every region, passing only through `passable` regions (§2.6)."""
    dist = [UNREACHABLE] * len(C.regions)
    dist[origin] = 0
    queue = deque([origin])
    while queue:
        u = queue.popleft()
        if u != origin and C.regions[u] not in passable:
            continue  # an unexplored region may end a route, never be passed through
        for v in C.neighbours[u]:
            if dist[v] == UNREACHABLE:
                dist[v] = dist[u] + 1
                queue.append(v)
    return tuple(dist)


def reach(ctx: Sailing, origin: str, target: str) -> int:
    return _distances(_R[origin], ctx.explored_at_start)[_R[target]]


# -- moving and exploring ----------------------------------------------------------------------


def _sailing_ctx(state: State, seat: int, command: str) -> Sailing:
    ctx = state.context
    if state.step in (Step.NAVEGADOR_SAILING, Step.ACTION) and isinstance(ctx, Sailing):
        return ctx
    if command == "explore":
        raise _wrong_step(_("You cannot explore now (only during a sailing action)."))
    raise _wrong_step(_("You cannot move ships now (only during a sailing action)."))


def _unmoved(ctx: Sailing, origin: str) -> str:
    return ngettext("You have only {n} ship in {region} that has not moved in this sailing action.",
                    "You have only {n} ships in {region} that have not moved in this sailing action.",
                    ctx.unmoved[_R[origin]], region=region(origin))


def _why_not_move(state: State, ctx: Sailing, origin: str, target: str, count: int) -> Why:
    if origin == target:
        return ("sail.same_region", _("A ship must sail to another region."))
    if target not in ctx.explored_at_start:
        return ("sail.destination_unexplored",
                _("That region was unexplored when this sailing action began: enter it with 'explore'."))
    if count > ctx.unmoved[_R[origin]]:
        return ("sail.no_unmoved_ship", _unmoved(ctx, origin))
    if reach(ctx, origin, target) > ctx.sail_range:
        return ("sail.out_of_range",
                ngettext("A ship may cross at most {n} border in this sailing action, passing only through regions "
                         "explored before it began.", "A ship may cross at most {n} borders in this sailing action, "
                         "passing only through regions explored before it began.", ctx.sail_range))
    return None


@commands.command("move_ships")
def _decide_move_ships(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    state = tx.state
    ctx = _sailing_ctx(state, seat, "move_ships")
    fields(action, ("from", "to", "count",))
    origin, target = one_of(action, "from", _R), one_of(action, "to", _R)
    count = whole(action, "count", 1)
    refuse(_why_not_move(state, ctx, origin, target, count))
    tx.emit({"t": "ShipsMoved", "seat": seat, "from": origin, "to": target, "count": count})


def _loss(state: State, region: str) -> int:
    return 2 if region in state.double_loss else 1


def _why_not_explore(state: State, ctx: Sailing, target: str, sources: list[tuple[str, int]]) -> Why:
    if ctx.explored_now is not None:
        return ("explore.once_per_sailing_action",
                _("You may explore only one new region per sailing action."))
    if target in state.explored:
        return ("explore.already_explored", _("{region} has already been explored.", region=region(target)))
    for origin, count in sources:
        if count > ctx.unmoved[_R[origin]]:
            return ("explore.no_unmoved_ship", _unmoved(ctx, origin))
        if reach(ctx, origin, target) > ctx.sail_range:
            return ("explore.out_of_range",
                    _("The ships in {origin} cannot reach {target} in this phase.", origin=region(origin),
                      target=region(target)))
    loss = _loss(state, target)
    if sum(k for _origin, k in sources) < loss + 1:
        return ("explore.fleet_too_small",
                ngettext("Exploring {region} needs a fleet of at least {n} ship ({lost} will be lost).",
                         "Exploring {region} needs a fleet of at least {n} ships ({lost} will be lost).", loss + 1,
                         region=region(target), lost=loss))
    return None


@commands.command("explore")
def _decide_explore(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    state = tx.state
    ctx = _sailing_ctx(state, seat, "explore")
    fields(action, ("to", "sources",))
    target = one_of(action, "to", _R)
    sources = _sources(action["sources"])
    refuse(_why_not_explore(state, ctx, target, sources))

    i = _R[target]
    tiles = state.stacks[i]  # cheapest first
    starts = C.starts_phase[i]
    tx.emit({"t": "RegionExplored", "seat": seat, "region": target,
            "sources": [{"from": r, "count": k} for r, k in sources],
            "ships_lost": _loss(state, target),
            "tiles_revealed": list(tiles),
            # §2.6: the explorer is paid the price of the cheapest tile just revealed.
            "bonus": C.tile_price[tiles[0]] if tiles else 0,
            # §3.2: a new phase waits for the end of this sailing action.
            "phase_pending": starts if starts is not None and starts > state.phase else None})
    if C.ends_game[i]:
        _trigger_end(tx, seat, "nagasaki")
    return


# -- legal actions -----------------------------------------------------------------------------


def _sailing_actions(state: State, ctx: Sailing) -> list[Action]:
    out: list[Action] = []
    e0 = ctx.explored_at_start
    rng = ctx.sail_range
    for i, k in enumerate(ctx.unmoved):
        if not k:
            continue
        dist = _distances(i, e0)
        origin = C.regions[i]
        for j, target in enumerate(C.regions):
            if j != i and target in e0 and dist[j] <= rng:
                out += [{"type": "move_ships", "from": origin, "to": target, "count": c}
                        for c in range(1, k + 1)]
    if ctx.explored_now is None:
        for j, target in enumerate(C.regions):
            if target not in state.explored:
                out += [{"type": "explore", "to": target, "sources": sources}
                        for sources in fleets(ctx.unmoved, e0, rng, j, _loss(state, target) + 1)]
    return out


def fleets(unmoved: Sequence[int], e0: frozenset[str], sail_range: int, target: int, need: int) -> list[list[dict[str, Any]]]:
    """Every fleet that may explore region `target` (§2.6): how many of the unmoved ships of each
    region within range sail in (the regions in map order), `need` or more in all. (The web
    board reads the same from the view: `unmoved` per region, `e0` the regions explored before
    this sailing action.)"""
    near = [(C.regions[i], k) for i, k in enumerate(unmoved) if k and _distances(i, e0)[target] <= sail_range]
    if sum(k for _r, k in near) < need:
        return []
    return [[{"from": r, "count": c} for (r, _k), c in zip(near, counts, strict=True) if c]
            for counts in itertools.product(*(range(k + 1) for _r, k in near)) if sum(counts) >= need]
