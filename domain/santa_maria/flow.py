"""Who acts, the agenda of a main action, turns and the decision points (rules page §2.1-§2.3,
§2.11).

A main action is resolved by running its *agenda*, a list of small tasks (`TASKS`, registered
by the rule modules with `@task`). A task either does its part (emitting facts) and returns the
tasks that follow from it, or returns an `Ask`: the rules wait for a decision. The remaining
agenda then goes into the `DecisionAsked` fact, and the answer's handler runs it on. When the
agenda is empty the turn ends (`finish_turn`); after the last turn of a year, the year ends (the
function year.py registers with `ends_the_year`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from domain.core import Fact, RandomSource
from domain.core.commands import Why
from domain.core.facts import Tx

from .i18n import _, decision_words
from .state import Pending, Phase, State, Task, evolves, freeze, replace, thaw


@dataclass(frozen=True)
class Ask:
    kind: str
    fields: dict[str, Any] = field(default_factory=dict)


TaskFn = Callable[[Tx, int, Task, RandomSource], "list[Task] | Ask"]
TASKS: dict[str, TaskFn] = {}
YearEnd = Callable[[Tx, RandomSource], None]
YEAR_END: list[YearEnd] = []  # the end of the year (§5): year.py registers it with `ends_the_year`


def task(name: str) -> Callable[[TaskFn], TaskFn]:
    def register(fn: TaskFn) -> TaskFn:
        TASKS[name] = fn
        return fn

    return register


def ends_the_year(fn: YearEnd) -> YearEnd:
    """Register what happens when the last seat has passed (§5). Like a task it is registered, not
    imported: year.py sits above the rule modules whose turns end here."""
    YEAR_END[:] = [fn]
    return fn


def to_act(state: State) -> frozenset[int]:
    if state.phase is Phase.PLAY:  # the common case first: the seat a decision waits for, or the current one
        return frozenset((state.current if state.pending is None else state.pending.seat,))
    if state.phase is Phase.OVER:
        return frozenset()
    if state.phase is Phase.DRAFT_SET and state.placing is not None:
        return frozenset({state.placing})
    return frozenset({state.draft[0]})  # the colony draft, the town-hall draft


def run(tx: Tx, seat: int, agenda: list[Task], rng: RandomSource) -> None:
    """Resolve the agenda until a decision is needed or it is done (then the turn ends)."""
    agenda = list(agenda)
    while agenda:
        step = agenda.pop(0)
        if step[0] == "as_seat":  # module C: the tasks that follow are this seat's (passive activation, §8.4)
            seat = step[1]
            continue
        result = TASKS[step[0]](tx, seat, step, rng)
        if isinstance(result, Ask):
            tx.emit({"t": "DecisionAsked", "seat": seat, "decision": result.kind, **result.fields,
                     "then": thaw(agenda)})
            return
        agenda[0:0] = result
    finish_turn(tx, seat, rng)


def finish_turn(tx: Tx, seat: int, rng: RandomSource) -> None:
    """The turn ends; the next seat clockwise that has not passed plays, or the year ends (§2.1)."""
    state = tx.state
    for step in range(1, state.seats + 1):
        nxt = (seat + step) % state.seats
        if not state.players[nxt].passed:
            tx.emit({"t": "TurnStarted", "seat": nxt})
            return
    (end_of_year,) = YEAR_END
    end_of_year(tx, rng)


@evolves("DecisionAsked")
def _decision_asked(state: State, fact: Fact) -> State:
    anchor, cell = fact.get("anchor"), fact.get("cell")
    return replace(state, pending=Pending(
        seat=fact["seat"], kind=fact["decision"], agenda=freeze(fact["then"]), tile=fact.get("tile"),
        anchor=None if anchor is None else (anchor[0], anchor[1]), rotation=fact.get("rotation"),
        cell=None if cell is None else (cell[0], cell[1]), effect=fact.get("effect")))


@evolves("TurnStarted")
def _turn_started(state: State, fact: Fact) -> State:
    return replace(state, current=fact["seat"], pending=None)


# -- the common checks of main actions and decisions (§2.2, §2.3) ---------------------------------


def why_not_main(state: State, seat: int) -> Why:
    """Main actions: during play, the seat's turn, not passed, no decision pending (§2.2)."""
    if state.phase is not Phase.PLAY:
        return ("action.not_now", _("The colonies are still being set up."))
    if state.players[seat].passed:
        return ("turn.already_passed", _("You have passed this year."))
    if state.pending is not None:
        return ("turn.decision_pending", _("Answer the decision in front of you first."))
    return None


def why_not_decision(state: State, seat: int, kinds: tuple[str, ...]) -> Why:
    """A decision action: that decision is pending for this seat (§2.3)."""
    pending = state.pending
    if state.phase is not Phase.PLAY or pending is None:
        return ("turn.no_decision_pending", _("No decision is waiting for an answer."))
    if pending.seat != seat or pending.kind not in kinds:
        return ("turn.wrong_decision", _("The decision waiting is: {decision}.", decision=decision_words(pending.kind)))
    return None


def resume(tx: Tx, seat: int, first: list[Task], rng: RandomSource) -> None:
    """After a decision is answered: the tasks it starts, then the agenda it interrupted."""
    pending = tx.state.pending
    assert pending is not None
    run(tx, seat, [*first, *pending.agenda], rng)
