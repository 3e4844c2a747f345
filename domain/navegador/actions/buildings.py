"""The Buildings action (§2.8): the next cell of a line on the building board, workers for
every building built this turn; an empty board ends the game."""

from __future__ import annotations

from domain.core import Action, RandomSource
from domain.core.commands import Why, fields, one_of, refuse
from domain.core.facts import Tx

from ..components import C
from ..i18n import _, building, cr, ngettext
from ..state import Building, State
from ..turns import _B, _need_action, _trigger_end, commands


def _why_not_build(state: State, seat: int, ctx: Building, line: str) -> Why:
    b = _B[line]
    if state.next_cell[b] >= state.on_board[b]:
        return ("build.sold_out", _("No {building} is left on the building board.", building=building(line)))
    p = state.players[seat]
    need = ctx.workers_used + C.workers_required[line]
    if need > p.workers:
        return ("build.not_enough_workers",
                ngettext("Your buildings this turn would need {n} worker; you have {have}.",
                         "Your buildings this turn would need {n} workers; you have {have}.", need, have=p.workers))
    price = C.cells[line][state.next_cell[b]]
    if p.money < price:
        return ("build.not_enough_money", _("The next {building} costs {price}; you have {have}.",
                                            building=building(line), price=cr(price), have=p.money))
    return None


@commands.command("build")
def _decide_build(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    state = tx.state
    _need_action(state, seat, "buildings", "build")
    fields(action, ("building",))
    line = one_of(action, "building", C.buildings)
    ctx = state.context
    assert isinstance(ctx, Building)
    refuse(_why_not_build(state, seat, ctx, line))
    cell = state.next_cell[_B[line]]
    tx.emit({"t": "BuildingBuilt", "seat": seat, "building": line, "cell": cell,
            "price": C.cells[line][cell]})
    s = tx.state
    if all(s.next_cell[b] >= s.on_board[b] for b in range(len(C.buildings))):
        _trigger_end(tx, seat, "buildings")  # §5.1, §8.5: the building board is empty
    return


# -- legal actions -----------------------------------------------------------------------------


def building_actions(state: State, seat: int, ctx: Building) -> list[Action]:
    return [{"type": "build", "building": b} for b in C.buildings
            if _why_not_build(state, seat, ctx, b) is None]
