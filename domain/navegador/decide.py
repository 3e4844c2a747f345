"""decide / legal_actions / to_act: every command of rules page §2 with its legality conditions.

Each command has one `_why_not_*` function listing its conditions in the page's order; it returns
the first failure as `(code, sentence)` or None. `decide` raises that failure, `legal_actions`
keeps the candidates for which it is None, so the two always agree. Everything that follows a
command automatically (end of action, phase change, the card passing, end of turn, final round,
king's privileges, scoring) is appended as facts in the same call.
"""

from __future__ import annotations

import itertools
from collections import deque
from collections.abc import Iterator, Mapping
from functools import lru_cache
from typing import Any, cast

from domain.core import Action, IllegalAction, RandomSource
from domain.core.commands import Commands, Why, fields, malformed, not_now, one_of, refuse, whole
from domain.core.facts import Facts, Tx

from . import scoring
from .components import C
from .evolve import evolve
from .state import Building, Founding, Player, Sailing, State, Step, Trading

commands = Commands("Navegador")

_R = C.region_index
_G = {g: i for i, g in enumerate(C.goods)}
_B = {b: i for i, b in enumerate(C.buildings)}
_K = {k: i for i, k in enumerate(C.kinds)}
N_SPACES = len(C.spaces)
UNREACHABLE = 99


# -- who acts ----------------------------------------------------------------------------------


def to_act(state: State) -> frozenset[int]:
    if state.step is Step.GAME_OVER:
        return frozenset()
    if state.step is Step.KINGS_PRIVILEGE:
        return frozenset(s for s, p in enumerate(state.players) if p.kings is None)
    return frozenset((state.current,))


# -- payload shapes (everything a client could send) -------------------------------------------


def _region_counts(value: Any, what: str) -> dict[str, int]:
    """A {region: count} map with known regions and counts >= 1, normalised to map order."""
    if type(value) is not dict:
        raise malformed(f"{what!r} must be an object mapping regions to numbers of ships.")
    for region, count in value.items():
        if type(region) is not str or region not in _R:
            raise malformed(f"{what!r} names an unknown region {region!r}.")
        if type(count) is not int or count < 1:
            raise malformed(f"{what!r} must give each region a whole number of ships of at least 1.")
    return {r: value[r] for r in C.regions if r in value}


def _sources(value: Any) -> list[tuple[str, int]]:
    """`explore` sources: a list of {from, count}, distinct regions, listed in map order."""
    if type(value) is not list:
        raise malformed("'sources' must be a list of {\"from\": region, \"count\": ships}.")
    out: list[tuple[str, int]] = []
    for item in value:
        if type(item) is not dict or set(item) != {"from", "count"}:
            raise malformed("Each source must be exactly {\"from\": region, \"count\": ships}.")
        region, count = item["from"], item["count"]
        if type(region) is not str or region not in _R:
            raise malformed(f"Unknown source region {region!r}.")
        if type(count) is not int or count < 1:
            raise malformed("Each source must send a whole number of ships of at least 1.")
        if out and _R[region] <= _R[out[-1][0]]:
            raise malformed("Name each source region once, in map order (Portugal first).")
        out.append((region, count))
    return out


# -- map distances -------------------------------------------------------------------------------


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


# -- the rondel (§2.2) and the Navegador card (§4) ---------------------------------------------


def rondel_distance(stone: int | None, target: int) -> int:
    if stone is None:
        return 0  # first move: any space, free
    return (target - stone) % N_SPACES or N_SPACES  # the same space is a full lap


def rondel_cost(stone: int | None, target: int) -> int:
    return max(0, rondel_distance(stone, target) - C.free_spaces_per_move)


def _why_not_rondel(state: State, seat: int, target: int, pay: Mapping[str, int]) -> Why:
    p = state.players[seat]
    cost = rondel_cost(p.stone, target)
    if p.ships_on_board < cost:
        return ("rondel.not_enough_ships",
                f"Moving there costs {cost} ships from the board; you have {p.ships_on_board}.")
    if sum(pay.values()) != cost or any(p.ships[_R[r]] < k for r, k in pay.items()):
        return ("rondel.wrong_payment",
                f"Name exactly {cost} of your ships on the board to pay for this move.")
    return None


@lru_cache(maxsize=4096)  # (a pure function of immutable arguments, see `_distances`)
def _payments(ships: tuple[int, ...], cost: int) -> tuple[tuple[tuple[str, int], ...], ...]:
    """Every way to pay `cost` ships from the regions where the player has ships."""
    where = [(C.regions[i], k) for i, k in enumerate(ships) if k]

    def rec(i: int, left: int) -> Iterator[tuple[tuple[str, int], ...]]:
        if left == 0:
            yield ()
            return
        if i == len(where):
            return
        region, have = where[i]
        for take in range(min(have, left), -1, -1):
            for rest in rec(i + 1, left - take):
                yield ((region, take), *rest) if take else rest

    return tuple(rec(0, cost))


@commands.command("move_rondel")
def _decide_move_rondel(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    state = tx.state
    if state.step not in (Step.TURN_START, Step.AFTER_NAVEGADOR):
        raise _wrong_step("move your stone on the rondel")
    fields(action, ("space", "pay_ships",))
    space = action["space"]
    if type(space) is not str:
        raise malformed("'space' must be a rondel space id.")
    if space not in C.space_index:
        raise IllegalAction("rondel.unknown_space",
                            f"There is no rondel space {space!r}; the spaces are {', '.join(C.spaces)}.")
    target = C.space_index[space]
    pay = _region_counts(action["pay_ships"], "pay_ships")
    refuse(_why_not_rondel(state, seat, target, pay))

    p = state.players[seat]
    tx.emit({"t": "RondelMoved", "seat": seat,
            "from": None if p.stone is None else C.spaces[p.stone], "to": space,
            "distance": rondel_distance(p.stone, target), "ships_paid": pay})
    if state.holder == seat and state.step is Step.TURN_START:
        if state.orange_ship is None:
            # §4.1, §8.25: the initial holder's stone was off the rondel when he got the card.
            tx.emit({"t": "OrangeShipPlaced", "space": space})
        elif p.stone is not None:
            # §4.3: landing on or passing the orange ship loses the unused card.
            d = rondel_distance(p.stone, target)
            visited = {(p.stone + k) % N_SPACES for k in range(1, d + 1)}
            if state.orange_ship in visited:
                _pass_card(tx, seat, "deadline")
    return


def _pass_card(tx: Tx, seat: int, reason: str) -> None:
    """The card goes to the right neighbour; the orange ship to his stone (§4.2, §4.3)."""
    to = tx.state.right_neighbour(seat)
    stone = tx.state.players[to].stone
    tx.emit({"t": "NavegadorPassed", "from": seat, "to": to, "reason": reason,
            "orange_ship": None if stone is None else C.spaces[stone]})


def _why_not_navegador(state: State, seat: int) -> Why:
    if state.holder != seat:
        return ("navegador.not_holder", "You do not hold the Navegador card.")
    if state.round < 2:
        return ("navegador.first_round", "The Navegador card may not be used in the first round.")
    return None


@commands.command("use_navegador")
def _decide_use_navegador(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    state = tx.state
    if state.step is not Step.TURN_START:
        raise _wrong_step("use the Navegador card (only before your rondel move)")
    fields(action)
    refuse(_why_not_navegador(state, seat))
    tx.emit({"t": "NavegadorUsed", "seat": seat})


# -- Workers (§2.4) and Ships (§2.5) -----------------------------------------------------------


def _units(count: int, cheap_slots: int, cheap_price: int, room: int, phase: int) -> tuple[int, int, int]:
    """(cost, real, virtual) of `count` workers or ships (§2.4, §2.5): one per church / shipyard
    at the cheap price, the rest at 100 x phase; units beyond the track / supply are virtual."""
    cheap = min(count, cheap_slots)
    cost = cheap_price * cheap + C.extra_unit_price[phase] * (count - cheap)
    real = min(count, room)
    return cost, real, count - real


def _why_not_hire(state: State, p: Player, count: int) -> Why:
    room = C.workers_max - p.workers
    if count > max(p.churches, room):
        return ("workers.over_limit",
                f"You can hire at most {max(p.churches, room)} workers: one per church, "
                "or as many as still fit on the Lisboa track.")
    cost = _units(count, p.churches, C.church_worker_price, room, state.phase)[0]
    if cost > p.money:
        return ("workers.not_enough_money", f"{count} workers cost {cost} Cr; you have {p.money}.")
    return None


def _why_not_build_ships(state: State, p: Player, count: int) -> Why:
    if count > max(p.shipyards, p.supply):
        return ("ships.over_limit",
                f"You can build at most {max(p.shipyards, p.supply)} ships: one per shipyard, "
                "or as many as are still in your supply.")
    cost = _units(count, p.shipyards, C.shipyard_ship_price, p.supply, state.phase)[0]
    if cost > p.money:
        return ("ships.not_enough_money", f"{count} ships cost {cost} Cr; you have {p.money}.")
    return None


@commands.command("hire_workers")
def _decide_hire_workers(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    state = tx.state
    _need_action(state, seat, "workers", "hire workers")
    fields(action, ("count",))
    count = whole(action, "count", 1)
    p = state.players[seat]
    refuse(_why_not_hire(state, p, count))
    cost, real, virtual = _units(count, p.churches, C.church_worker_price, C.workers_max - p.workers,
                                 state.phase)
    # §2.4: the price is paid first; virtual workers are sold to the bank at once.
    tx.emit({"t": "WorkersHired", "seat": seat, "count": count, "real": real, "virtual": virtual,
            "paid": cost, "received": C.virtual_unit_sale_price * virtual})
    _end_turn(tx, seat)
    return


@commands.command("build_ships")
def _decide_build_ships(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    state = tx.state
    _need_action(state, seat, "ships", "build ships")
    fields(action, ("count",))
    count = whole(action, "count", 1)
    p = state.players[seat]
    refuse(_why_not_build_ships(state, p, count))
    cost, real, virtual = _units(count, p.shipyards, C.shipyard_ship_price, p.supply, state.phase)
    # §2.5: new ships appear in Portugal; virtual ships are sold back at once.
    tx.emit({"t": "ShipsBuilt", "seat": seat, "count": count, "real": real, "virtual": virtual,
            "paid": cost, "received": C.virtual_unit_sale_price * virtual})
    _end_turn(tx, seat)
    return


# -- Sailing and exploring (§2.6) ----------------------------------------------------------------


def _sailing_ctx(state: State, seat: int, what: str) -> Sailing:
    ctx = state.context
    if state.step in (Step.NAVEGADOR_SAILING, Step.ACTION) and isinstance(ctx, Sailing):
        return ctx
    raise _wrong_step(what + " (only during a sailing action)")


def _why_not_move(state: State, ctx: Sailing, origin: str, target: str, count: int) -> Why:
    if origin == target:
        return ("sail.same_region", "A ship must sail to another region.")
    if target not in ctx.explored_at_start:
        return ("sail.destination_unexplored",
                "That region was unexplored when this sailing action began: enter it with 'explore'.")
    if count > ctx.unmoved[_R[origin]]:
        return ("sail.no_unmoved_ship",
                f"You have only {ctx.unmoved[_R[origin]]} ships in {origin} that have not moved "
                "in this sailing action.")
    if reach(ctx, origin, target) > ctx.sail_range:
        return ("sail.out_of_range",
                f"A ship may cross at most {ctx.sail_range} borders in this sailing action, "
                "passing only through regions explored before it began.")
    return None


@commands.command("move_ships")
def _decide_move_ships(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    state = tx.state
    ctx = _sailing_ctx(state, seat, "move ships")
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
                "You may explore only one new region per sailing action.")
    if target in state.explored:
        return ("explore.already_explored", f"{target} has already been explored.")
    for origin, count in sources:
        if count > ctx.unmoved[_R[origin]]:
            return ("explore.no_unmoved_ship",
                    f"You have only {ctx.unmoved[_R[origin]]} ships in {origin} that have not moved "
                    "in this sailing action.")
        if reach(ctx, origin, target) > ctx.sail_range:
            return ("explore.out_of_range",
                    f"The ships in {origin} cannot reach {target} in this phase.")
    loss = _loss(state, target)
    if sum(k for _, k in sources) < loss + 1:
        return ("explore.fleet_too_small",
                f"Exploring {target} needs a fleet of at least {loss + 1} ships ({loss} will be lost).")
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


# -- Colony (§2.7) ------------------------------------------------------------------------------


def _why_not_found(state: State, seat: int, ctx: Founding, region: str) -> Why:
    p = state.players[seat]
    i = _R[region]
    if p.ships[i] == 0:
        return ("colony.no_ship", f"You need a ship in {region} to found a colony there.")
    if p.ships[i] <= ctx.founded_in[i]:
        return ("colony.no_free_ship",
                f"Each of your ships in {region} already supports a colony this turn.")
    need = C.colony_workers_per_colony * (ctx.founded_total + 1)
    if p.workers < need:
        return ("colony.not_enough_workers",
                f"{ctx.founded_total + 1} colonies in one turn need {need} workers; you have {p.workers}.")
    if not state.stacks[i]:
        return ("colony.none_left", f"No colonies are left in {region}.")
    price = C.tile_price[state.stacks[i][0]]
    if p.money < price:
        return ("colony.not_enough_money",
                f"The cheapest colony in {region} costs {price} Cr; you have {p.money}.")
    return None


@commands.command("found_colony")
def _decide_found_colony(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    state = tx.state
    _need_action(state, seat, "colony", "found a colony")
    fields(action, ("region",))
    region = one_of(action, "region", _R)
    ctx = state.context
    assert isinstance(ctx, Founding)
    refuse(_why_not_found(state, seat, ctx, region))
    tile = state.stacks[_R[region]][0]  # §2.7: always the cheapest tile first
    tx.emit({"t": "ColonyFounded", "seat": seat, "region": region, "tile": tile,
             "price": C.tile_price[tile]})


# -- Buildings (§2.8) ---------------------------------------------------------------------------


def _why_not_build(state: State, seat: int, ctx: Building, line: str) -> Why:
    b = _B[line]
    if state.next_cell[b] >= state.on_board[b]:
        return ("build.sold_out", f"No {line.replace('_', ' ')} is left on the building board.")
    p = state.players[seat]
    need = ctx.workers_used + C.workers_required[line]
    if need > p.workers:
        return ("build.not_enough_workers",
                f"Your buildings this turn would need {need} workers; you have {p.workers}.")
    price = C.cells[line][state.next_cell[b]]
    if p.money < price:
        return ("build.not_enough_money", f"The next {line.replace('_', ' ')} costs {price} Cr; "
                                          f"you have {p.money}.")
    return None


@commands.command("build")
def _decide_build(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    state = tx.state
    _need_action(state, seat, "buildings", "build")
    fields(action, ("building",))
    line = one_of(action, "building", C.buildings)
    ctx = state.context
    assert isinstance(ctx, Building)
    refuse(_why_not_build(state, seat, ctx, line))
    cell = state.next_cell[_B[line]]
    tx.emit({"t": "BuildingBuilt", "seat": seat, "building": line, "cell": cell,
            "price": C.cells[line][cell]})
    s = tx.state
    if all(s.next_cell[b] >= s.on_board[b] for b in range(len(C.buildings))):
        _trigger_end(tx, seat, "buildings")  # §5.1, §8.5: the building board is empty
    return


# -- Market (§2.9) --------------------------------------------------------------------------------


def _why_not_sell(state: State, seat: int, ctx: Trading, good: str, count: int) -> Why:
    if good in ctx.traded:
        return ("market.good_already_traded", f"You have already sold or processed {good} this turn.")
    have = state.players[seat].colonies_of(good)
    if count > have:
        return ("market.not_enough_colonies", f"You can sell one {good} per {good} colony; you have {have}.")
    return None


def _factories_for(p: Player, ctx: Trading, good: str) -> int:
    return p.factories[_G[good]] + (0 if ctx.orange_used else 1)


def _why_not_process(state: State, seat: int, ctx: Trading, good: str, count: int) -> Why:
    if good in ctx.traded:
        return ("market.good_already_traded", f"You have already sold or processed {good} this turn.")
    have = _factories_for(state.players[seat], ctx, good)
    if count > have:
        return ("market.not_enough_factories",
                f"You can process {have} {good} now: one per {good} factory, plus your orange "
                "factory if it is still unused this turn.")
    return None


@commands.command("sell")
def _decide_sell(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    state = tx.state
    _need_action(state, seat, "market", "sell")
    fields(action, ("good", "count",))
    good = one_of(action, "good", C.goods)
    count = whole(action, "count", 1)
    ctx = state.context
    assert isinstance(ctx, Trading)
    refuse(_why_not_sell(state, seat, ctx, good, count))
    row = state.market[_G[good]]
    # §2.9: every unit at the price before the cube moves; the cube stops on the bottom row.
    tx.emit({"t": "GoodsSold", "seat": seat, "good": good, "count": count,
             "unit_price": C.price[good][row], "row_before": row,
             "row_after": min(C.bottom_row, row + count)})


@commands.command("process")
def _decide_process(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    state = tx.state
    _need_action(state, seat, "market", "process")
    fields(action, ("good", "count",))
    good = one_of(action, "good", C.goods)
    count = whole(action, "count", 1)
    ctx = state.context
    assert isinstance(ctx, Trading)
    refuse(_why_not_process(state, seat, ctx, good, count))
    row = state.market[_G[good]]
    tx.emit({"t": "GoodsProcessed", "seat": seat, "good": good, "count": count,
             "unit_income": C.factory_income[row], "row_before": row,
             "row_after": max(C.top_row, row - count),
             "orange_used": count > state.players[seat].factories[_G[good]]})


# -- Privilege (§2.10) ----------------------------------------------------------------------------


def _why_not_privilege(state: State, seat: int, kind: str) -> Why:
    p = state.players[seat]
    if p.workers <= C.workers_min:
        return ("privilege.not_enough_workers",
                f"A privilege costs a worker, and you may not go below {C.workers_min} workers.")
    if state.gallery[_K[kind]] < 1:
        return ("privilege.none_available", f"No {kind} privilege is left in the gallery.")
    if p.privileges[_K[kind]] >= C.max_privileges_per_kind:
        return ("privilege.column_full",
                f"You already have {C.max_privileges_per_kind} {kind} privileges.")
    return None


@commands.command("take_privilege")
def _decide_take_privilege(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    state = tx.state
    _need_action(state, seat, "privilege", "take a privilege")
    fields(action, ("kind",))
    kind = one_of(action, "kind", C.kinds)
    refuse(_why_not_privilege(state, seat, kind))
    p = state.players[seat]
    cell = p.privileges[_K[kind]]  # the topmost empty cell of that column
    tx.emit({"t": "PrivilegeTaken", "seat": seat, "kind": kind, "cell": cell,
            "bonus": C.privilege_cells_cr[kind][cell] * p.items(kind)})
    _end_turn(tx, seat)
    return


# -- done ------------------------------------------------------------------------------------------


@commands.command("done")
def _decide_done(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    state = tx.state
    if state.step not in (Step.NAVEGADOR_SAILING, Step.ACTION):
        raise _wrong_step("end an action")
    fields(action)
    ctx = state.context
    if isinstance(ctx, Sailing):
        tx.emit({"t": "ActionEnded", "seat": seat, "action": "navegador" if ctx.navegador else "sailing"})
        if ctx.pending_phase is not None:
            _start_phase(tx, ctx.pending_phase)  # §3.2, §8.7
        if ctx.navegador:
            _pass_card(tx, seat, "used")  # §4.2; the player now moves his stone
            return
    else:
        tx.emit({"t": "ActionEnded", "seat": seat, "action": state.space_action(seat)})
    _end_turn(tx, seat)
    return


def _start_phase(tx: Tx, target: int) -> None:
    """New phase(s): privileges from the supply enter the gallery (§3.2, §3.3)."""
    while tx.state.phase < target:
        s = tx.state
        phase = s.phase + 1
        per_kind = C.gallery_added[s.seats][phase]
        added = {k: min(per_kind, s.privilege_supply[i]) for i, k in enumerate(C.kinds)}
        tx.emit({"t": "PhaseStarted", "phase": phase, "privileges_added": added})


# -- end of turn, end of game (§2.12, §5) -------------------------------------------------------


def _trigger_end(tx: Tx, seat: int, reason: str) -> None:
    if tx.state.end_trigger is None:  # §8.29: later triggers change nothing
        tx.emit({"t": "GameEndTriggered", "seat": seat, "reason": reason})


def _end_turn(tx: Tx, seat: int) -> None:
    s = tx.state
    start_final = False
    if s.final_turns_left is not None:
        left: int | None = s.final_turns_left - 1
    elif s.end_trigger is not None:
        left, start_final = s.seats, True  # every player gets one more turn, the trigger's too
    else:
        left = None
    tx.emit({"t": "TurnEnded", "seat": seat, "final_turns_left": left})
    if start_final:
        tx.emit({"t": "FinalRoundStarted", "trigger": s.end_trigger, "turns": left})
    if left == 0:
        _end_game(tx)
        return
    nxt = (seat + 1) % s.seats
    tx.emit({"t": "TurnStarted", "seat": nxt, "round": s.round + (1 if nxt == s.first else 0)})


def _end_game(tx: Tx) -> None:
    tx.emit({"t": "GameEnded", "reason": tx.state.end_trigger})
    for seat, p in enumerate(tx.state.players):
        free = scoring.free_columns(p)
        if tx.state.kings_mode == "auto":
            tx.emit({"t": "KingsPrivilegePlaced", "seat": seat, "kind": scoring.best_kings_column(p),
                    "how": "auto"})
        elif len(free) <= 1:
            # a forced single choice: one free column (or none, §8.33)
            tx.emit({"t": "KingsPrivilegePlaced", "seat": seat, "kind": free[0] if free else "none",
                    "how": "forced"})
    _score_if_ready(tx)


def _score_if_ready(tx: Tx) -> None:
    s = tx.state
    if any(p.kings is None for p in s.players):
        return
    results = scoring.results(s)
    tx.emit({"t": "GameScored",
            "scores": [r.score for r in results],
            "ranks": [r.rank for r in results]})


@commands.command("place_kings_privilege")
def _decide_place_kings(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    state = tx.state
    if state.step is not Step.KINGS_PRIVILEGE:
        raise _wrong_step("place your king's privilege (only after the last turn)")
    fields(action, ("kind",))
    kind = one_of(action, "kind", C.kinds)
    refuse(_why_not_kings(state, seat, kind))
    tx.emit({"t": "KingsPrivilegePlaced", "seat": seat, "kind": kind, "how": "chosen"})
    _score_if_ready(tx)
    return


def _why_not_kings(state: State, seat: int, kind: str) -> Why:
    p = state.players[seat]
    if p.kings is not None:
        return ("scoring.already_placed", "You have already placed your king's privilege.")
    if p.privileges[_K[kind]] >= C.max_privileges_per_kind:
        return ("scoring.column_full", f"Your {kind} column has no free privilege cell.")
    return None


# -- dispatch ---------------------------------------------------------------------------------------


def _wrong_step(what: str) -> IllegalAction:
    return not_now(f"You cannot {what} now.")


def _need_action(state: State, seat: int, action: str, what: str) -> None:
    if state.step is not Step.ACTION or state.space_action(seat) != action:
        raise _wrong_step(f"{what} (only in the {action.title()} action)")


COMMANDS = commands.types


def decide(state: State, seat: int, action: Any, rng: RandomSource | None = None) -> Facts:
    """The facts `action` by `seat` causes, or IllegalAction (the opening checks and their codes
    are every game's, `domain.core.commands`); their `.state` is the state they lead to.
    Navegador draws nothing after setup."""
    command = commands.opening(action, seat, to_act=to_act(state), over=state.step is Step.GAME_OVER)
    tx = Tx(state, evolve)
    command.handler(tx, seat, action, cast(RandomSource, rng))
    return tx.facts


# -- legal actions ----------------------------------------------------------------------------------


def legal_actions(state: State, seat: int) -> list[Action]:
    """Every command `seat` may submit now, each ready to send as it is (rules page §2.12)."""
    if type(seat) is not int or seat not in to_act(state):
        return []
    step = state.step
    if step is Step.KINGS_PRIVILEGE:
        return [{"type": "place_kings_privilege", "kind": k} for k in C.kinds
                if _why_not_kings(state, seat, k) is None]
    if step in (Step.TURN_START, Step.AFTER_NAVEGADOR):
        out: list[Action] = []
        if step is Step.TURN_START and _why_not_navegador(state, seat) is None:
            out.append({"type": "use_navegador"})
        return out + _rondel_moves(state, seat)
    ctx = state.context
    p = state.players[seat]
    out = []
    if isinstance(ctx, Sailing):
        out = _sailing_actions(state, ctx)
    elif isinstance(ctx, Founding):
        out = [{"type": "found_colony", "region": r} for r in C.regions
               if _why_not_found(state, seat, ctx, r) is None]
    elif isinstance(ctx, Building):
        out = [{"type": "build", "building": b} for b in C.buildings
               if _why_not_build(state, seat, ctx, b) is None]
    elif isinstance(ctx, Trading):
        for good in C.goods:
            if good in ctx.traded:
                continue
            out += [{"type": "sell", "good": good, "count": k}
                    for k in range(1, p.colonies_of(good) + 1)]
            out += [{"type": "process", "good": good, "count": k}
                    for k in range(1, _factories_for(p, ctx, good) + 1)]
    else:
        action = state.space_action(seat)
        if action == "workers":
            out = [{"type": "hire_workers", "count": k}
                   for k in range(1, max(p.churches, C.workers_max - p.workers) + 1)
                   if _why_not_hire(state, p, k) is None]
        elif action == "ships":
            out = [{"type": "build_ships", "count": k}
                   for k in range(1, max(p.shipyards, p.supply) + 1)
                   if _why_not_build_ships(state, p, k) is None]
        elif action == "privilege":
            out = [{"type": "take_privilege", "kind": k} for k in C.kinds
                   if _why_not_privilege(state, seat, k) is None]
    out.append({"type": "done"})
    return out


def _rondel_moves(state: State, seat: int) -> list[Action]:
    p = state.players[seat]
    out: list[Action] = []
    for target, space in enumerate(C.spaces):
        cost = rondel_cost(p.stone, target)
        if cost > p.ships_on_board:
            continue
        for pay in _payments(p.ships, cost):
            out.append({"type": "move_rondel", "space": space, "pay_ships": dict(pay)})
    return out


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
            if target in state.explored:
                continue
            need = _loss(state, target) + 1
            near = [(C.regions[i], k) for i, k in enumerate(ctx.unmoved)
                    if k and _distances(i, e0)[j] <= rng]
            if sum(k for _, k in near) < need:
                continue
            for counts in itertools.product(*(range(k + 1) for _, k in near)):
                if sum(counts) >= need:
                    sources = [{"from": r, "count": c}
                               for (r, _), c in zip(near, counts, strict=True) if c]
                    out.append({"type": "explore", "to": target, "sources": sources})
    return out
