"""`evolve(state, fact) -> state`: apply one fact. Pure and total; no validation, no randomness.

Every fact is something that happened; the bookkeeping that follows from it mechanically (whose
turn it is next, which step the phase is in) is done here, so `decide` and a replay from the
record always agree. Choices and automatic rules are `decide`'s (rules.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .components import (
    BUILDING_INDEX,
    CATALOG,
    CIRCLES,
    GOOD_INDEX,
    GOODS,
    QUARRY,
    TILE_INDEX,
    TILE_KINDS,
    role_phase,
)
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
    ROLE_SELECTION,
    ROUND_END,
    SELECT_ROLE,
    SELL,
    SETTLE,
    SETTLER_END,
    SHIP,
    STORE,
    TRADER_END,
    Config,
    Player,
    State,
    _set,
    add,
    put,
    set_player,
)

Fact = dict[str, Any]

# The system step a phase reaches when its last player has acted.
_END_OF_TURNS = {
    SETTLE: SETTLER_END,
    ARRANGE: MAYOR_END,
    BUILD: BUILDER_END,
    SELL: TRADER_END,
    STORE: CAPTAIN_END,
}


def _order(s: State, first: int) -> tuple[int, ...]:
    """Seats clockwise starting with `first` (§3.3)."""
    n = s.n
    return tuple((first + i) % n for i in range(n))


def _turn_changes(s: State) -> dict[str, Any]:
    """Hand the turn to the next pending seat, or close the step when everyone has acted."""
    if s.pending:
        return {"turn": s.pending[0], "pending": s.pending[1:]}
    return {"turn": -1, "pending": (), "step": _END_OF_TURNS[s.step]}


def _player(s: State, seat: int, **changes: Any) -> tuple[Player, ...]:
    return set_player(s, seat, _set(s.players[seat], **changes))


def _goods_vector(counts: dict[str, int]) -> list[int]:
    out = [0, 0, 0, 0, 0]
    for g, c in counts.items():
        out[GOOD_INDEX[g]] = c
    return out


# -- setup -------------------------------------------------------------------------------------


def _game_set_up(_: State | None, f: Fact) -> State:
    n = len(f["starting_plantations"])
    c = f["config"]
    config = Config(
        expansions=tuple(c["expansions"]),
        max_large_buildings=c["max_large_buildings"],
        hacienda_quarry_with_construction_hut=c["hacienda_quarry_with_construction_hut"],
    )
    no_buildings = (-1,) * len(CATALOG)
    players = []
    for seat in range(n):
        island = [0] * len(TILE_KINDS)
        island[TILE_INDEX[f["starting_plantations"][seat]]] = 1
        players.append(
            Player(
                doubloons=f["doubloons"],
                vp=0,
                goods=(0,) * len(GOODS),
                island=tuple(island),
                manned=(0,) * len(TILE_KINDS),
                buildings=no_buildings,
                windrose=0,
            )
        )
    roles = tuple(f["roles"])
    governor = f["governor"]
    return State(
        config=config,
        players=tuple(players),
        governor=governor,
        round=1,
        roles=roles,
        role_doubloons=(0,) * len(roles),
        role_taken=(-1,) * len(roles),
        selections=0,
        selections_per_round=f["selections_per_round"],
        phase=ROLE_SELECTION,
        step=SELECT_ROLE,
        chooser=-1,
        turn=governor,
        pending=(),
        hacienda=0,
        placed=False,
        passes=0,
        captain_shipped=False,
        wharf_used=(),
        warehoused=(),
        produced=(),
        vp_supply=f["vp_supply"],
        colonist_supply=f["colonist_supply"],
        colonist_ship=f["colonist_ship"],
        goods=tuple(f["goods"][g] for g in GOODS),
        quarries=f["quarries"],
        draw_pile=(),
        faceup=(),
        discard=(),
        building_supply=tuple(f["buildings"].get(b, 0) for b in CATALOG),
        ship_capacity=tuple(f["cargo_ships"]),
        ship_good=(-1,) * len(f["cargo_ships"]),
        ship_load=(0,) * len(f["cargo_ships"]),
        trading_house=(),
        end_reasons=(),
    )


def _plantations_shuffled(s: State, f: Fact) -> State:
    # §4.1 procedure R / §1.3 step 4: the tiles become the new face-down pile (the discard pile,
    # when this is a reshuffle, is used up).
    return _set(s, draw_pile=tuple(TILE_INDEX[k] for k in f["tiles"]), discard=())


def _plantations_drawn(s: State, f: Fact) -> State:
    k = len(f["tiles"])
    return _set(s, faceup=s.faceup + s.draw_pile[:k], draw_pile=s.draw_pile[k:])


# -- role selection, phases, rounds ------------------------------------------------------------


def _role_selected(s: State, f: Fact) -> State:
    seat = f["seat"]
    i = s.roles.index(f["role"])
    phase = role_phase(f["role"])
    pl = s.players[seat]
    changes: dict[str, Any] = {
        "players": set_player(s, seat, _set(pl, doubloons=pl.doubloons + f["doubloons"])),
        "role_doubloons": put(s.role_doubloons, i, 0),
        "role_taken": put(s.role_taken, i, seat),
        "selections": s.selections + 1,
        "phase": phase,
        "chooser": seat,
    }
    n = s.n
    others = tuple((seat + i) % n for i in range(1, n))  # §3.3: the chooser first, then clockwise
    if phase == "settler":
        changes.update(step=SETTLE, turn=seat, pending=others, hacienda=0)
    elif phase == "mayor":
        changes.update(step=MAYOR_PRIVILEGE, turn=seat, pending=())
    elif phase == "builder":
        changes.update(step=BUILD, turn=seat, pending=others)
    elif phase == "craftsman":
        changes.update(step=PRODUCE, turn=-1, pending=(), produced=())
    elif phase == "trader":
        changes.update(step=SELL, turn=seat, pending=others)
    elif phase == "captain":
        changes.update(step=SHIP, turn=seat, pending=(), passes=0, captain_shipped=False, wharf_used=())
    else:
        changes.update(step=PROSPECT, turn=-1, pending=())
    return _set(s, **changes)


def _phase_ended(s: State, f: Fact) -> State:
    if s.selections < s.selections_per_round:
        nxt = (s.governor + s.selections) % s.n  # §3.2 / §6.1: clockwise from the governor
        return _set(s, phase=ROLE_SELECTION, step=SELECT_ROLE, chooser=-1, turn=nxt, pending=())
    return _set(s, phase=ROLE_SELECTION, step=ROUND_END, chooser=-1, turn=-1, pending=())


def _round_ended(s: State, f: Fact) -> State:
    # §3.2.2: +1 doubloon on every role not taken; roles return; the governor card moves on.
    bonus = set(f["bonus_roles"])
    governor = f["governor"]
    return _set(
        s,
        role_doubloons=tuple(d + 1 if r in bonus else d for r, d in zip(s.roles, s.role_doubloons, strict=True)),
        role_taken=(-1,) * len(s.roles),
        selections=0,
        governor=governor,
        round=s.round + 1,
        step=SELECT_ROLE,
        turn=governor,
    )


def _game_end_triggered(s: State, f: Fact) -> State:
    return _set(s, end_reasons=(*s.end_reasons, f["reason"]))


def _game_ended(s: State, f: Fact) -> State:
    return _set(s, phase=OVER, step=OVER, turn=-1, pending=(), chooser=-1)


def _passed(s: State, f: Fact) -> State:
    step = s.step
    if step == SHIP:
        # §4.6 K4: loading ends after a full circuit without a shipment (§10 A17).
        passes = s.passes + 1
        if passes >= s.n:
            return _start_storage(s)
        return _set(s, passes=passes, turn=(s.turn + 1) % s.n)
    if step == CRAFTSMAN_BONUS:
        return _set(s, step=CRAFTSMAN_END, turn=-1)
    return _set(s, hacienda=0, **_turn_changes(s))


# -- settler -----------------------------------------------------------------------------------


def _hospice(s: State, source: str | None) -> dict[str, int]:
    if source == "supply":
        return {"colonist_supply": s.colonist_supply - 1}
    if source == "ship":
        return {"colonist_ship": s.colonist_ship - 1}
    return {}


def _hacienda_tile_drawn(s: State, f: Fact) -> State:
    seat, k = f["seat"], s.draw_pile[0]
    pl = s.players[seat]
    return _set(s, draw_pile=s.draw_pile[1:], players=_player(s, seat, island=add(pl.island, k, 1)), hacienda=1)


def _hacienda_quarry_taken(s: State, f: Fact) -> State:
    seat = f["seat"]
    pl = s.players[seat]
    return _set(s, quarries=s.quarries - 1, players=_player(s, seat, island=add(pl.island, QUARRY, 1)), hacienda=2)


def _plantation_taken(s: State, f: Fact) -> State:
    seat, k, source = f["seat"], TILE_INDEX[f["kind"]], f["hospice"]
    pl = s.players[seat]
    row = list(s.faceup)
    row.remove(k)
    manned = add(pl.manned, k, 1) if source else pl.manned
    return _set(
        s,
        faceup=tuple(row),
        players=set_player(s, seat, _set(pl, island=add(pl.island, k, 1), manned=manned)),
        hacienda=0,
        **_hospice(s, source),
        **_turn_changes(s),
    )


def _quarry_taken(s: State, f: Fact) -> State:
    seat, source = f["seat"], f["hospice"]
    pl = s.players[seat]
    manned = add(pl.manned, QUARRY, 1) if source else pl.manned
    return _set(
        s,
        quarries=s.quarries - 1,
        players=set_player(s, seat, _set(pl, island=add(pl.island, QUARRY, 1), manned=manned)),
        hacienda=0,
        **_hospice(s, source),
        **_turn_changes(s),
    )


def _plantation_row_discarded(s: State, f: Fact) -> State:
    return _set(s, discard=s.discard + s.faceup, faceup=())


# -- mayor -------------------------------------------------------------------------------------


def _mayor_privilege_taken(s: State, f: Fact) -> State:
    seat, n = f["seat"], f["colonists"]
    pl = s.players[seat]
    return _set(
        s,
        colonist_supply=s.colonist_supply - n,
        players=_player(s, seat, windrose=pl.windrose + n),
        step=DISTRIBUTE,
        turn=-1,
    )


def _colonists_distributed(s: State, f: Fact) -> State:
    counts = f["colonists"]
    players = tuple(
        _set(pl, windrose=pl.windrose + c) if c else pl for pl, c in zip(s.players, counts, strict=True)
    )
    order = _order(s, s.chooser)
    return _set(
        s,
        players=players,
        colonist_ship=s.colonist_ship - sum(counts),
        step=ARRANGE,
        turn=order[0],
        pending=order[1:],
        placed=False,
    )


def _target_change(pl: Player, target: str, delta: int) -> Player:
    k = TILE_INDEX.get(target)
    if k is not None:
        return _set(pl, manned=add(pl.manned, k, delta), windrose=pl.windrose - delta)
    b = BUILDING_INDEX[target]
    return _set(pl, buildings=add(pl.buildings, b, delta), windrose=pl.windrose - delta)


def _colonist_placed(s: State, f: Fact) -> State:
    seat = f["seat"]
    return _set(s, players=set_player(s, seat, _target_change(s.players[seat], f["to"], 1)), placed=True)


def _colonist_removed(s: State, f: Fact) -> State:
    seat = f["seat"]
    return _set(s, players=set_player(s, seat, _target_change(s.players[seat], f["from"], -1)))


def _colonists_assigned(s: State, f: Fact) -> State:
    # §4.2 M4 with no choice: every circle filled, the rest wait on the windrose.
    seat = f["seat"]
    pl = s.players[seat]
    total = pl.colonists
    pl = _set(
        pl,
        manned=pl.island,
        buildings=tuple([CIRCLES[b] if w >= 0 else -1 for b, w in enumerate(pl.buildings)]),
        windrose=total - pl.circles,
    )
    return _set(s, players=set_player(s, seat, pl), placed=False, **_turn_changes(s))


def _arrangement_finished(s: State, f: Fact) -> State:
    return _set(s, placed=False, **_turn_changes(s))


def _colonist_ship_refilled(s: State, f: Fact) -> State:
    n = f["colonists"]
    return _set(s, colonist_supply=s.colonist_supply - n, colonist_ship=s.colonist_ship + n)


# -- builder -----------------------------------------------------------------------------------


def _building_built(s: State, f: Fact) -> State:
    seat, b, source = f["seat"], BUILDING_INDEX[f["building"]], f["university"]
    pl = s.players[seat]
    pl = _set(pl, doubloons=pl.doubloons - f["price"], buildings=put(pl.buildings, b, 1 if source else 0))
    return _set(
        s,
        players=set_player(s, seat, pl),
        building_supply=add(s.building_supply, b, -1),
        **_hospice(s, source),
        **_turn_changes(s),
    )


# -- craftsman ---------------------------------------------------------------------------------


def _goods_produced(s: State, f: Fact) -> State:
    supply = list(s.goods)
    players = list(s.players)
    produced: tuple[int, ...] = ()
    for row in f["production"]:
        seat = row["seat"]
        got = _goods_vector(row["goods"])
        pl = players[seat]
        players[seat] = _set(
            pl,
            goods=tuple(a + b for a, b in zip(pl.goods, got, strict=True)),
            doubloons=pl.doubloons + row["factory"],
        )
        for g in range(5):
            supply[g] -= got[g]
        if seat == s.chooser:
            produced = tuple(g for g in range(5) if got[g])
    return _set(s, players=tuple(players), goods=tuple(supply), produced=produced, step=CRAFTSMAN_BONUS, turn=s.chooser)


def _craftsman_bonus_taken(s: State, f: Fact) -> State:
    seat, g = f["seat"], GOOD_INDEX[f["good"]]
    pl = s.players[seat]
    return _set(
        s,
        players=_player(s, seat, goods=add(pl.goods, g, 1)),
        goods=add(s.goods, g, -1),
        step=CRAFTSMAN_END,
        turn=-1,
    )


# -- trader ------------------------------------------------------------------------------------


def _good_sold(s: State, f: Fact) -> State:
    seat, g = f["seat"], GOOD_INDEX[f["good"]]
    pl = s.players[seat]
    return _set(
        s,
        players=set_player(s, seat, _set(pl, goods=add(pl.goods, g, -1), doubloons=pl.doubloons + f["price"])),
        trading_house=(*s.trading_house, g),
        **_turn_changes(s),
    )


def _trading_house_emptied(s: State, f: Fact) -> State:
    supply = list(s.goods)
    for g in s.trading_house:
        supply[g] += 1
    return _set(s, goods=tuple(supply), trading_house=())


# -- captain -----------------------------------------------------------------------------------


def _start_storage(s: State) -> State:
    order = _order(s, s.chooser)
    return _set(s, step=STORE, turn=order[0], pending=order[1:], passes=0, warehoused=())


def _goods_shipped(s: State, f: Fact) -> State:
    seat, g, count, vp, ship = f["seat"], GOOD_INDEX[f["good"]], f["count"], f["vp"], f["ship"]
    pl = s.players[seat]
    chips = min(vp, s.vp_supply)  # §5.1.3: the rest is "paper" VP
    changes: dict[str, Any] = {
        "players": _player(s, seat, goods=add(pl.goods, g, -count), vp=pl.vp + vp),
        "vp_supply": s.vp_supply - chips,
        "passes": 0,
        "turn": (seat + 1) % s.n,
    }
    if seat == s.chooser:
        changes["captain_shipped"] = True
    if ship == "wharf":
        changes["goods"] = add(s.goods, g, count)
        changes["wharf_used"] = (*s.wharf_used, seat)
    else:
        changes["ship_good"] = put(s.ship_good, ship, g)
        changes["ship_load"] = add(s.ship_load, ship, count)
    return _set(s, **changes)


def _loading_ended(s: State, f: Fact) -> State:
    return _start_storage(s)


def _goods_warehoused(s: State, f: Fact) -> State:
    return _set(s, warehoused=(*s.warehoused, GOOD_INDEX[f["good"]]))


def _goods_stored(s: State, f: Fact) -> State:
    discarded = f["discarded"]
    if not discarded:
        return _set(s, warehoused=(), **_turn_changes(s))
    seat = f["seat"]
    lost = _goods_vector(discarded)
    pl = s.players[seat]
    return _set(
        s,
        players=set_player(s, seat, _set(pl, goods=tuple([a - b for a, b in zip(pl.goods, lost, strict=True)]))),
        goods=tuple([a + b for a, b in zip(s.goods, lost, strict=True)]),
        warehoused=(),
        **_turn_changes(s),
    )


def _ship_unloaded(s: State, f: Fact) -> State:
    i = f["ship"]
    g = s.ship_good[i]
    return _set(
        s,
        goods=add(s.goods, g, s.ship_load[i]),
        ship_good=put(s.ship_good, i, -1),
        ship_load=put(s.ship_load, i, 0),
    )


# -- prospector --------------------------------------------------------------------------------


def _prospector_privilege_taken(s: State, f: Fact) -> State:
    seat = f["seat"]
    pl = s.players[seat]
    return _set(s, players=_player(s, seat, doubloons=pl.doubloons + f["doubloons"]), step=PROSPECTOR_END)


_HANDLERS: dict[str, Callable[[Any, Fact], State]] = {
    "GameSetUp": _game_set_up,
    "PlantationsShuffled": _plantations_shuffled,
    "PlantationsDrawn": _plantations_drawn,
    "RoleSelected": _role_selected,
    "PhaseEnded": _phase_ended,
    "RoundEnded": _round_ended,
    "GameEndTriggered": _game_end_triggered,
    "GameEnded": _game_ended,
    "Passed": _passed,
    "HaciendaTileDrawn": _hacienda_tile_drawn,
    "HaciendaQuarryTaken": _hacienda_quarry_taken,
    "PlantationTaken": _plantation_taken,
    "QuarryTaken": _quarry_taken,
    "PlantationRowDiscarded": _plantation_row_discarded,
    "MayorPrivilegeTaken": _mayor_privilege_taken,
    "ColonistsDistributed": _colonists_distributed,
    "ColonistPlaced": _colonist_placed,
    "ColonistRemoved": _colonist_removed,
    "ColonistsAssigned": _colonists_assigned,
    "ArrangementFinished": _arrangement_finished,
    "ColonistShipRefilled": _colonist_ship_refilled,
    "BuildingBuilt": _building_built,
    "GoodsProduced": _goods_produced,
    "CraftsmanBonusTaken": _craftsman_bonus_taken,
    "GoodSold": _good_sold,
    "TradingHouseEmptied": _trading_house_emptied,
    "GoodsShipped": _goods_shipped,
    "LoadingEnded": _loading_ended,
    "GoodsWarehoused": _goods_warehoused,
    "GoodsStored": _goods_stored,
    "ShipUnloaded": _ship_unloaded,
    "ProspectorPrivilegeTaken": _prospector_privilege_taken,
}


# The states `decide` computed for the facts of its latest decision: fact id -> (state before,
# fact, state after). Applying those very fact objects to those very states (what a caller of
# decide + evolve does) returns the known result instead of computing it again. Both identities
# are checked and the entries keep their objects alive, so a different fact or state never hits.
# (Facts are records of what happened: they are not edited between decide and evolve.)
_memo: dict[int, tuple[State | None, Fact, State]] = {}


def remember(chain: dict[int, tuple[State | None, Fact, State]]) -> None:
    """Called by `decide` with the states its facts lead to (see `_memo`)."""
    global _memo
    _memo = chain


def evolve(state: State | None, fact: Fact) -> State:
    """Apply one fact. The first setup fact (`GameSetUp`) builds the state from None."""
    hit = _memo.get(id(fact))
    if hit is not None and hit[1] is fact and hit[0] is state:
        return hit[2]
    return _HANDLERS[fact["t"]](state, fact)


def apply(state: State | None, fact: Fact) -> State:
    """Apply one fact, always computing it (what `decide` uses internally)."""
    return _HANDLERS[fact["t"]](state, fact)
