"""Who acts next: the stages of each phase (§3.3, §4) and the turn within a stage.

A phase is a fixed sequence of stages (`STAGES`). Entering a stage fixes who acts in it (the
chooser first, then clockwise); a stage nobody takes part in is skipped (the guest windows
without guests, the library pick without a library, ...). The expansion stages ask the phase
module that owns them (`tables.entrants`), and only when an expansion is in play: in a base game
every expansion stage is skipped without running expansion code, so the base sequence of steps
is exactly the base game's.
"""

from __future__ import annotations

from typing import Any

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
    GUEST_END,
    GUEST_START,
    LODGE,
    MAYOR_END,
    MAYOR_PRIVILEGE,
    PRODUCE,
    PROSPECT,
    PROSPECTOR_END,
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
    State,
)
from .tables import ENTRANTS

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
_STAGE_OF: dict[str, str] = {TAKE_PIECE: DISTRIBUTE, BLACK_MARKET_STEP: BUILD, SMALL_WHARF_STEP: SHIP}
_SYSTEM_STAGES = frozenset(
    {SETTLER_END, MAYOR_END, BUILDER_END, PRODUCE, CRAFTSMAN_END, TRADER_END,
     CAPTAIN_END, PROSPECT, PROSPECTOR_END}
)
# What entering a stage where everyone acts in turn resets.
_RESETS: dict[str, dict[str, Any]] = {
    SETTLE: {"hacienda": 0},
    STORE: {"passes": 0, "warehoused": ()},
    ARRANGE: {"placed": False},
    BUILD: {},
    SELL: {},
}


# Seats clockwise from each first seat, by the number of seats (§3.3); and the seats after the first.
_CLOCKWISE = {n: tuple(tuple((f + i) % n for i in range(n)) for f in range(n)) for n in range(1, 7)}
_AFTER = {n: tuple(seats[1:] for seats in rows) for n, rows in _CLOCKWISE.items()}
# The stages that belong to an expansion (those `_stage` asks `tables.ENTRANTS` about): a base
# game skips them.
_EXPANSION_STAGES = frozenset(
    stage for stages in STAGES.values() for stage in stages
    if stage not in _SYSTEM_STAGES and stage not in _RESETS and stage not in (MAYOR_PRIVILEGE, CRAFTSMAN_BONUS, SHIP, DISTRIBUTE)
)
# Each phase's stages from each position on: every stage, and a base game's (tables, not slices).
_FROM = {phase: tuple(stages[i:] for i in range(len(stages) + 1)) for phase, stages in STAGES.items()}
_BASE_FROM = {
    phase: tuple(tuple(st for st in stages[i:] if st not in _EXPANSION_STAGES) for i in range(len(stages) + 1))
    for phase, stages in STAGES.items()
}
_NEXT = {phase: {stage: i + 1 for i, stage in enumerate(stages)} for phase, stages in STAGES.items()}


def clockwise(s: State, first: int) -> tuple[int, ...]:
    """Seats clockwise starting with `first` (§3.3)."""
    return _CLOCKWISE[len(s.players)][first]


def among(stage: str, seats: list[int]) -> dict[str, Any] | None:
    """Enter `stage` with `seats` acting in this order, or None when there are none."""
    if not seats:
        return None
    return {"step": stage, "turn": seats[0], "pending": tuple(seats[1:])}


def _stage(s: State, stage: str, c: int) -> dict[str, Any] | None:
    """The changes that enter `stage` of the current phase (chooser `c`), or None when nobody
    takes part."""
    if stage in _SYSTEM_STAGES:
        return {"step": stage, "turn": -1, "pending": ()}
    resets = _RESETS.get(stage)
    if resets is not None:  # everyone, the chooser first
        return {"step": stage, "turn": c, "pending": _AFTER[len(s.players)][c], **resets}
    if stage in (MAYOR_PRIVILEGE, CRAFTSMAN_BONUS, SHIP):
        return {"step": stage, "turn": c, "pending": ()}
    if stage == DISTRIBUTE:
        if s.colonist_ship > 0 and s.noble_ship > 0:  # §4.2 M3 with Nobles: the taker chooses
            return {"step": TAKE_PIECE, "turn": c, "pending": (), "receiver": c}
        return {"step": DISTRIBUTE, "turn": -1, "pending": (), "receiver": c}
    if not s.config.expansions:
        return None  # every other stage belongs to an expansion
    return ENTRANTS[stage](s, stage, c)


def enter(s: State, phase: str, index: int, chooser: int) -> dict[str, Any]:
    """Enter the first stage from `index` on that somebody takes part in."""
    for stage in (_FROM if s.config.expansions else _BASE_FROM)[phase][index]:
        changes = _stage(s, stage, chooser)
        if changes is not None:
            return changes
    raise AssertionError(f"phase {phase} has no final stage")  # pragma: no cover


def next_stage(s: State, step: str = "") -> dict[str, Any]:
    """Enter the stage after the current one (or after `step`)."""
    current = step or _STAGE_OF.get(s.step, s.step)
    return enter(s, s.phase, _NEXT[s.phase][current], s.chooser)


def turn_changes(s: State) -> dict[str, Any]:
    """Hand the turn to the next pending seat, or move on when everyone has acted."""
    if s.pending:
        changes = {"turn": s.pending[0], "pending": s.pending[1:]}
        if s.config.expansions and s.step == SELL:
            changes.update(sale_done=False, land_office_used=False)
        return changes
    return next_stage(s)
