"""The flow of a game: role selection (§3.2), the end of a phase, of a round and of the game
(§5.1); and `decide`, `legal_actions` and `to_act`, which read the tables that the phase modules
fill (`tables.py`; the order of stages within a phase is `stages.py`).

`decide` validates one atomic action (the opening checks with the shared codes, then the
command registered for the action's type at the current step), emits the facts it causes, and
then runs what follows automatically (`tables.AUTOMATIC`, step by step) until some seat has a
real choice: production, refills, the colonist distribution, auto-passes of players with nothing
to do (each recorded as a fact with `"auto": true`), the end of a phase and of a round, the
governor change, end triggers and the final scoring.

Section numbers (§) refer to the rules page `shared/rules/puerto-rico.md`.
"""

from __future__ import annotations

from typing import Any

from domain.core import Action, Fact, RandomSource
from domain.core.commands import fields, named, reject
from domain.core.facts import Facts, Tx
from domain.core.words import Citation

from . import phases, setup, tiles  # noqa: F401 (importing them fills the tables)
from .components import ROLE_PHASES, role_phase
from .i18n import N_, _
from .i18n import role as role_name
from .phases import captain, craftsman, trader
from .phases.guests import guest_actions, guest_ok
from .scoring import final_scores
from .stages import enter, turn_changes
from .state import (
    ARRANGE,
    BLACK_MARKET_STEP,
    BUILD,
    CRAFTSMAN_BONUS,
    DRAFT,
    GUEST_END,
    GUEST_START,
    LODGE,
    MAYOR_PRIVILEGE,
    OVER,
    PLACE_TILE,
    ROLE_SELECTION,
    ROUND_END,
    SELECT_ROLE,
    SELL,
    SETTLE,
    SETTLE_EXTRA,
    SHIP,
    SMALL_WHARF_STEP,
    STORE,
    TAKE_PIECE,
    VILLA_STEP,
    State,
    Step,
    _set,
    _update,
    draft,
    frozen,
    put,
    set_player,
)
from .tables import AUTOMATIC, OFFERED, OFFERS, automatic, commands, evolver, evolves, offers

evolve = evolver

_ZERO5 = (0, 0, 0, 0, 0)

_PHASE_SECTIONS = {"settler": "4.1", "mayor": "4.2", "builder": "4.3", "craftsman": "4.4", "trader": "4.5",
                   "captain": "4.6", "prospector": "4.7"}


def _phase(fact: Fact) -> str:
    """A pass or the end of a phase: that phase's section (the draft and role selection: §3.2)."""
    return _PHASE_SECTIONS.get(str(fact.get("phase")), "3.2")


# The rules-page section each fact of this module cites (`replay why`; `sections.py` gathers them).
CITES: dict[str, Citation] = {
    "RoleSelected": "3.2",
    "RoundEnded": "3.2",
    "Passed": _phase,
    "PhaseEnded": _phase,
    "GameEndTriggered": "5.1",
    "GameEnded": "5.2",
}


# -- role selection (§3.2) -----------------------------------------------------------------------



@offers(Step.SELECT_ROLE)
def _role_actions(s: State, seat: int) -> list[Action]:
    # (a loop over the taken marks: `zip(..., strict=True)` parses a keyword at every call, and a
    # comprehension is a call of its own; asked before every role selection)
    roles = s.roles
    acts: list[Action] = []
    for i, taken in enumerate(s.role_taken):
        if taken < 0:
            acts.append({"type": "select_role", "role": roles[i]})
    return acts


@commands.command("select_role", Step.SELECT_ROLE)
def _select_role(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    fields(action, ("role",))
    role = named(action, "role")
    s = tx.state
    if role not in s.roles:
        reject("role.unknown", _("There is no role {role!r} in this game; choose one of {roles}.", role=role,
                                  roles=", ".join(map(repr, s.roles))))
    i = s.roles.index(role)
    if s.role_taken[i] >= 0:
        reject("role.taken", _("The {role} has already been taken this round.", role=role_name(role)))
    # §3.2.1 / §10 A43: the doubloons on the card are the chooser's at once.
    tx.emit({"t": "RoleSelected", "seat": seat, "role": role, "doubloons": s.role_doubloons[i]})


_PHASE_OF = {role: role for role in ROLE_PHASES}  # (`role_phase` for the other cards: prospector_2)


@evolves("RoleSelected")
def _role_selected(s: State, f: Fact) -> State:
    seat, role, doubloons = f["seat"], f["role"], f["doubloons"]
    i = s.roles.index(role)
    phase = _PHASE_OF.get(role) or role_phase(role)
    changes: dict[str, Any] = {
        "role_taken": put(s.role_taken, i, seat),
        "selections": s.selections + 1,
        "phase": phase,
        "chooser": seat,
    }
    if doubloons or s.role_doubloons[i]:  # (most cards carry none: the player and the row stay as they are)
        pl = s.players[seat]
        changes["players"] = set_player(s, seat, _set(pl, doubloons=pl.doubloons + doubloons))
        changes["role_doubloons"] = put(s.role_doubloons, i, 0)
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
    changes.update(enter(s, phase, 0, seat))  # (the first stages depend on nothing changed above)
    return _update(s, changes)


# -- passing, the end of a phase, a round, the game ----------------------------------------------


@evolves("Passed")
def _passed(s: State, f: Fact) -> State:
    step = s.step
    if step == SHIP:
        return captain.after_pass(s)
    if step == CRAFTSMAN_BONUS:
        return craftsman.after_pass(s)
    if step == SELL:
        after = trader.after_pass(s)
        if after is not None:
            return after
    return _update(s, {"hacienda": 0, **turn_changes(s)})


@evolves("PhaseEnded")
def _phase_ended(s: State, f: Fact) -> State:
    if s.selections < s.selections_per_round:
        nxt = (s.governor + s.selections) % len(s.players)  # §3.2 / §6.1: clockwise from the governor
        return _set(s, phase=ROLE_SELECTION, step=SELECT_ROLE, chooser=-1, turn=nxt, pending=())
    return _set(s, phase=ROLE_SELECTION, step=ROUND_END, chooser=-1, turn=-1, pending=())


@automatic(Step.ROUND_END)
def _round_end(tx: Tx, rng: RandomSource) -> bool:
    s = tx.state
    if s.end_reasons:
        # §5.1: the game ends at the end of the round in which a trigger fired
        tx.emit({"t": "GameEnded", "reasons": list(s.end_reasons), "scores": final_scores(s)})
    else:
        bonus = [r for r, t in zip(s.roles, s.role_taken, strict=True) if t < 0]
        tx.emit({"t": "RoundEnded", "round": s.round, "bonus_roles": bonus, "governor": (s.governor + 1) % s.n})
    return True


@evolves("RoundEnded")
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


@evolves("GameEndTriggered")
def _game_end_triggered(s: State, f: Fact) -> State:
    return _set(s, end_reasons=(*s.end_reasons, f["reason"]))


@evolves("GameEnded")
def _game_ended(s: State, f: Fact) -> State:
    return _set(s, phase=OVER, step=OVER, turn=-1, pending=(), chooser=-1)


# -- the contract --------------------------------------------------------------------------------

WAITING_FOR: dict[str, str] = {
    SELECT_ROLE: N_("a role to be selected"),
    SETTLE: N_("a settler pick"),
    MAYOR_PRIVILEGE: N_("the mayor's privilege"),
    ARRANGE: N_("colonists to be arranged"),
    BUILD: N_("a building decision"),
    CRAFTSMAN_BONUS: N_("the craftsman's extra good"),
    SELL: N_("a sale to the trading house"),
    SHIP: N_("a shipment"),
    STORE: N_("goods to be stored"),
    DRAFT: N_("a building to be drafted"),
    GUEST_START: N_("guests to be deployed (or done)"),
    GUEST_END: N_("guests to be deployed (or done)"),
    SETTLE_EXTRA: N_("the library's extra tile"),
    PLACE_TILE: N_("the drawn tile to be placed face up or as a forest"),
    LODGE: N_("the hunting lodge"),
    VILLA_STEP: N_("the villa"),
    TAKE_PIECE: N_("a colonist or noble to be taken from the ship"),
    BLACK_MARKET_STEP: N_("the black-market payment"),
    SMALL_WHARF_STEP: N_("goods for the small wharf (or done)"),
}

# The steps at which each action may be given (every command is registered by now).
ACTION_STEPS: dict[str, frozenset[str]] = {kind: commands.steps(kind) for kind in commands.types}


_NOBODY: frozenset[int] = frozenset()
_ONE = tuple(frozenset((seat,)) for seat in range(8))  # (immutable: one per seat, not one per call)


def to_act(state: State) -> frozenset[int]:
    if state.step == OVER or state.turn < 0:
        return _NOBODY
    return _ONE[state.turn]


def legal_actions(state: State, seat: int) -> list[Action]:
    """Every action `seat` may take now, each ready to submit as it is ([] if not its turn)."""
    s = state
    if seat != s.turn or s.step == OVER:
        return []
    handed = OFFERED[0]  # (listed by the automatic step that stopped at this state: `offered`)
    if handed is not None and handed[0] is s:
        OFFERED[0] = None
        acts = handed[1]
    else:
        offer = OFFERS.get(s.step)
        acts = offer(s, seat) if offer is not None else []
    if s.config.new_buildings and guest_ok(s, seat):
        return [*guest_actions(s, seat), *acts]  # §4.8: a guest may move first
    return acts


# The handler of each action type at each step, by the step's text (`decide`'s common case).
_HANDLERS = {(kind, getattr(step, "value", step)): handler for (kind, step), handler in commands.handlers().items()}


def decide(state: State, seat: int, action: Action, rng: RandomSource) -> Facts:
    """Validate `action` for `seat`; the facts it causes and everything that follows (their
    `.state` is the state they lead to)."""
    step = state.step
    # `commands.opening`'s checks in its order, its common case here (a call fewer per decision):
    # the game goes on, it is this seat's turn, the action names a command of this step. Any
    # other action takes `opening`, for its refusal (or a command that checks its own steps).
    handler = None
    if step != OVER and type(seat) is int and seat == state.turn and type(action) is dict:
        kind = action.get("type")
        if type(kind) is str:
            handler = _HANDLERS.get((kind, step))
    if handler is None:
        handler = commands.opening(  # (one seat acts at a time: `to_act` as a tuple is cheaper)
            action, seat, to_act=(state.turn,), over=step == OVER, step=step, waiting_for=WAITING_FOR.get(step)
        ).handler
    tx = Tx(draft(state), evolve)  # (the decision's facts change its own copy in place)
    try:
        handler(tx, seat, action, rng)
        # then the automatic steps, until a seat has a real choice or the game is over
        while True:
            run = AUTOMATIC.get(tx.state.step)
            if run is None or not run(tx, rng):
                break
    finally:
        frozen(tx.state)
    return tx  # (the transaction is the decision's facts, its `.state` the state they lead to)
