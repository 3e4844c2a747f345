"""`evolve(state, fact) -> state`: apply one fact. Pure and total; no validation, no randomness.

Every fact is something that happened; the bookkeeping that follows from it mechanically (whose
turn it is next, which step the phase is in) is done here, so `decide` and a replay from the
record always agree. Choices and automatic rules are `decide`'s (rules.py).

A phase is a fixed sequence of stages (`STAGES`). Entering a stage fixes who acts in it (the
chooser first, then clockwise); a stage nobody takes part in is skipped (the guest windows
without guests, the library pick without a library, ...). In a base game every expansion stage
is skipped, so the base sequence of steps is exactly the base game's.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .components import (
    BASE_KINDS,
    BUILDING_INDEX,
    CATALOG,
    CIRCLES,
    GOOD_INDEX,
    GOODS,
    HUNTING_LODGE,
    LAND_OFFICE,
    LIBRARY,
    LIGHTHOUSE,
    QUARRY,
    TILE_INDEX,
    TILE_KINDS,
    UNION_HALL,
    VILLA,
    role_phase,
)
from .state import (
    ARRANGE,
    BLACK_MARKET_STEP,
    BUILD,
    BUILDER_END,
    CAPTAIN_END,
    CAPTAIN_START,
    CRAFTSMAN_BONUS,
    CRAFTSMAN_END,
    DISTRIBUTE,
    DRAFT,
    GUEST_END,
    GUEST_START,
    LODGE,
    MAYOR_END,
    MAYOR_PRIVILEGE,
    OVER,
    PLACE_TILE,
    PRODUCE,
    PROSPECT,
    PROSPECTOR_END,
    ROLE_SELECTION,
    ROUND_END,
    SELECT_ROLE,
    SELL,
    SETTLE,
    SETTLE_EXTRA,
    SETTLER_END,
    SHIP,
    SMALL_WHARF_STEP,
    STORE,
    TAKE_PIECE,
    TRADER_END,
    VILLA_STEP,
    Config,
    Player,
    State,
    _set,
    add,
    put,
    set_player,
)

Fact = dict[str, Any]

# §3.3 / §4: the stages of each phase, in order. Guest windows (§4.8) open the non-mayor phases
# and close them before their cleanup.
STAGES: dict[str, tuple[str, ...]] = {
    "settler": (GUEST_START, SETTLE, SETTLE_EXTRA, LODGE, GUEST_END, SETTLER_END),
    "mayor": (MAYOR_PRIVILEGE, VILLA_STEP, DISTRIBUTE, ARRANGE, MAYOR_END),
    "builder": (GUEST_START, BUILD, GUEST_END, BUILDER_END),
    "craftsman": (GUEST_START, PRODUCE, CRAFTSMAN_BONUS, GUEST_END, CRAFTSMAN_END),
    "trader": (GUEST_START, SELL, GUEST_END, TRADER_END),
    "captain": (GUEST_START, CAPTAIN_START, SHIP, GUEST_END, STORE, CAPTAIN_END),
    "prospector": (GUEST_START, PROSPECT, GUEST_END, PROSPECTOR_END),
}
# Sub-steps that stand for a stage of the list above.
_STAGE_OF = {TAKE_PIECE: DISTRIBUTE, BLACK_MARKET_STEP: BUILD, SMALL_WHARF_STEP: SHIP}
_SYSTEM_STAGES = frozenset(
    {SETTLER_END, MAYOR_END, BUILDER_END, PRODUCE, CRAFTSMAN_END, TRADER_END, CAPTAIN_END, PROSPECT, PROSPECTOR_END}
)
_ZERO5 = (0, 0, 0, 0, 0)


def _order(s: State, first: int) -> tuple[int, ...]:
    """Seats clockwise starting with `first` (§3.3)."""
    n = s.n
    return tuple((first + i) % n for i in range(n))


def guest_ready(pl: Player) -> bool:
    """§4.8: the player holds a guest and some tile or building has an empty circle for it."""
    return pl.guests > 0 and pl.open_circles > 0


def union_hall_vp(pl: Player) -> int:
    """§2.4 union hall: 1 VP for every 2 identical goods."""
    return sum(c // 2 for c in pl.goods)


def _stage(s: State, stage: str, c: int) -> dict[str, Any] | None:
    """The changes that enter `stage` of the current phase (chooser `c`), or None when nobody
    takes part."""
    if stage in _SYSTEM_STAGES:
        return {"step": stage, "turn": -1, "pending": ()}
    if stage in (SETTLE, BUILD, SELL, STORE, ARRANGE):
        order = _order(s, c)
        changes: dict[str, Any] = {"step": stage, "turn": c, "pending": order[1:]}
        if stage == SETTLE:
            changes["hacienda"] = 0
        elif stage == STORE:
            changes.update(passes=0, warehoused=())
        elif stage == ARRANGE:
            changes["placed"] = False
        return changes
    if stage in (MAYOR_PRIVILEGE, CRAFTSMAN_BONUS):
        return {"step": stage, "turn": c, "pending": ()}
    if stage == SHIP:
        return {"step": SHIP, "turn": c, "pending": ()}
    if stage == DISTRIBUTE:
        if s.colonist_ship > 0 and s.noble_ship > 0:  # §4.2 M3 with Nobles: the taker chooses
            return {"step": TAKE_PIECE, "turn": c, "pending": (), "receiver": c}
        return {"step": DISTRIBUTE, "turn": -1, "pending": (), "receiver": c}
    if not s.config.expansions:
        return None  # every other stage belongs to an expansion
    if stage in (GUEST_START, GUEST_END):
        seats = [p for p in _order(s, c) if guest_ready(s.players[p])]
    elif stage == SETTLE_EXTRA:
        seats = [c] if s.players[c].owns(LIBRARY) else []
    elif stage == LODGE:
        seats = [p for p in _order(s, c) if s.players[p].owns(HUNTING_LODGE)]
    elif stage == VILLA_STEP:
        seats = [p for p in _order(s, c) if s.players[p].owns(VILLA)]
    elif stage == CAPTAIN_START:
        pays = s.players[c].occ(LIGHTHOUSE) or any(
            pl.occ(UNION_HALL) and union_hall_vp(pl) for pl in s.players
        )
        return {"step": CAPTAIN_START, "turn": -1, "pending": ()} if pays else None
    else:  # pragma: no cover - every stage is listed above
        raise AssertionError(stage)
    if not seats:
        return None
    return {"step": stage, "turn": seats[0], "pending": tuple(seats[1:])}


def _enter(s: State, phase: str, index: int, chooser: int) -> dict[str, Any]:
    """Enter the first stage from `index` on that somebody takes part in."""
    stages = STAGES[phase]
    for stage in stages[index:]:
        changes = _stage(s, stage, chooser)
        if changes is not None:
            return changes
    raise AssertionError(f"phase {phase} has no final stage")  # pragma: no cover


def _next_stage(s: State, step: str = "") -> dict[str, Any]:
    """Enter the stage after the current one (or after `step`)."""
    step = step or _STAGE_OF.get(s.step, s.step)
    return _enter(s, s.phase, STAGES[s.phase].index(step) + 1, s.chooser)


def _turn_changes(s: State) -> dict[str, Any]:
    """Hand the turn to the next pending seat, or move on when everyone has acted."""
    if s.pending:
        changes = {"turn": s.pending[0], "pending": s.pending[1:]}
        if s.config.expansions and s.step == SELL:
            changes.update(sale_done=False, land_office_used=False)
        return changes
    return _next_stage(s)


def _player(s: State, seat: int, **changes: Any) -> tuple[Player, ...]:
    return set_player(s, seat, _set(s.players[seat], **changes))


def _goods_vector(counts: dict[str, int]) -> list[int]:
    out = [0, 0, 0, 0, 0]
    for g, c in counts.items():
        out[GOOD_INDEX[g]] = c
    return out


def _award(s: State, pl: Player, vp: int) -> tuple[Player, int]:
    """§5.1.3: VP chips from the supply; what it cannot cover is "paper" VP, scored all the same."""
    return _set(pl, vp=pl.vp + vp), s.vp_supply - min(vp, s.vp_supply)


# -- setup -------------------------------------------------------------------------------------


def _game_set_up(_: State | None, f: Fact) -> State:
    n = len(f["starting_plantations"])
    c = f["config"]
    expansions = tuple(c["expansions"])
    config = Config(
        expansions=expansions,
        max_large_buildings=c["max_large_buildings"],
        hacienda_quarry_with_construction_hut=c["hacienda_quarry_with_construction_hut"],
        new_buildings="new_buildings" in expansions,
        nobles="nobles" in expansions,
        exclude_office_with_trading_post=c.get("exclude_office_with_trading_post", True),
    )
    # A base game keeps its building rows to the 23 base kinds (they come first in the catalog):
    # the hot loops over a player's buildings stay as short as before the expansions.
    kinds = len(CATALOG) if expansions else BASE_KINDS
    no_buildings = (-1,) * kinds
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
                building_nobles=(0,) * kinds,
            )
        )
    roles = tuple(f["roles"])
    governor = f["governor"]
    slots = tuple(f.get("draft_slots", ()))
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
        phase=DRAFT if slots else ROLE_SELECTION,
        step=DRAFT if slots else SELECT_ROLE,
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
        building_supply=tuple(f["buildings"].get(b, 0) for b in CATALOG[:kinds]),
        ship_capacity=tuple(f["cargo_ships"]),
        ship_good=(-1,) * len(f["cargo_ships"]),
        ship_load=(0,) * len(f["cargo_ships"]),
        trading_house=(),
        end_reasons=(),
        noble_supply=f.get("noble_supply", 0),
        noble_ship=f.get("noble_ship", 0),
        slots=slots,
    )


def _plantations_shuffled(s: State, f: Fact) -> State:
    # §4.1 procedure R / §1.3 step 4: the tiles become the new face-down pile (the discard pile,
    # when this is a reshuffle, is used up).
    return _set(s, draw_pile=tuple(TILE_INDEX[k] for k in f["tiles"]), discard=())


def _plantations_drawn(s: State, f: Fact) -> State:
    k = len(f["tiles"])
    return _set(s, faceup=s.faceup + s.draw_pile[:k], draw_pile=s.draw_pile[k:])


def _building_drafted(s: State, f: Fact) -> State:
    # §6.2: the kind goes onto a free slot of its cost; then the next seat clockwise drafts.
    b = BUILDING_INDEX[f["building"]]
    slots = list(s.slots)
    slots.remove(f["slot"])
    if slots:
        return _set(
            s, building_supply=put(s.building_supply, b, f["copies"]), slots=tuple(slots), turn=(s.turn + 1) % s.n
        )
    return _set(
        s,
        building_supply=put(s.building_supply, b, f["copies"]),
        slots=(),
        phase=ROLE_SELECTION,
        step=SELECT_ROLE,
        turn=s.governor,
    )


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
    if phase == "craftsman":
        changes["produced"] = ()
    elif phase == "captain":
        changes.update(passes=0, captain_shipped=False, wharf_used=())
    if s.config.expansions:
        changes.update(
            bonus_taken=0,
            sale_done=False,
            land_office_used=False,
            small_wharf_used=(),
            captain_turned=(),
            supplied=(),
            singles=_ZERO5,
        )
    changes.update(_enter(s, phase, 0, seat))  # (the first stages depend on nothing changed above)
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
        turned = s.captain_turned
        if s.config.nobles and s.turn not in turned:
            turned = (*turned, s.turn)
        passes = s.passes + 1
        if passes >= s.n:
            return _set(s, captain_turned=turned, **_next_stage(s))
        return _set(s, passes=passes, turn=(s.turn + 1) % s.n, captain_turned=turned, supplied=())
    if step == CRAFTSMAN_BONUS:
        return _set(s, **_next_stage(s))
    if step == SELL and s.config.nobles and not s.sale_done and _land_office_open(s, s.players[s.turn]):
        return _set(s, sale_done=True)  # §4.5 T2: the land office may still follow the decision
    return _set(s, **{"hacienda": 0, **_turn_changes(s)})


# -- guests (§4.8) -----------------------------------------------------------------------------


def _guest_deployed(s: State, f: Fact) -> State:
    seat, target, noble = f["seat"], f["to"], f.get("piece") == "noble"
    pl = s.players[seat]
    gh = BUILDING_INDEX["guest_house"]
    pl = _set(pl, buildings=add(pl.buildings, gh, -1))
    if noble:
        pl = _set(pl, building_nobles=add(pl.building_nobles, gh, -1))
    k = TILE_INDEX.get(target)
    if k is not None:
        pl = _set(pl, manned=add(pl.manned, k, 1))
        if noble:
            pl = _set(pl, manned_nobles=add(pl.manned_nobles, k, 1))
    else:
        b = BUILDING_INDEX[target]
        pl = _set(pl, buildings=add(pl.buildings, b, 1))
        if noble:
            pl = _set(pl, building_nobles=add(pl.building_nobles, b, 1))
    return _set(s, players=set_player(s, seat, pl))


# -- settler -----------------------------------------------------------------------------------


def _hospice(s: State, source: str | None) -> dict[str, int]:
    if source == "supply":
        return {"colonist_supply": s.colonist_supply - 1}
    if source == "ship":
        return {"colonist_ship": s.colonist_ship - 1}
    if source == "ship_noble":  # §10 A32: the ship holds only nobles
        return {"noble_ship": s.noble_ship - 1}
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
    pl = _set(pl, island=add(pl.island, k, 1), manned=add(pl.manned, k, 1) if source else pl.manned)
    if source == "ship_noble":
        pl = _set(pl, manned_nobles=add(pl.manned_nobles, k, 1))
    return _set(
        s,
        faceup=tuple(row),
        players=set_player(s, seat, pl),
        hacienda=0,
        **_hospice(s, source),
        **_turn_changes(s),
    )


def _quarry_taken(s: State, f: Fact) -> State:
    seat, source = f["seat"], f["hospice"]
    pl = s.players[seat]
    pl = _set(pl, island=add(pl.island, QUARRY, 1), manned=add(pl.manned, QUARRY, 1) if source else pl.manned)
    if source == "ship_noble":
        pl = _set(pl, manned_nobles=add(pl.manned_nobles, QUARRY, 1))
    return _set(
        s,
        quarries=s.quarries - 1,
        players=set_player(s, seat, pl),
        hacienda=0,
        **_hospice(s, source),
        **_turn_changes(s),
    )


def _forest_taken(s: State, f: Fact) -> State:
    # §2.4 forest house: a face-up plantation placed face down; a hospice colonist waits on the
    # windrose (a forest has no circle).
    seat, k, source = f["seat"], TILE_INDEX[f["kind"]], f["hospice"]
    pl = s.players[seat]
    row = list(s.faceup)
    row.remove(k)
    pl = _set(pl, forests=add(pl.forests, k, 1), windrose=pl.windrose + (1 if source else 0))
    if source == "ship_noble":
        pl = _set(pl, windrose_nobles=pl.windrose_nobles + 1)
    return _set(
        s,
        faceup=tuple(row),
        players=set_player(s, seat, pl),
        hacienda=0,
        **_hospice(s, source),
        **_turn_changes(s),
    )


def _tile_drawn(s: State, f: Fact) -> State:
    # A face-down tile seen by its drawer only, who now chooses face up or forest (§2.4).
    seat = f["seat"]
    changes: dict[str, Any] = {}
    if f["source"] == "land_office":
        pl = s.players[seat]
        changes["players"] = _player(s, seat, doubloons=pl.doubloons - 1)
        changes["land_office_used"] = True
    return _set(s, draw_pile=s.draw_pile[1:], drawn=s.draw_pile[0], resume=s.step, step=PLACE_TILE, **changes)


def _drawn_tile_placed(s: State, f: Fact) -> State:
    seat, k = f["seat"], s.drawn
    pl = s.players[seat]
    if f["forest"]:
        pl = _set(pl, hidden_forests=add(pl.hidden_forests, k, 1))
    else:
        pl = _set(pl, island=add(pl.island, k, 1))
    s = _set(s, players=set_player(s, seat, pl), drawn=-1, step=s.resume, resume="")
    if s.step == SETTLE:
        return _set(s, hacienda=1)
    return _after_land_office(s)


def _after_land_office(s: State) -> State:
    """§4.5 T2: after the land office and the sale decision, the trader turn is over."""
    if s.sale_done:
        return _set(s, **_turn_changes(s))
    return s


def _land_office_bought(s: State, f: Fact) -> State:
    seat, k = f["seat"], TILE_INDEX[f["kind"]]
    pl = s.players[seat]
    pl = _set(pl, island=add(pl.island, k, 1), doubloons=pl.doubloons - 1)
    return _after_land_office(
        _set(s, draw_pile=s.draw_pile[1:], players=set_player(s, seat, pl), land_office_used=True)
    )


def _tile_discarded(s: State, f: Fact) -> State:
    # Hunting lodge (colonist) or land office (noble): a plantation or forest goes to the discard
    # pile face up; a worker on it goes to the windrose.
    seat, k, worker = f["seat"], TILE_INDEX[f["kind"]], f.get("worker")
    pl = s.players[seat]
    if f["tile"] == "forest":
        if pl.forests[k] > 0:
            pl = _set(pl, forests=add(pl.forests, k, -1))
        else:
            pl = _set(pl, hidden_forests=add(pl.hidden_forests, k, -1))
    else:
        pl = _set(pl, island=add(pl.island, k, -1))
        if worker:
            pl = _set(pl, manned=add(pl.manned, k, -1), windrose=pl.windrose + 1)
            if worker == "noble":
                pl = _set(
                    pl, manned_nobles=add(pl.manned_nobles, k, -1), windrose_nobles=pl.windrose_nobles + 1
                )
    pl = _set(pl, doubloons=pl.doubloons + f.get("doubloons", 0))
    s = _set(s, players=set_player(s, seat, pl), discard=(*s.discard, k))
    if f["by"] == "land_office":
        return _after_land_office(_set(s, land_office_used=True))
    return _set(s, **_turn_changes(s))


def _hunting_lodge_rewarded(s: State, f: Fact) -> State:
    seat = f["seat"]
    pl, supply = _award(s, s.players[seat], f["vp"])
    return _set(s, players=set_player(s, seat, pl), vp_supply=supply, **_turn_changes(s))


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
        **_next_stage(s),  # the villa / distribution stages do not depend on the privilege
    )


def _to_windrose(s: State, seat: int, piece: str, source: str) -> tuple[State, Player]:
    """One worker leaves the supply or the colonist ship: the state without it, and the seat's
    player with it on the windrose (the caller puts the player back)."""
    pl = s.players[seat]
    if piece == "noble":
        pl = _set(pl, windrose=pl.windrose + 1, windrose_nobles=pl.windrose_nobles + 1)
        field = "noble_supply" if source == "supply" else "noble_ship"
    else:
        pl = _set(pl, windrose=pl.windrose + 1)
        field = "colonist_supply" if source == "supply" else "colonist_ship"
    return _set(s, **{field: getattr(s, field) - 1}), pl


def _villa_used(s: State, f: Fact) -> State:
    seat = f["seat"]
    s, pl = _to_windrose(s, seat, f["piece"], "supply")
    return _set(s, players=set_player(s, seat, pl), **_turn_changes(s))


def _piece_taken(s: State, f: Fact) -> State:
    seat = f["seat"]
    s, pl = _to_windrose(s, seat, f["piece"], "ship")
    s = _set(s, players=set_player(s, seat, pl), receiver=(seat + 1) % s.n)
    if s.colonist_ship > 0 and s.noble_ship > 0:
        return _set(s, turn=s.receiver)
    if s.colonist_ship + s.noble_ship > 0:
        return _set(s, step=DISTRIBUTE, turn=-1)
    return _set(s, **_next_stage(s, DISTRIBUTE))


def _colonists_distributed(s: State, f: Fact) -> State:
    counts = f["colonists"]
    nobles = f.get("nobles")
    players = tuple(
        _set(pl, windrose=pl.windrose + c) if c else pl for pl, c in zip(s.players, counts, strict=True)
    )
    if nobles:
        players = tuple(
            _set(pl, windrose=pl.windrose + c, windrose_nobles=pl.windrose_nobles + c) if c else pl
            for pl, c in zip(players, nobles, strict=True)
        )
        s = _set(s, noble_ship=s.noble_ship - sum(nobles))
    return _set(s, players=players, colonist_ship=s.colonist_ship - sum(counts), **_next_stage(s, DISTRIBUTE))


def _target_change(pl: Player, target: str, delta: int, noble: bool) -> Player:
    k = TILE_INDEX.get(target)
    if k is not None:
        pl = _set(pl, manned=add(pl.manned, k, delta), windrose=pl.windrose - delta)
        if noble:
            pl = _set(pl, manned_nobles=add(pl.manned_nobles, k, delta), windrose_nobles=pl.windrose_nobles - delta)
        return pl
    b = BUILDING_INDEX[target]
    pl = _set(pl, buildings=add(pl.buildings, b, delta), windrose=pl.windrose - delta)
    if noble:
        pl = _set(
            pl, building_nobles=add(pl.building_nobles, b, delta), windrose_nobles=pl.windrose_nobles - delta
        )
    return pl


def _colonist_placed(s: State, f: Fact) -> State:
    seat = f["seat"]
    pl = _target_change(s.players[seat], f["to"], 1, f.get("piece") == "noble")
    return _set(s, players=set_player(s, seat, pl), placed=True)


def _colonist_removed(s: State, f: Fact) -> State:
    seat = f["seat"]
    pl = _target_change(s.players[seat], f["from"], -1, f.get("piece") == "noble")
    return _set(s, players=set_player(s, seat, pl))


def _colonists_assigned(s: State, f: Fact) -> State:
    # §4.2 M4 with no choice: every circle filled, the rest wait on the windrose (all workers of
    # the player are of one kind: colonists, or only nobles).
    seat = f["seat"]
    pl = s.players[seat]
    total = pl.workers
    nobles = pl.nobles > 0
    full = tuple([CIRCLES[b] if w >= 0 else -1 for b, w in enumerate(pl.buildings)])
    pl = _set(pl, manned=pl.island, buildings=full, windrose=total - pl.circles)
    if nobles:
        pl = _set(
            pl,
            manned_nobles=pl.island,
            building_nobles=tuple([max(0, w) for w in full]),
            windrose_nobles=pl.windrose,
        )
    return _set(s, players=set_player(s, seat, pl), placed=False, **_turn_changes(s))


def _arrangement_finished(s: State, f: Fact) -> State:
    return _set(s, placed=False, **_turn_changes(s))


def _colonist_ship_refilled(s: State, f: Fact) -> State:
    n, k = f["colonists"], f.get("nobles", 0)
    return _set(
        s,
        colonist_supply=s.colonist_supply - n,
        colonist_ship=s.colonist_ship + n,
        noble_supply=s.noble_supply - k,
        noble_ship=s.noble_ship + k,
    )


# -- builder -----------------------------------------------------------------------------------


def _building_built(s: State, f: Fact) -> State:
    seat, b, source = f["seat"], BUILDING_INDEX[f["building"]], f["university"]
    pl = s.players[seat]
    pl = _set(pl, doubloons=pl.doubloons - f["price"], buildings=put(pl.buildings, b, 1 if source else 0))
    supply = s.vp_supply
    if source == "ship_noble":
        pl = _set(pl, building_nobles=put(pl.building_nobles, b, 1))
    church = f.get("church", 0)
    if church:
        pl, supply = _award(s, pl, church)
    if s.step == BLACK_MARKET_STEP:
        s = _set(s, step=BUILD, bm_building=-1, bm_left=0, bm_given=(), bm_university=True)
    return _set(
        s,
        players=set_player(s, seat, pl),
        building_supply=add(s.building_supply, b, -1),
        vp_supply=supply,
        **_hospice(s, source),
        **_turn_changes(s),
    )


def _black_market_used(s: State, f: Fact) -> State:
    return _set(
        s,
        step=BLACK_MARKET_STEP,
        bm_building=BUILDING_INDEX[f["building"]],
        bm_left=f["shortfall"],
        bm_given=(),
        bm_university=f["university"],
    )


def _black_market_paid(s: State, f: Fact) -> State:
    # §2.4 black market: one worker, one good or one VP goes back to its supply.
    seat, item = f["seat"], f["item"]
    pl = s.players[seat]
    changes: dict[str, Any] = {}
    if item == "worker":
        noble = f.get("piece") == "noble"
        source = f["from"]
        if source == "windrose":
            pl = _set(pl, windrose=pl.windrose - 1)
            if noble:
                pl = _set(pl, windrose_nobles=pl.windrose_nobles - 1)
        else:
            pl = _target_change(pl, source, -1, noble)  # onto the windrose ...
            pl = _set(pl, windrose=pl.windrose - 1)  # ... and off it again
            if noble:
                pl = _set(pl, windrose_nobles=pl.windrose_nobles - 1)
        if noble:
            changes["noble_supply"] = s.noble_supply + 1
        else:
            changes["colonist_supply"] = s.colonist_supply + 1
    elif item == "good":
        g = GOOD_INDEX[f["good"]]
        pl = _set(pl, goods=add(pl.goods, g, -1))
        changes["goods"] = add(s.goods, g, 1)
    else:
        pl = _set(pl, vp=pl.vp - 1)
        if f["to_supply"]:  # a chip; a "paper" VP is simply struck out (§10 A8)
            changes["vp_supply"] = s.vp_supply + 1
    return _set(
        s, players=set_player(s, seat, pl), bm_left=s.bm_left - 1, bm_given=(*s.bm_given, item), **changes
    )


# -- craftsman ---------------------------------------------------------------------------------


def _goods_produced(s: State, f: Fact) -> State:
    supply = list(s.goods)
    players = list(s.players)
    produced: tuple[int, ...] = ()
    vp_supply = s.vp_supply
    for row in f["production"]:
        seat = row["seat"]
        got = _goods_vector(row["goods"])
        pl = players[seat]
        pl = _set(
            pl,
            goods=tuple(a + b for a, b in zip(pl.goods, got, strict=True)),
            doubloons=pl.doubloons + row["factory"] + row.get("doubloons", 0),
        )
        vp = row.get("vp", 0)
        if vp:
            taken = min(vp, vp_supply)
            vp_supply -= taken
            pl = _set(pl, vp=pl.vp + vp)
        players[seat] = pl
        for g in range(5):
            supply[g] -= got[g]
        if seat == s.chooser:
            produced = tuple(g for g in range(5) if got[g])
    return _set(
        s, players=tuple(players), goods=tuple(supply), produced=produced, vp_supply=vp_supply, **_next_stage(s)
    )


def _craftsman_bonus_taken(s: State, f: Fact) -> State:
    seat, g = f["seat"], GOOD_INDEX[f["good"]]
    pl = s.players[seat]
    s = _set(s, players=_player(s, seat, goods=add(pl.goods, g, 1)), goods=add(s.goods, g, -1))
    if s.config.new_buildings and s.bonus_taken == 0 and pl.occ(LIBRARY):
        return _set(s, bonus_taken=1)  # §2.4 library: a second extra good
    return _set(s, bonus_taken=s.bonus_taken + 1, **_next_stage(s))


# -- trader ------------------------------------------------------------------------------------


def _land_office_open(s: State, pl: Player) -> bool:
    return pl.occ(LAND_OFFICE) and not s.land_office_used


def _good_sold(s: State, f: Fact) -> State:
    seat, g = f["seat"], GOOD_INDEX[f["good"]]
    pl = s.players[seat]
    pl = _set(pl, goods=add(pl.goods, g, -1), doubloons=pl.doubloons + f["price"])
    if f.get("venue") == "trading_post":  # §2.4: the good goes straight to the supply
        s = _set(s, players=set_player(s, seat, pl), goods=add(s.goods, g, 1))
    else:
        s = _set(s, players=set_player(s, seat, pl), trading_house=(*s.trading_house, g))
    if s.config.nobles and _land_office_open(s, pl):
        return _set(s, sale_done=True)
    return _set(s, **_turn_changes(s))


def _trading_house_emptied(s: State, f: Fact) -> State:
    supply = list(s.goods)
    for g in s.trading_house:
        supply[g] += 1
    return _set(s, goods=tuple(supply), trading_house=())


# -- captain -----------------------------------------------------------------------------------


def _captain_bonuses_paid(s: State, f: Fact) -> State:
    # §4.6 K2: the captain's lighthouse doubloon; §2.4 union hall VP before the first shipment.
    players = list(s.players)
    supply = s.vp_supply
    light = f.get("lighthouse")
    if light is not None:
        players[light] = _set(players[light], doubloons=players[light].doubloons + 1)
    for row in f.get("union_hall", ()):
        seat, vp = row["seat"], row["vp"]
        supply -= min(vp, supply)
        players[seat] = _set(players[seat], vp=players[seat].vp + vp)
    s = _set(s, players=tuple(players), vp_supply=supply)
    return _set(s, **_next_stage(s))


def _goods_shipped(s: State, f: Fact) -> State:
    seat, g, count, vp, ship = f["seat"], GOOD_INDEX[f["good"]], f["count"], f["vp"], f["ship"]
    pl = s.players[seat]
    chips = min(vp, s.vp_supply)  # §5.1.3: the rest is "paper" VP
    changes: dict[str, Any] = {
        "players": _player(s, seat, goods=add(pl.goods, g, -count), vp=pl.vp + vp, doubloons=pl.doubloons + f.get("doubloons", 0)),
        "vp_supply": s.vp_supply - chips,
        "passes": 0,
        "turn": (seat + 1) % s.n,
    }
    if seat == s.chooser:
        changes["captain_shipped"] = True
    if s.config.nobles:
        changes["supplied"] = ()
        if seat not in s.captain_turned:
            changes["captain_turned"] = (*s.captain_turned, seat)
    if ship == "wharf":
        changes["goods"] = add(s.goods, g, count)
        changes["wharf_used"] = (*s.wharf_used, seat)
    else:
        changes["ship_good"] = put(s.ship_good, ship, g)
        changes["ship_load"] = add(s.ship_load, ship, count)
    return _set(s, **changes)


def _small_wharf_loaded(s: State, f: Fact) -> State:
    seat, g, count = f["seat"], GOOD_INDEX[f["good"]], f["count"]
    pl = s.players[seat]
    return _set(
        s,
        players=_player(s, seat, goods=add(pl.goods, g, -count)),
        cargo=add(s.cargo, g, count),
        step=SMALL_WHARF_STEP,
    )


def _small_wharf_shipped(s: State, f: Fact) -> State:
    # §2.4 small wharf: the loaded goods go to the supply; one shipment (§10 A16).
    seat, vp = f["seat"], f["vp"]
    pl = s.players[seat]
    chips = min(vp, s.vp_supply)
    changes: dict[str, Any] = {
        "players": _player(s, seat, vp=pl.vp + vp, doubloons=pl.doubloons + f.get("doubloons", 0)),
        "vp_supply": s.vp_supply - chips,
        "goods": tuple(a + b for a, b in zip(s.goods, s.cargo, strict=True)),
        "cargo": _ZERO5,
        "small_wharf_used": (*s.small_wharf_used, seat),
        "step": SHIP,
        "passes": 0,
        "turn": (seat + 1) % s.n,
    }
    if seat == s.chooser:
        changes["captain_shipped"] = True
    if s.config.nobles:
        changes["supplied"] = ()
        if seat not in s.captain_turned:
            changes["captain_turned"] = (*s.captain_turned, seat)
    return _set(s, **changes)


def _royal_supplier_used(s: State, f: Fact) -> State:
    seat, g = f["seat"], GOOD_INDEX[f["good"]]
    pl, supply = _award(s, s.players[seat], f["vp"])
    pl = _set(pl, goods=add(pl.goods, g, -1))
    return _set(
        s, players=set_player(s, seat, pl), vp_supply=supply, goods=add(s.goods, g, 1), supplied=(*s.supplied, g)
    )


def _loading_ended(s: State, f: Fact) -> State:
    return _set(s, **_next_stage(s))


def _goods_warehoused(s: State, f: Fact) -> State:
    return _set(s, warehoused=(*s.warehoused, GOOD_INDEX[f["good"]]))


def _good_kept(s: State, f: Fact) -> State:
    return _set(s, singles=add(s.singles, GOOD_INDEX[f["good"]], 1))


def _goods_stored(s: State, f: Fact) -> State:
    discarded = f["discarded"]
    extra: dict[str, Any] = {"singles": _ZERO5} if s.config.new_buildings else {}
    if not discarded:
        return _set(s, warehoused=(), **extra, **_turn_changes(s))
    seat = f["seat"]
    lost = _goods_vector(discarded)
    pl = s.players[seat]
    return _set(
        s,
        players=set_player(s, seat, _set(pl, goods=tuple([a - b for a, b in zip(pl.goods, lost, strict=True)]))),
        goods=tuple([a + b for a, b in zip(s.goods, lost, strict=True)]),
        warehoused=(),
        **extra,
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
    return _set(s, players=_player(s, seat, doubloons=pl.doubloons + f["doubloons"]), **_next_stage(s))


_HANDLERS: dict[str, Callable[[Any, Fact], State]] = {
    "GameSetUp": _game_set_up,
    "PlantationsShuffled": _plantations_shuffled,
    "PlantationsDrawn": _plantations_drawn,
    "BuildingDrafted": _building_drafted,
    "RoleSelected": _role_selected,
    "PhaseEnded": _phase_ended,
    "RoundEnded": _round_ended,
    "GameEndTriggered": _game_end_triggered,
    "GameEnded": _game_ended,
    "Passed": _passed,
    "GuestDeployed": _guest_deployed,
    "HaciendaTileDrawn": _hacienda_tile_drawn,
    "HaciendaQuarryTaken": _hacienda_quarry_taken,
    "PlantationTaken": _plantation_taken,
    "QuarryTaken": _quarry_taken,
    "ForestTaken": _forest_taken,
    "TileDrawn": _tile_drawn,
    "DrawnTilePlaced": _drawn_tile_placed,
    "LandOfficeBought": _land_office_bought,
    "TileDiscarded": _tile_discarded,
    "HuntingLodgeRewarded": _hunting_lodge_rewarded,
    "PlantationRowDiscarded": _plantation_row_discarded,
    "MayorPrivilegeTaken": _mayor_privilege_taken,
    "VillaUsed": _villa_used,
    "PieceTaken": _piece_taken,
    "ColonistsDistributed": _colonists_distributed,
    "ColonistPlaced": _colonist_placed,
    "ColonistRemoved": _colonist_removed,
    "ColonistsAssigned": _colonists_assigned,
    "ArrangementFinished": _arrangement_finished,
    "ColonistShipRefilled": _colonist_ship_refilled,
    "BuildingBuilt": _building_built,
    "BlackMarketUsed": _black_market_used,
    "BlackMarketPaid": _black_market_paid,
    "GoodsProduced": _goods_produced,
    "CraftsmanBonusTaken": _craftsman_bonus_taken,
    "GoodSold": _good_sold,
    "TradingHouseEmptied": _trading_house_emptied,
    "CaptainBonusesPaid": _captain_bonuses_paid,
    "GoodsShipped": _goods_shipped,
    "SmallWharfLoaded": _small_wharf_loaded,
    "SmallWharfShipped": _small_wharf_shipped,
    "RoyalSupplierUsed": _royal_supplier_used,
    "LoadingEnded": _loading_ended,
    "GoodsWarehoused": _goods_warehoused,
    "GoodKept": _good_kept,
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
