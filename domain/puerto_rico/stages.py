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

from .state import State, Step
from .tables import ENTRANTS

# §3.3 / §4: the stages of each phase, in order. Guest windows (§4.8) open the non-mayor phases
# and close them before their cleanup.
STAGES: dict[str, tuple[Step, ...]] = {
    "settler": (Step.GUEST_START, Step.SETTLE, Step.SETTLE_EXTRA, Step.LODGE, Step.GUEST_END, Step.SETTLER_END),
    "mayor": (Step.MAYOR_PRIVILEGE, Step.VILLA, Step.DISTRIBUTE, Step.ARRANGE, Step.MAYOR_END),
    "builder": (Step.GUEST_START, Step.BUILD, Step.GUEST_END, Step.BUILDER_END),
    "craftsman": (Step.GUEST_START, Step.PRODUCE, Step.CRAFTSMAN_BONUS, Step.GUEST_END, Step.CRAFTSMAN_END),
    "trader": (Step.GUEST_START, Step.SELL, Step.GUEST_END, Step.TRADER_END),
    "captain": (Step.GUEST_START, Step.CAPTAIN_START, Step.SHIP, Step.GUEST_END, Step.STORE, Step.CAPTAIN_END),
    "prospector": (Step.GUEST_START, Step.PROSPECT, Step.GUEST_END, Step.PROSPECTOR_END),
}
# Sub-steps that stand for a stage of the list above.
_STAGE_OF: dict[str, Step] = {Step.TAKE_PIECE: Step.DISTRIBUTE, Step.BLACK_MARKET: Step.BUILD, Step.SMALL_WHARF: Step.SHIP}
_SYSTEM_STAGES = frozenset(
    {Step.SETTLER_END, Step.MAYOR_END, Step.BUILDER_END, Step.PRODUCE, Step.CRAFTSMAN_END, Step.TRADER_END,
     Step.CAPTAIN_END, Step.PROSPECT, Step.PROSPECTOR_END}
)
# What entering a stage where everyone acts in turn resets.
_RESETS: dict[Step, dict[str, Any]] = {
    Step.SETTLE: {"hacienda": 0},
    Step.STORE: {"passes": 0, "warehoused": ()},
    Step.ARRANGE: {"placed": False},
    Step.BUILD: {},
    Step.SELL: {},
}


def clockwise(s: State, first: int) -> tuple[int, ...]:
    """Seats clockwise starting with `first` (§3.3)."""
    n = s.n
    return tuple((first + i) % n for i in range(n))


def among(stage: Step, seats: list[int]) -> dict[str, Any] | None:
    """Enter `stage` with `seats` acting in this order, or None when there are none."""
    if not seats:
        return None
    return {"step": stage.value, "turn": seats[0], "pending": tuple(seats[1:])}


def _stage(s: State, stage: Step, c: int) -> dict[str, Any] | None:
    """The changes that enter `stage` of the current phase (chooser `c`), or None when nobody
    takes part."""
    if stage in _SYSTEM_STAGES:
        return {"step": stage.value, "turn": -1, "pending": ()}
    resets = _RESETS.get(stage)
    if resets is not None:  # everyone, the chooser first
        return {"step": stage.value, "turn": c, "pending": clockwise(s, c)[1:], **resets}
    if stage in (Step.MAYOR_PRIVILEGE, Step.CRAFTSMAN_BONUS, Step.SHIP):
        return {"step": stage.value, "turn": c, "pending": ()}
    if stage == Step.DISTRIBUTE:
        if s.colonist_ship > 0 and s.noble_ship > 0:  # §4.2 M3 with Nobles: the taker chooses
            return {"step": Step.TAKE_PIECE.value, "turn": c, "pending": (), "receiver": c}
        return {"step": Step.DISTRIBUTE.value, "turn": -1, "pending": (), "receiver": c}
    if not s.config.expansions:
        return None  # every other stage belongs to an expansion
    return ENTRANTS[stage](s, stage, c)


def enter(s: State, phase: str, index: int, chooser: int) -> dict[str, Any]:
    """Enter the first stage from `index` on that somebody takes part in."""
    for stage in STAGES[phase][index:]:
        changes = _stage(s, stage, chooser)
        if changes is not None:
            return changes
    raise AssertionError(f"phase {phase} has no final stage")  # pragma: no cover


def next_stage(s: State, step: str = "") -> dict[str, Any]:
    """Enter the stage after the current one (or after `step`)."""
    current = step or _STAGE_OF.get(s.step, s.step)
    return enter(s, s.phase, STAGES[s.phase].index(current) + 1, s.chooser)


def turn_changes(s: State) -> dict[str, Any]:
    """Hand the turn to the next pending seat, or move on when everyone has acted."""
    if s.pending:
        changes = {"turn": s.pending[0], "pending": s.pending[1:]}
        if s.config.expansions and s.step == Step.SELL:
            changes.update(sale_done=False, land_office_used=False)
        return changes
    return next_stage(s)
