"""The Privilege action (§2.10): a privilege from the gallery for a worker."""

from __future__ import annotations

from domain.core import Action, RandomSource
from domain.core.commands import Why, fields, one_of, refuse
from domain.core.facts import Tx

from ..components import C
from ..i18n import _, ngettext, privilege
from ..state import State
from ..turns import _K, _end_turn, _need_action, commands


def _why_not_privilege(state: State, seat: int, kind: str) -> Why:
    p = state.players[seat]
    if p.workers <= C.workers_min:
        return ("privilege.not_enough_workers",
                ngettext("A privilege costs a worker, and you may not go below {n} worker.",
                         "A privilege costs a worker, and you may not go below {n} workers.", C.workers_min))
    if state.gallery[_K[kind]] < 1:
        return ("privilege.none_available", _("No {privilege} is left in the gallery.", privilege=privilege(kind)))
    if p.privileges[_K[kind]] >= C.max_privileges_per_kind:
        return ("privilege.column_full",
                ngettext("You already have {n} privilege of this kind ({privilege}).",
                         "You already have {n} privileges of this kind ({privilege}).",
                         C.max_privileges_per_kind, privilege=privilege(kind)))
    return None


@commands.command("take_privilege")
def _decide_take_privilege(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    state = tx.state
    _need_action(state, seat, "privilege", "take_privilege")
    fields(action, ("kind",))
    kind = one_of(action, "kind", C.kinds)
    refuse(_why_not_privilege(state, seat, kind))
    p = state.players[seat]
    cell = p.privileges[_K[kind]]  # the topmost empty cell of that column
    tx.emit({"t": "PrivilegeTaken", "seat": seat, "kind": kind, "cell": cell,
            "bonus": C.privilege_cells_cr[kind][cell] * p.items(kind)})
    _end_turn(tx, seat)
    return


# -- legal actions -----------------------------------------------------------------------------


def privilege_actions(state: State, seat: int) -> list[Action]:
    return [{"type": "take_privilege", "kind": k} for k in C.kinds
            if _why_not_privilege(state, seat, k) is None]
