"""Bots: `random` (any legal action, uniformly) and `greedy` (a rule-of-thumb heuristic).

The greedy bot values everything in victory points, money at `CR_PER_VP` Cr per VP. At the start
of a turn it estimates what each reachable rondel space is worth now (the best it could do there
this turn, minus the ships the move costs) and goes to the best one; inside an action it takes
the best single step while that step is worth something, then `done`. It sails toward the
nearest unexplored region, explores whenever it can, and uses the Navegador card when that lets
it explore (or when the card would be lost anyway). Every choice is one of `legal_actions`.
"""

from __future__ import annotations

from functools import lru_cache

from domain.core import Action, RandomSource, choice, search

from . import scoring
from .components import C
from .decide import _distances, legal_actions, rondel_cost
from .state import Player, Sailing, State, Step

CR_PER_VP = 70
_G = {g: i for i, g in enumerate(C.goods)}
_K = {k: i for i, k in enumerate(C.kinds)}


def random_bot(state: State, seat: int, rng: RandomSource) -> Action:
    """A uniformly random legal action."""
    return choice(rng, legal_actions(state, seat))


# -- values -------------------------------------------------------------------------------------


_rate = CR_PER_VP


def _set_rate(p: Player) -> None:
    """Money is worth less to a rich player: 1 VP per CR_PER_VP Cr, or per a fifth of his cash."""
    global _rate
    _rate = max(CR_PER_VP, p.money // 5)


def _cr(money: int) -> float:
    return money / _rate


def _late(state: State) -> bool:
    return state.end_trigger is not None


def _market_plan(state: State, p: Player) -> tuple[float, list[Action]]:
    """Best income of one Market action: per good sell or process; the orange factory once."""
    best: tuple[float, list[Action]] = (0.0, [])
    for orange in (None, *C.goods):
        income, plan = 0, []
        for good in C.goods:
            row = state.market[_G[good]]
            n_sell = p.colonies_of(good)
            n_proc = p.factories[_G[good]] + (1 if orange == good else 0)
            sell = n_sell * C.price[good][row]
            proc = n_proc * C.factory_income[row]
            if orange == good and proc <= sell:
                break  # this orange assignment is no better than another
            if sell >= proc and n_sell:
                income += sell
                plan.append({"type": "sell", "good": good, "count": n_sell})
            elif n_proc:
                income += proc
                plan.append({"type": "process", "good": good, "count": n_proc})
        else:
            if _cr(income) > best[0]:
                best = (_cr(income), plan)
    return best


def _building_gain(state: State, p: Player, line: str) -> float:
    kind = C.building_kind[line]
    vp = float(scoring.per_item_vp(p, kind, None))
    if kind == "factory":
        vp += 0.0 if _late(state) else 1.0  # future processing income
    elif kind == "church" and p.workers < C.workers_max:
        vp += 0.3
    price = C.cells[line][state.next_cell[C.buildings.index(line)]]
    return vp - _cr(price)


def _privilege_gain(state: State, p: Player, kind: str) -> float:
    cell = p.privileges[_K[kind]]
    bonus = C.privilege_cells_cr[kind][cell] * p.items(kind)
    return _cr(bonus) + p.items(kind) * C.privilege_vp[kind] - 1.5  # a worker is given up


def _units_value(state: State, count: int, cheap: int, room: int, money: int) -> float:
    cheap_n = min(count, cheap)
    cost = C.church_worker_price * cheap_n + C.extra_unit_price[state.phase] * (count - cheap_n)
    if cost > money:
        return -1e9
    real = min(count, room)
    virtual = count - real
    return real * 1.4 + _cr(C.virtual_unit_sale_price * virtual - cost)


def _best_count(state: State, cheap: int, room: int, money: int) -> tuple[float, int]:
    best = (0.0, 0)
    for count in range(1, max(cheap, room) + 1):
        value = _units_value(state, count, cheap, room, money)
        if value > best[0]:
            best = (value, count)
    return best


def _frontier(state: State) -> tuple[int, ...]:
    return _frontier_of(state.explored)


# Cached module-wide: a pure function of an immutable set of regions, asked again every turn.
@lru_cache(maxsize=1024)
def _frontier_of(explored: frozenset[str]) -> tuple[int, ...]:
    """Borders from each region to the nearest unexplored region (through explored ones)."""
    out = []
    for i in range(len(C.regions)):
        dist = _distances(i, explored)
        near = [dist[j] for j, r in enumerate(C.regions) if r not in explored]
        out.append(min(near) if near else 0)
    return tuple(out)


def _explore_options(state: State, unmoved: tuple[int, ...], e0: frozenset[str],
                     sail_range: int) -> list[tuple[float, Action]]:
    out = []
    for j, target in enumerate(C.regions):
        if target in state.explored:
            continue
        loss = 2 if target in state.double_loss else 1
        near = [(C.regions[i], k) for i, k in enumerate(unmoved)
                if k and _distances(i, e0)[j] <= sail_range]
        total = sum(k for _, k in near)
        if total < loss + 1:
            continue
        value = 4.0 + 2.0 - loss * 1.2 + (1.5 if C.starts_phase[j] else 0.0)
        if C.ends_game[j]:
            value += 3.0
        sources = [{"from": r, "count": k} for r, k in near]
        out.append((value, {"type": "explore", "to": target, "sources": sources}))
    return out


def _colony_value(state: State, p: Player, region: int) -> float:
    tile = state.stacks[region][0]
    good = C.tile_good[tile]
    uses = 0.5 if _late(state) else 2.5
    return 1.0 + _cr(int(uses * C.price[good][state.market[_G[good]]]) - C.tile_price[tile])


def _space_value(state: State, seat: int, space: int) -> float:
    """What the action of `space` is worth to `seat` this turn (rough, in VP)."""
    p = state.players[seat]
    action = C.space_action[space]
    if action == "market":
        return _market_plan(state, p)[0]
    if action == "workers":
        return _best_count(state, p.churches, C.workers_max - p.workers, p.money)[0]
    if action == "ships":
        return _best_count(state, p.shipyards, p.supply, p.money)[0] * 0.8
    if action == "privilege":
        if p.workers <= C.workers_min:
            return 0.0
        gains = [_privilege_gain(state, p, k) for i, k in enumerate(C.kinds)
                 if state.gallery[i] and p.privileges[i] < C.max_privileges_per_kind]
        return max([0.0, *gains])
    if action == "buildings":
        value, money, workers = 0.0, p.money, p.workers
        taken: set[str] = set()
        for _ in range(3):
            options = [(_building_gain(state, p, b), b) for i, b in enumerate(C.buildings)
                       if b not in taken and state.next_cell[i] < state.on_board[i]
                       and C.cells[b][state.next_cell[i]] <= money
                       and C.workers_required[b] <= workers]
            options = [o for o in options if o[0] > 0]
            if not options:
                break
            gain, line = max(options)
            value += gain
            taken.add(line)
            money -= C.cells[line][state.next_cell[C.buildings.index(line)]]
            workers -= C.workers_required[line]
        return value
    if action == "colony":
        value, money, slots = 0.0, p.money, p.workers // C.colony_workers_per_colony
        for i in range(len(C.regions)):
            if p.ships[i] and state.stacks[i] and slots:
                price = C.tile_price[state.stacks[i][0]]
                gain = _colony_value(state, p, i)
                if price <= money and gain > 0:
                    value, money, slots = value + gain, money - price, slots - 1
        return value
    # sailing
    explores = _explore_options(state, p.ships, state.explored, C.sail_range[state.phase])
    if explores:
        return max(v for v, _ in explores)
    frontier = _frontier(state)
    reach = C.sail_range[state.phase]
    closer = any(k and frontier[i] > 1 and min(frontier[j] for j in range(len(C.regions))
                                              if _distances(i, state.explored)[j] <= reach) < frontier[i]
                 for i, k in enumerate(p.ships))
    return 1.8 if closer else 0.3


# -- the bot --------------------------------------------------------------------------------------


def greedy_bot(state: State, seat: int, rng: RandomSource) -> Action:
    """A one-turn greedy heuristic (see the module docstring)."""
    actions = legal_actions(state, seat)
    if len(actions) == 1:
        return actions[0]
    step = state.step
    p = state.players[seat]
    _set_rate(p)
    if step is Step.KINGS_PRIVILEGE:
        best = scoring.best_kings_column(p)
        return {"type": "place_kings_privilege", "kind": best}
    if step in (Step.TURN_START, Step.AFTER_NAVEGADOR):
        return _choose_move(state, seat, actions)
    ctx = state.context
    if isinstance(ctx, Sailing):
        return _sail_step(state, seat, ctx, actions)
    action = state.space_action(seat)
    kinds = {a["type"] for a in actions}
    if action == "market":
        for planned in _market_plan(state, p)[1]:
            if planned in actions:
                return planned
    elif action == "colony":
        options = [(_colony_value(state, p, C.region_index[a["region"]]), a)
                   for a in actions if a["type"] == "found_colony"]
        good = [o for o in options if o[0] > 0]
        if good:
            return max(good, key=lambda o: o[0])[1]
    elif action == "buildings":
        options = [(_building_gain(state, p, a["building"]), a) for a in actions if a["type"] == "build"]
        good = [o for o in options if o[0] > 0]
        if good:
            return max(good, key=lambda o: o[0])[1]
    elif action == "workers" and "hire_workers" in kinds:
        value, count = _best_count(state, p.churches, C.workers_max - p.workers, p.money)
        if count:
            return {"type": "hire_workers", "count": count}
    elif action == "ships" and "build_ships" in kinds:
        value, count = _best_count(state, p.shipyards, p.supply, p.money)
        if count:
            return {"type": "build_ships", "count": count}
    elif action == "privilege":
        options = [(_privilege_gain(state, p, a["kind"]), a) for a in actions
                   if a["type"] == "take_privilege"]
        good = [o for o in options if o[0] > 0]
        if good:
            return max(good, key=lambda o: o[0])[1]
    return {"type": "done"}


def _choose_move(state: State, seat: int, actions: list[Action]) -> Action:
    p = state.players[seat]
    moves = [a for a in actions if a["type"] == "move_rondel"]
    if {"type": "use_navegador"} in actions:
        keeps = any(a["space"] != C.spaces[p.stone or 0] and not _loses_card(state, seat, a)
                    for a in moves if not a["pay_ships"])
        can_explore = _explore_options(state, p.ships, state.explored, C.sail_range[state.phase])
        if can_explore or not keeps:
            return {"type": "use_navegador"}
    best: tuple[float, Action] | None = None
    seen: set[str] = set()
    home = C.regions[C.home]
    for a in moves:
        target = C.space_index[a["space"]]
        cost = rondel_cost(p.stone, target)
        if cost > 1 or a["space"] in seen:
            continue
        if cost and p.ships[C.home] and a["pay_ships"] != {home: 1}:
            continue  # pay with a ship from Portugal, the farthest from the frontier
        seen.add(a["space"])
        value = _space_value(state, seat, target) - 1.6 * cost
        if state.holder == seat and _loses_card(state, seat, a):
            value -= 0.5
        if best is None or value > best[0]:
            best = (value, a)
    return best[1] if best else moves[0]


def _loses_card(state: State, seat: int, a: Action) -> bool:
    stone, orange = state.players[seat].stone, state.orange_ship
    if state.holder != seat or stone is None or orange is None:
        return False
    d = (C.space_index[a["space"]] - stone) % len(C.spaces) or len(C.spaces)
    return any((stone + k) % len(C.spaces) == orange for k in range(1, d + 1))


def _sail_step(state: State, seat: int, ctx: Sailing, actions: list[Action]) -> Action:
    explores = [a for a in actions if a["type"] == "explore"]
    if explores:
        # the largest fleet to the most valuable region: more ships arrive at the frontier
        options = _explore_options(state, ctx.unmoved, ctx.explored_at_start, ctx.sail_range)
        for _, planned in sorted(options, key=lambda o: -o[0]):
            if planned in actions:
                return planned
    frontier = _frontier(state)
    p = state.players[seat]
    best: tuple[int, int, Action] | None = None
    for a in actions:
        if a["type"] != "move_ships" or a["count"] != ctx.unmoved[C.region_index[a["from"]]]:
            continue
        i, j = C.region_index[a["from"]], C.region_index[a["to"]]
        gain = frontier[i] - frontier[j]
        if gain <= 0 and not (gain == 0 and p.ships[j] > p.ships[i] and frontier[j] <= 1):
            continue
        key = (gain, p.ships[j])
        if best is None or key > best[:2]:
            best = (*key, a)
    if best is not None:
        return best[2]
    return {"type": "done"}


def evaluate(state: State) -> list[float]:
    """Every seat's score if the game ended now, its money at the greedy bot's rate (the search's
    evaluation)."""
    return [scoring.score_now(p) - p.money // 200 + p.money / CR_PER_VP for p in state.players]


GAME = search.Game("navegador", policy=greedy_bot, evaluate=evaluate, spread=10.0)

BOTS = {
    "random": random_bot,
    "greedy": greedy_bot,
    **search.levels(GAME, normal=search.Budget(iterations=20), strong=search.Budget(iterations=60)),
}
