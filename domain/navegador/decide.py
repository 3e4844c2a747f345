"""decide / legal_actions / to_act: every command of rules page §2 with its legality conditions.

Each command has one `_why_not_*` function listing its conditions in the page's order; it returns
the first failure as `(code, sentence)` or None. `decide` raises that failure, `legal_actions`
keeps the candidates for which it is None, so the two always agree. Everything that follows a
command automatically (end of action, phase change, the card passing, end of turn, final round,
king's privileges, scoring) is appended as facts in the same call.

The commands live with their rondel action (`actions/`: rondel, workers and ships, sailing,
colony, buildings, market, privilege); what they share, and the end of a turn and of the game,
is `turns.py`; `done` and the king's privilege are here (registered after the actions, so the
table of commands keeps the rules page's order).
"""

from __future__ import annotations

from typing import Any, cast

from domain.core import Action, RandomSource
from domain.core.commands import Why, fields, one_of, refuse
from domain.core.facts import Facts, Tx

from .actions import buildings, colony, market, privilege, rondel, sailing, workers
from .actions.rondel import rondel_cost
from .actions.sailing import _distances
from .components import C
from .evolve import evolve
from .i18n import _, column
from .state import Building, Founding, Sailing, State, Step, Trading
from .turns import _K, _end_turn, _pass_card, _score_if_ready, _start_phase, _wrong_step, commands

__all__ = ["COMMANDS", "_distances", "decide", "legal_actions", "rondel_cost", "to_act"]


# -- who acts ----------------------------------------------------------------------------------


def to_act(state: State) -> frozenset[int]:
    if state.step is Step.GAME_OVER:
        return frozenset()
    if state.step is Step.KINGS_PRIVILEGE:
        return frozenset(s for s, p in enumerate(state.players) if p.kings is None)
    return frozenset((state.current,))


# -- done, the king's privilege (§2.6, §5) ------------------------------------------------------


@commands.command("done")
def _decide_done(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    state = tx.state
    if state.step not in (Step.NAVEGADOR_SAILING, Step.ACTION):
        raise _wrong_step(_("You cannot end an action now."))
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


@commands.command("place_kings_privilege")
def _decide_place_kings(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    state = tx.state
    if state.step is not Step.KINGS_PRIVILEGE:
        raise _wrong_step(_("You cannot place your king's privilege now (only after the last turn)."))
    fields(action, ("kind",))
    kind = one_of(action, "kind", C.kinds)
    refuse(_why_not_kings(state, seat, kind))
    tx.emit({"t": "KingsPrivilegePlaced", "seat": seat, "kind": kind, "how": "chosen"})
    _score_if_ready(tx)
    return


def _why_not_kings(state: State, seat: int, kind: str) -> Why:
    p = state.players[seat]
    if p.kings is not None:
        return ("scoring.already_placed", _("You have already placed your king's privilege."))
    if p.privileges[_K[kind]] >= C.max_privileges_per_kind:
        return ("scoring.column_full", _("Your {column} column has no free privilege cell.", column=column(kind)))
    return None


def kings_actions(state: State, seat: int) -> list[Action]:
    return [{"type": "place_kings_privilege", "kind": k} for k in C.kinds
            if _why_not_kings(state, seat, k) is None]


# -- dispatch ----------------------------------------------------------------------------------


COMMANDS = commands.types


def decide(state: State, seat: int, action: Any, rng: RandomSource | None = None) -> Facts:
    """The facts `action` by `seat` causes, or IllegalAction (the opening checks and their codes
    are every game's, `domain.core.commands`); their `.state` is the state they lead to.
    Navegador draws nothing after setup."""
    command = commands.opening(action, seat, to_act=to_act(state), over=state.step is Step.GAME_OVER)
    tx = Tx(state, evolve)
    command.handler(tx, seat, action, cast(RandomSource, rng))
    return tx.facts


# -- legal actions -----------------------------------------------------------------------------


def legal_actions(state: State, seat: int) -> list[Action]:
    """Every command `seat` may submit now, each ready to send as it is (rules page §2.12)."""
    if type(seat) is not int or seat not in to_act(state):
        return []
    step = state.step
    if step is Step.KINGS_PRIVILEGE:
        return kings_actions(state, seat)
    if step in (Step.TURN_START, Step.AFTER_NAVEGADOR):
        return rondel.rondel_actions(state, seat)
    ctx = state.context
    p = state.players[seat]
    out: list[Action] = []
    if isinstance(ctx, Sailing):
        out = sailing._sailing_actions(state, ctx)
    elif isinstance(ctx, Founding):
        out = colony.colony_actions(state, seat, ctx)
    elif isinstance(ctx, Building):
        out = buildings.building_actions(state, seat, ctx)
    elif isinstance(ctx, Trading):
        out = market.market_actions(state, seat, ctx)
    else:
        action = state.space_action(seat)
        if action == "workers":
            out = workers.worker_actions(state, p)
        elif action == "ships":
            out = workers.ship_actions(state, p)
        elif action == "privilege":
            out = privilege.privilege_actions(state, seat)
    out.append({"type": "done"})
    return out
