"""evolve(state, fact): apply one fact. Pure, total, no validation, no randomness.

Facts are things that happened; `decide` made sure they were legal. Each handler below is named
after the fact it applies.
"""

from __future__ import annotations

from typing import Any, TypeVar

from domain.core import Fact
from domain.core.facts import Evolver

from .components import C
from .state import Building, Founding, Player, Sailing, State, Step, Trading

evolver = Evolver("Navegador")
evolves = evolver.evolves
evolve = evolver  # `evolve(state, fact)`: the state after `fact`; never mutates `state`

_G = {g: i for i, g in enumerate(C.goods)}
_B = {b: i for i, b in enumerate(C.buildings)}
_K = {k: i for i, k in enumerate(C.kinds)}
_R = C.region_index
_FACTORY_GOOD = {b: _G[g] for b, g in C.building_good.items() if g is not None}
T = TypeVar("T")


def replace(obj: T, **changes: Any) -> T:
    """`dataclasses.replace` for our frozen dataclasses, without re-running __init__ (fast)."""
    new = object.__new__(type(obj))
    new.__dict__.update(obj.__dict__)
    new.__dict__.update(changes)
    return new


def _set(t: tuple[Any, ...], i: int, v: Any) -> tuple[Any, ...]:
    return t[:i] + (v,) + t[i + 1 :]


def _add(t: tuple[int, ...], i: int, d: int) -> tuple[int, ...]:
    return t[:i] + (t[i] + d,) + t[i + 1 :]


def _player(state: State, seat: int, player: Player) -> State:
    return replace(state, players=_set(state.players, seat, player))


def _context_for(state: State, space: int, player: Player) -> Any:
    action = C.space_action[space]
    if action == "sailing":
        return _sailing(state, player, navegador=False)
    if action == "colony":
        return Founding(founded_in=(0,) * len(C.regions))
    if action == "buildings":
        return Building()
    if action == "market":
        return Trading()
    return None


def _sailing(state: State, player: Player, navegador: bool) -> Sailing:
    return Sailing(
        navegador=navegador,
        explored_at_start=state.explored,
        unmoved=player.ships,
        sail_range=C.sail_range[state.phase],
    )


# -- setup ---------------------------------------------------------------------------------------


@evolves("GameSetUp")
def game_set_up(_: State | None, fact: Fact) -> State:
    n = fact["seats"]
    start = Player(
        money=C.start_money,
        workers=C.start_workers,
        ships=_set((0,) * len(C.regions), C.home, C.start_ships_in_portugal),
        supply=C.ships_per_player - C.start_ships_in_portugal,
        stone=None,
        colonies=(),
        factories=(0,) * len(C.goods),
        shipyards=1,
        churches=1,
        explorers=(),
        privileges=(0,) * len(C.kinds),
    )
    return State(
        seats=n,
        kings_mode=fact["kings_privilege_placement"],
        first=0,
        current=0,
        step=Step.TURN_START,
        phase=1,
        round=1,
        players=(start,) * n,
        market=(C.market_start_row,) * len(C.goods),
        next_cell=(0,) * len(C.buildings),
        on_board=tuple(C.on_board[b][n] for b in C.buildings),
        gallery=(C.gallery_initial,) * len(C.kinds),
        privilege_supply=tuple(C.privilege_count[k] - C.gallery_initial for k in C.kinds),
        explored=frozenset({C.regions[C.home]}),
        stacks=((),) * len(C.regions),
        removed_tiles=(),
        double_loss=frozenset(r for i, r in enumerate(C.regions) if n in C.double_loss_players[i]),
        holder=n - 1,
        orange_ship=None,
    )


@evolves("FirstPlayerChosen")
def first_player_chosen(state: State, fact: Fact) -> State:
    first = fact["seat"]
    # §1.10 step 9: the card goes to the last player, the first player's right neighbour.
    return replace(state, first=first, current=first, holder=(first - 1) % state.seats)


@evolves("ColoniesDealt")
def colonies_dealt(state: State, fact: Fact) -> State:
    stacks = [()] * len(C.regions)
    for region, tiles in fact["stacks"].items():
        stacks[_R[region]] = tuple(sorted(tiles, key=C.tile_price.__getitem__))
    return replace(state, stacks=tuple(stacks), removed_tiles=tuple(fact["removed"]))


# -- turn start, rondel, Navegador card ----------------------------------------------------------


@evolves("NavegadorUsed")
def navegador_used(state: State, fact: Fact) -> State:
    p = state.players[fact["seat"]]
    return replace(state, step=Step.NAVEGADOR_SAILING, context=_sailing(state, p, navegador=True))


@evolves("RondelMoved")
def rondel_moved(state: State, fact: Fact) -> State:
    seat = fact["seat"]
    p = state.players[seat]
    ships = p.ships
    paid = 0
    for region, count in fact["ships_paid"].items():
        ships = _add(ships, _R[region], -count)
        paid += count
    space = C.space_index[fact["to"]]
    p = replace(p, ships=ships, supply=p.supply + paid, stone=space)
    state = _player(state, seat, p)
    return replace(state, step=Step.ACTION, context=_context_for(state, space, p))


@evolves("OrangeShipPlaced")
def orange_ship_placed(state: State, fact: Fact) -> State:
    return replace(state, orange_ship=C.space_index[fact["space"]])


@evolves("NavegadorPassed")
def navegador_passed(state: State, fact: Fact) -> State:
    space = fact["orange_ship"]
    return replace(state, holder=fact["to"], orange_ship=None if space is None else C.space_index[space])


# -- sailing ----------------------------------------------------------------------------------


@evolves("ShipsMoved")
def ships_moved(state: State, fact: Fact) -> State:
    seat, count = fact["seat"], fact["count"]
    a, b = _R[fact["from"]], _R[fact["to"]]
    p = state.players[seat]
    p = replace(p, ships=_add(_add(p.ships, a, -count), b, count))
    ctx = state.context
    assert isinstance(ctx, Sailing)
    return replace(_player(state, seat, p), context=replace(ctx, unmoved=_add(ctx.unmoved, a, -count)))


@evolves("RegionExplored")
def region_explored(state: State, fact: Fact) -> State:
    seat, region = fact["seat"], fact["region"]
    p = state.players[seat]
    ctx = state.context
    assert isinstance(ctx, Sailing)
    ships, unmoved, total = p.ships, ctx.unmoved, 0
    for src in fact["sources"]:
        i, k = _R[src["from"]], src["count"]
        ships = _add(ships, i, -k)
        unmoved = _add(unmoved, i, -k)
        total += k
    lost = fact["ships_lost"]
    ships = _add(ships, _R[region], total - lost)
    p = replace(p, ships=ships, supply=p.supply + lost, money=p.money + fact["bonus"],
                explorers=(*p.explorers, region))
    ctx = replace(ctx, unmoved=unmoved, explored_now=region, pending_phase=fact["phase_pending"])
    return replace(_player(state, seat, p), explored=state.explored | {region}, context=ctx)


@evolves("PhaseStarted")
def phase_started(state: State, fact: Fact) -> State:
    added = fact["privileges_added"]
    gallery = tuple(g + added[k] for g, k in zip(state.gallery, C.kinds, strict=True))
    supply = tuple(s - added[k] for s, k in zip(state.privilege_supply, C.kinds, strict=True))
    return replace(state, phase=fact["phase"], gallery=gallery, privilege_supply=supply)


@evolves("GameEndTriggered")
def game_end_triggered(state: State, fact: Fact) -> State:
    return replace(state, end_trigger=fact["reason"])


# -- the other actions ------------------------------------------------------------------------------


@evolves("WorkersHired")
def workers_hired(state: State, fact: Fact) -> State:
    p = state.players[fact["seat"]]
    p = replace(p, workers=p.workers + fact["real"], money=p.money - fact["paid"] + fact["received"])
    return _player(state, fact["seat"], p)


@evolves("ShipsBuilt")
def ships_built(state: State, fact: Fact) -> State:
    p = state.players[fact["seat"]]
    real = fact["real"]
    p = replace(p, ships=_add(p.ships, C.home, real), supply=p.supply - real,
                money=p.money - fact["paid"] + fact["received"])
    return _player(state, fact["seat"], p)


@evolves("ColonyFounded")
def colony_founded(state: State, fact: Fact) -> State:
    seat, i, tile = fact["seat"], _R[fact["region"]], fact["tile"]
    p = state.players[seat]
    p = replace(p, money=p.money - fact["price"], colonies=(*p.colonies, tile))
    stacks = _set(state.stacks, i, tuple(t for t in state.stacks[i] if t != tile))
    ctx = state.context
    assert isinstance(ctx, Founding)
    ctx = Founding(_add(ctx.founded_in, i, 1), ctx.founded_total + 1)
    return replace(_player(state, seat, p), stacks=stacks, context=ctx)


@evolves("BuildingBuilt")
def building_built(state: State, fact: Fact) -> State:
    seat, line = fact["seat"], fact["building"]
    p = state.players[seat]
    kind = C.building_kind[line]
    if kind == "factory":
        p = replace(p, factories=_add(p.factories, _FACTORY_GOOD[line], 1))
    elif kind == "shipyard":
        p = replace(p, shipyards=p.shipyards + 1)
    else:
        p = replace(p, churches=p.churches + 1)
    p = replace(p, money=p.money - fact["price"])
    ctx = state.context
    assert isinstance(ctx, Building)
    return replace(_player(state, seat, p), next_cell=_add(state.next_cell, _B[line], 1),
                   context=Building(ctx.workers_used + C.workers_required[line]))


@evolves("GoodsSold")
def goods_sold(state: State, fact: Fact) -> State:
    seat, good = fact["seat"], fact["good"]
    p = state.players[seat]
    p = replace(p, money=p.money + fact["count"] * fact["unit_price"])
    ctx = state.context
    assert isinstance(ctx, Trading)
    return replace(_player(state, seat, p), market=_set(state.market, _G[good], fact["row_after"]),
                   context=replace(ctx, traded=ctx.traded | {good}))


@evolves("GoodsProcessed")
def goods_processed(state: State, fact: Fact) -> State:
    seat, good = fact["seat"], fact["good"]
    p = state.players[seat]
    p = replace(p, money=p.money + fact["count"] * fact["unit_income"])
    ctx = state.context
    assert isinstance(ctx, Trading)
    ctx = Trading(ctx.traded | {good}, ctx.orange_used or fact["orange_used"])
    return replace(_player(state, seat, p), market=_set(state.market, _G[good], fact["row_after"]),
                   context=ctx)


@evolves("PrivilegeTaken")
def privilege_taken(state: State, fact: Fact) -> State:
    seat, k = fact["seat"], _K[fact["kind"]]
    p = state.players[seat]
    p = replace(p, workers=p.workers - 1, money=p.money + fact["bonus"],
                privileges=_add(p.privileges, k, 1))
    return replace(_player(state, seat, p), gallery=_add(state.gallery, k, -1))


# -- ends of actions, turns and the game -------------------------------------------------------------


@evolves("ActionEnded")
def action_ended(state: State, fact: Fact) -> State:
    if fact["action"] == "navegador":
        return replace(state, context=None, step=Step.AFTER_NAVEGADOR)
    return replace(state, context=None)


@evolves("TurnEnded")
def turn_ended(state: State, fact: Fact) -> State:
    return replace(state, context=None, final_turns_left=fact["final_turns_left"])


@evolves("TurnStarted")
def turn_started(state: State, fact: Fact) -> State:
    return replace(state, current=fact["seat"], round=fact["round"], step=Step.TURN_START)


@evolves("GameEnded")
def game_ended(state: State, fact: Fact) -> State:
    return replace(state, step=Step.KINGS_PRIVILEGE, context=None)


@evolves("KingsPrivilegePlaced")
def kings_privilege_placed(state: State, fact: Fact) -> State:
    p = replace(state.players[fact["seat"]], kings=fact["kind"])
    return _player(state, fact["seat"], p)


@evolves("GameScored")
def game_scored(state: State, fact: Fact) -> State:
    return replace(state, step=Step.GAME_OVER, scored=True)


@evolves("FinalRoundStarted")
def _nothing(state: State, fact: Fact) -> State:
    return state
