"""Main action D, passing (rules page §4): the pass space and its action, the road tile, dock
income."""

from __future__ import annotations

from domain.core import Action, Fact, RandomSource
from domain.core.commands import Why, fields, malformed, refuse, whole
from domain.core.facts import Tx

from . import kingdoms
from .colony import empty_cells
from .components import C
from .effects import _cell_field
from .flow import Ask, resume, run, task, why_not_decision, why_not_main
from .goods import gain
from .i18n import _
from .maya import hooks as maya
from .maya import temples as maya_temples
from .state import State, Task, commands, evolves, replace, with_player


def why_not_pass(state: State, seat: int, space: int) -> Why:
    if any(p.pass_space == space for p in state.players) and not kingdoms.may_share_space(state, seat):  # Meditation
        return ("pass.space_taken", _("Another player is on that pass space."))
    return None


@commands.command("pass")
def _pass(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    fields(action, ("space",))
    space = action["space"]
    if type(space) is not int:
        raise malformed("'space' must be a pass space number from 1 to 5.")
    refuse(why_not_main(tx.state, seat))
    if not 1 <= space <= len(C.pass_spaces):
        refuse(("pass.bad_space", _("The pass spaces are numbered 1 to 5.")))
    refuse(why_not_pass(tx.state, seat, space))
    tx.emit({"t": "Passed", "seat": seat, "space": space, "order": len(tx.state.pass_order)})
    run(tx, seat, [("pass_space", space), *kingdoms.meditation_tasks(tx.state, seat, space), ("docks",),
                   *maya.after_pass(tx.state, seat)], rng)  # Maya: temples (§8.6.5 D)


def pass_actions(state: State, seat: int) -> list[Action]:
    taken = {p.pass_space for p in state.players}  # why_not_pass asked only of the spaces taken
    return [{"type": "pass", "space": s} for s in range(1, len(C.pass_spaces) + 1) if s not in taken or why_not_pass(state, seat, s) is None]


@evolves("Passed")
def _passed(state: State, fact: Fact) -> State:
    state = replace(state, pass_order=(*state.pass_order, fact["seat"]))
    return with_player(state, fact["seat"], pass_space=fact["space"])


@task("pass_space")
def _pass_space(tx: Tx, seat: int, step: Task, rng: RandomSource) -> list[Task] | Ask:
    """The pass space's action (§4 step 2): 1 and 3 and the first religion step apply at once."""
    if tx.state.maya is not None and tx.state.maya.seat == seat:
        return maya_temples.pass_space(tx, seat, step[1])  # §8.6.5 D
    action = C.pass_spaces[step[1] - 1]["action"]
    if action == "gain_coins":
        gain(tx, seat, {"coins": C.pass_spaces[0]["coins"]}, "pass")
        return []
    if action in ("religion", "conquistador", "sea_trade"):
        return [(action,)]
    if tx.state.road_stack > 0 and empty_cells(tx.state.players[seat]):
        return Ask("road_tile")
    return []  # no road tile left or no empty cell: nothing to do (§11 A-16)


@commands.command("road_tile")
def _road_tile(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    fields(action, ("cell",))
    cell = None if action["cell"] is None else _cell_field(action)
    refuse(why_not_decision(tx.state, seat, ("road_tile",)))
    if cell is None:
        tx.emit({"t": "Declined", "seat": seat, "decision": "road_tile"})
    else:
        if cell not in empty_cells(tx.state.players[seat]):  # built, or the governor's cell (§8.2)
            refuse(("road.cell_occupied", _("A road tile goes on an empty cell of your colony.")))
        tx.emit({"t": "RoadTilePlaced", "seat": seat, "cells": [[cell[0], cell[1], C.tiles[C.road_tile].cells[0]]]})
    resume(tx, seat, [], rng)


def road_actions(state: State, seat: int) -> list[Action]:
    out: list[Action] = [{"type": "road_tile", "cell": None}]
    return out + [{"type": "road_tile", "cell": [r, c]} for r, c in empty_cells(state.players[seat])]


@task("docks")
def _docks(tx: Tx, seat: int, step: Task, rng: RandomSource) -> list[Task]:
    """Dock income after the pass space's action, whose ship counts too (SM-EX-55)."""
    docks = tx.state.players[seat].docks
    return [("dock_income", dock) for dock, ships in zip(C.docks, docks, strict=True) if ships]


@task("dock_income")
def _dock_income(tx: Tx, seat: int, step: Task, rng: RandomSource) -> list[Task]:
    """Docks top to bottom, once per ship (§4 step 3)."""
    dock = step[1]
    ships = len(tx.state.players[seat].docks[C.docks.index(dock)])
    tx.emit({"t": "DockIncomeTaken", "seat": seat, "dock": dock, "tiles": ships})
    income = C.dock_income[dock]
    if "action" in income:
        return [(income["action"],)] * ships
    gain(tx, seat, {k: v * ships for k, v in income.items()}, f"dock:{dock}")
    return []


@evolves("DockIncomeTaken")
def _dock_income_taken(state: State, fact: Fact) -> State:
    return state


__all__ = ["whole"]
