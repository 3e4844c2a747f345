"""Main actions A-C (rules page §2.4-§2.6): expand the colony (an atomic sequence), activate one
building with coins, activate a line with a die."""

from __future__ import annotations

from typing import Any

from domain.core import Action, Fact, RandomSource
from domain.core.commands import Why, fields, malformed, one_of, refuse
from domain.core.facts import Tx

from . import ambassadors, colony, goods, governor, kingdoms, specialists
from .colony import (
    ROTATIONS,
    footprint,
    free_buildings,
    free_cells,
    line_colonists,
    placements,
    why_not_place,
)
from .components import C
from .effects import _cell_field, effects_of
from .flow import resume, run, task, why_not_decision, why_not_main
from .goods import can_pay, held_payments, parse_pay, valid_payment
from .i18n import _, ngettext
from .i18n import line as line_name
from .maya import hooks as maya
from .scholars import has_scholar
from .state import BlueDie, Player, State, commands, evolves, index, put, replace, with_player

# -- A: expand (§2.4) -----------------------------------------------------------------------------


def expand_cost(state: State, seat: int, tile: str) -> dict[str, int]:
    cost = dict(C.tile_cost[C.tiles[tile].kind])  # a special tile: 4 coins, nothing replaces them (§8.1)
    if C.tiles[tile].kind != "special" and has_scholar(state, seat, "SCH_ARCHITECTURE"):
        cost["wood"] -= 1  # Architecture: one wood less (§1.6)
        cost = {g: n for g, n in cost.items() if n}
    return cost


def why_not_expand(state: State, seat: int, tile: str) -> Why:
    if maya.colonist_only(state, seat) is not None:  # §2.2
        return maya.colonist_only(state, seat)
    if tile not in state.display:
        return ("expand.tile_not_available", _("That tile is not in the display."))
    if next(placements(state.players[seat], C.tiles[tile]), None) is None:
        return ("expand.no_placement", _("That tile fits nowhere in your colony."))
    if not can_pay(state, seat, expand_cost(state, seat, tile)):
        return ("expand.cannot_pay",
                _("You cannot pay for that tile (2 wood for a double, 2 wood and 1 grain for a triple, 4 coins for a special tile)."))
    return None


@commands.command("expand")
def _expand(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    fields(action, ("tile",))
    tile = one_of(action, "tile", (*C.doubles, *C.triples, *C.specials))
    refuse(why_not_main(tx.state, seat))
    refuse(why_not_expand(tx.state, seat, tile))
    tx.emit({"t": "TileChosen", "seat": seat, "tile": tile})
    tx.emit({"t": "DecisionAsked", "seat": seat, "decision": "place_tile", "tile": tile, "then": []})


def _anchor(action: Action) -> tuple[int, int]:
    value = action["anchor"]
    if type(value) is not list or len(value) != 2 or not all(type(v) is int and -9 <= v <= 9 for v in value):
        raise malformed("'anchor' must be [row, column] (whole numbers).")
    return value[0], value[1]


def _rotation(action: Action) -> int:
    value = action["rotation"]
    if type(value) is not int or value not in ROTATIONS:
        raise malformed("'rotation' must be 0, 90, 180 or 270.")
    return value


def build(tx: Tx, seat: int, tile: str, anchor: tuple[int, int], rotation: int, payment: dict[str, int], rng: RandomSource) -> None:
    goods.pay(tx, seat, payment, "tile")
    cells = footprint(C.tiles[tile], anchor, rotation)
    tx.emit({"t": "TileBuilt", "seat": seat, "tile": tile, "anchor": list(anchor), "rotation": rotation,
             "cells": [[r, c, code] for (r, c), code in zip(cells, C.tiles[tile].cells, strict=True)]})
    run(tx, seat, [], rng)


@commands.command("place_tile")
def _place_tile(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    fields(action, ("anchor", "rotation"))
    anchor, rotation = _anchor(action), _rotation(action)
    refuse(why_not_decision(tx.state, seat, ("place_tile",)))
    pending = tx.state.pending
    assert pending is not None and pending.tile is not None
    refuse(why_not_place(tx.state.players[seat], C.tiles[pending.tile], anchor, rotation))
    options = held_payments(tx.state, seat, expand_cost(tx.state, seat, pending.tile))
    if len(options) == 1:  # the single valid payment is made at once (§2.4)
        build(tx, seat, pending.tile, anchor, rotation, options[0], rng)
        return
    tx.emit({"t": "DecisionAsked", "seat": seat, "decision": "expand_pay", "tile": pending.tile,
             "anchor": list(anchor), "rotation": rotation, "then": []})


@commands.command("expand_pay")
def _expand_pay(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    fields(action, ("pay",))
    payment = parse_pay(action)
    refuse(why_not_decision(tx.state, seat, ("expand_pay",)))
    pending = tx.state.pending
    assert pending is not None and pending.tile is not None and pending.anchor is not None and pending.rotation is not None
    if not valid_payment(tx.state, seat, expand_cost(tx.state, seat, pending.tile), payment):
        refuse(("expand.cannot_pay", _("That is not a payment of the tile's cost you hold.")))
    build(tx, seat, pending.tile, pending.anchor, pending.rotation, payment, rng)


@commands.command("expand_cancel")
def _expand_cancel(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    fields(action)
    refuse(why_not_decision(tx.state, seat, ("place_tile", "expand_pay")))
    pending = tx.state.pending
    assert pending is not None
    tx.emit({"t": "ExpandCancelled", "seat": seat, "tile": pending.tile})


@evolves("TileChosen")
def _tile_chosen(state: State, fact: Fact) -> State:
    return state  # the DecisionAsked that follows waits for the placement


@evolves("ExpandCancelled")
def _expand_cancelled(state: State, fact: Fact) -> State:
    return replace(state, pending=None)


@evolves("TileBuilt", "TownHallPlaced", "RoadTilePlaced")
def _tile_built(state: State, fact: Fact) -> State:
    seat = fact["seat"]
    p = state.players[seat]
    tile = C.tiles[fact.get("tile") or fact.get("town_hall") or C.road_tile]
    grid, types = p.grid, p.types
    for (r, c, code), kind in zip(fact["cells"], tile.types, strict=True):
        grid, types = put(grid, index(r, c), code), put(types, index(r, c), kind)
    anchor = fact.get("anchor") or fact["cells"][0][:2]
    placed = (*p.tiles, (tile.id, anchor[0], anchor[1], fact.get("rotation", 0)))
    state = with_player(state, seat, grid=grid, types=types, tiles=placed)
    if fact["t"] == "TileBuilt":
        state = replace(state, display=tuple(t for t in state.display if t != tile.id))
    if fact["t"] == "TownHallPlaced":
        state = replace(state, placing=None, hall=None)
    if fact["t"] == "RoadTilePlaced":
        state = replace(state, road_stack=state.road_stack - 1)
    return state


def place_tile_actions(state: State, seat: int) -> list[Action]:
    pending = state.pending
    assert pending is not None and pending.tile is not None
    out: list[Action] = [{"type": "expand_cancel"}]
    return out + [{"type": "place_tile", "anchor": list(a), "rotation": r}
                  for a, r in placements(state.players[seat], C.tiles[pending.tile])]


def expand_pay_actions(state: State, seat: int) -> list[Action]:
    pending = state.pending
    assert pending is not None and pending.tile is not None
    out: list[Action] = [{"type": "expand_cancel"}]
    return out + [{"type": "expand_pay", "pay": p} for p in held_payments(state, seat, expand_cost(state, seat, pending.tile))]


# -- B: activate one building with coins (§2.5) ---------------------------------------------------


def activation_cost(state: State, seat: int) -> int:
    k = state.players[seat].coin_activations + 1
    return max(1, k - 1) if has_scholar(state, seat, "SCH_ENGINEERING") else k


def why_not_activate(state: State, seat: int, r: int, c: int) -> Why:
    return (maya.no_coin_activation(state, seat)  # §2.2, §8.6.3
            or why_not_building(state.players[seat], r, c) or why_not_pay_activation(state, seat))


def why_not_building(p: Player, r: int, c: int) -> Why:
    """A building of the colony with nothing on it this year."""
    if not C.is_building(p.grid[index(r, c)]):
        return ("activate.not_a_building", _("Only a building can be activated; roads and empty cells never are."))
    if p.occupant[index(r, c)]:
        return ("activate.occupied",
                _("Your governor stands on that building.") if p.occupant[index(r, c)] == "G" else _("That building holds a die or coins already this year."))
    return None


def why_not_pay_activation(state: State, seat: int) -> Why:
    if state.players[seat].coins < activation_cost(state, seat):
        return ("activate.cannot_pay",
                ngettext("This activation costs {n} coin.", "This activation costs {n} coins.", activation_cost(state, seat)))
    return None


def activation_actions(state: State, seat: int) -> list[Action]:
    """Every building `why_not_activate` accepts, row by row: the seat's checks (the Maya, the
    price) asked once, then each cell's."""
    if maya.no_coin_activation(state, seat) is not None or why_not_pay_activation(state, seat) is not None:
        return []
    return [{"type": "activate_building", "cell": [r, c]} for r, c in free_cells(state.players[seat])]  # why_not_building's cells


@commands.command("activate_building")
def _activate_building(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    fields(action, ("cell",))
    r, c = _cell_field(action)
    refuse(why_not_main(tx.state, seat))
    refuse(why_not_activate(tx.state, seat, r, c))
    tx.emit({"t": "BuildingActivatedWithCoins", "seat": seat, "cell": [r, c], "coins": activation_cost(tx.state, seat)})
    run(tx, seat, effects_of(tx.state, seat, r, c), rng)


@evolves("BuildingActivatedWithCoins")
def _activated_with_coins(state: State, fact: Fact) -> State:
    p = state.players[fact["seat"]]
    i = index(*fact["cell"])
    return with_player(state, fact["seat"], coins=p.coins - fact["coins"], occupant=put(p.occupant, i, f"${fact['coins']}"),
                       coin_activations=p.coin_activations + 1)


# -- C: activate a line with a die (§2.6) ----------------------------------------------------------


def _die(action: Action) -> dict[str, Any]:
    value = action["die"]
    if type(value) is dict and value.get("kind") == "ambassador":  # module C (§8.4)
        return ambassadors.parse_die(value)
    if type(value) is not dict or value.get("kind") not in ("white", "blue", "pool_blue"):
        raise malformed("'die' must be {kind: white|pool_blue, face} or {kind: blue, id}.")
    if value["kind"] == "blue":
        if set(value) != {"kind", "id"} or type(value["id"]) is not str:
            raise malformed("A blue die is named {kind: blue, id}.")
    elif set(value) != {"kind", "face"} or type(value["face"]) is not int or not 1 <= value["face"] <= 6:
        raise malformed("A white or pool blue die is named {kind, face} with a face from 1 to 6.")
    return value


def die_face(p: Player, d: dict[str, Any], state: State | None = None) -> int | None:
    if d["kind"] == "ambassador" and state is not None:  # module C: the face on its token (§8.4)
        return ambassadors.face(state, d)
    if d["kind"] != "blue":
        return int(d["face"])
    return next((b.face for b in p.blue if b.id == d["id"]), None)


def white_limit(state: State, seat: int) -> int:
    return ambassadors.white_limit(state) + (1 if has_scholar(state, seat, "SCH_ASTRONOMY") else 0)


def die_cost(state: State, seat: int, face: int, value: int, adjust: str, line: str = "row") -> int:
    """The coins of a die use (§2.6): the change of value, and 1 for Archery's diagonal."""
    return LINE_FEE[line] + change_cost(face, value, adjust, has_scholar(state, seat, "SCH_MATHEMATICS"))


LINE_FEE = {"row": 0, "column": 0, "diagonal": 1}


def change_cost(face: int, value: int, adjust: str, mathematics: bool) -> int:
    """The coins of changing a die's value (§2.6): 1 a step, one step free with Mathematics (§1.6);
    none when cocoa or gold sets the value (§8.1)."""
    if adjust != "coins":
        return 0
    steps = abs(value - face)
    return max(0, steps - 1) if mathematics else steps


def why_not_die(state: State, seat: int, d: dict[str, Any], value: int, adjust: str, line: str) -> Why:
    """§2.6's checks in order: the die (1-2), its value (3), its line (4), the payment (5), a free building (6)."""
    why = why_not_take_die(state, seat, d)
    if why is not None:
        return why
    face = die_face(state.players[seat], d, state)
    assert face is not None
    if (adjust == "none") != (value == face):
        return ("die.bad_adjust", _("Keep the die's value with adjust none, or change it with coins (or cocoa or gold)."))
    colour = kingdoms.colour(d)
    return (why_not_line(state, seat, colour, value, line) or why_not_pay_die(state, seat, face, value, adjust, line)
            or why_not_free_line(state, seat, colour, value, line))


def why_not_take_die(state: State, seat: int, d: dict[str, Any]) -> Why:
    """§2.6 checks 1-2: a colonist takes a die that is there for them (its value and line aside)."""
    if maya.colonist_only(state, seat) is not None:  # §2.2: the Maya uses maya_use_die
        return maya.colonist_only(state, seat)
    p = state.players[seat]
    if d["kind"] == "white":
        if d["face"] not in state.white_pool:
            return ("die.not_in_pool", _("No white die shows {face}.", face=d['face']))
        if p.white_taken >= white_limit(state, seat):
            return ("die.white_limit",
                    ngettext("You may take at most {n} white die a year.", "You may take at most {n} white dice a year.", white_limit(state, seat)))
    elif d["kind"] == "blue":
        own = next((b for b in p.blue if b.id == d["id"]), None)
        if own is None or own.used or not own.usable or state.shared_blue_dice:
            return ("die.not_available", _("That blue die is not yours to use now."))
    elif d["kind"] == "ambassador":  # module C (§8.4)
        if (why := ambassadors.why_not_take(state, d)) is not None:
            return why
    else:
        if not state.shared_blue_dice or d["face"] not in state.blue_pool:
            return ("die.not_in_pool", _("No blue die in the pool shows {face}.", face=d['face']))
        if p.blue_used >= p.unlocked:
            return ("die.blue_limit",
                    ngettext("You have unlocked {n} blue die this year and used it.", "You have unlocked {n} blue dice this year and used them all.", p.unlocked))
    return None


def why_not_line(state: State, seat: int, colour: str, value: int, line: str) -> Why:
    """§2.6 check 4: a white die activates a column, a blue die a row; Philosophy and Archery add lines (§1.6)."""
    if line not in allowed_lines(state, seat, colour, value):
        return ("die.bad_line",
                _("A white die activates a column, a blue die a row (a column with Philosophy, a diagonal with Archery when it shows 1 or 6)."))
    return None


def allowed_lines(state: State, seat: int, colour: str, value: int) -> set[str]:
    """The lines a die of that colour and value may activate; the value counts only for Archery's 1 and 6."""
    return die_lines(colour, has_scholar(state, seat, "SCH_PHILOSOPHY"), kingdoms.diagonal_allowed(state, seat, value))


def die_lines(colour: str, philosophy: bool, diagonal: bool) -> set[str]:
    """A white die activates a column, a blue die a row, and a column with Philosophy; the diagonal
    when Archery allows it for the die's value (§1.6)."""
    allowed = {"column"} if colour == "white" else {"row"} | ({"column"} if philosophy else set())
    if diagonal:
        allowed.add("diagonal")
    return allowed


def why_not_pay_die(state: State, seat: int, face: int, value: int, adjust: str, line: str) -> Why:
    """§2.6 check 5: the coins of the change of value (and cocoa or gold with the expansion, §8.1)."""
    if state.expansion:
        return kingdoms.why_not_adjust_paid(state, seat, adjust, die_cost(state, seat, face, value, adjust, line))
    if state.players[seat].coins < die_cost(state, seat, face, value, adjust):
        return ("die.cannot_pay",
                ngettext("Changing the die costs {n} coin.", "Changing the die costs {n} coins.", die_cost(state, seat, face, value, adjust)))
    return None


def why_not_free_line(state: State, seat: int, colour: str, value: int, line: str) -> Why:
    """§2.6 check 6: the line of a die of that colour holds a free building."""
    if not has_free_building(state, seat, colour, value, line):
        return ("die.no_free_building", _("That line ({line}) has no free building to activate.", line=line_name(line)))
    return None


def has_free_building(state: State, seat: int, colour: str, value: int, line: str) -> bool:
    """The line holds a free building after the governor's forced move (§8.2, A-07)."""
    occupant = governor.occupant_after_forced_move(state, seat, colour, line, value)
    return bool(colony.free_mask_of(state.players[seat].grid, occupant) & colony.LINE_MASKS[kingdoms.kind_of(line, colour), value])


@commands.command("use_die")
def _use_die(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    fields(action, ("die", "value", "adjust", "line"))
    d = _die(action)
    value = action["value"]
    if type(value) is not int or not 1 <= value <= 6:
        raise malformed("'value' must be a whole number from 1 to 6.")
    expansion = bool(tx.state.expansion)
    adjust = one_of(action, "adjust", kingdoms.ADJUSTS if expansion else ("none", "coins"))
    line = one_of(action, "line", kingdoms.LINES if expansion else ("row", "column"))
    refuse(why_not_main(tx.state, seat))
    refuse(why_not_die(tx.state, seat, d, value, adjust, line))
    p = tx.state.players[seat]
    face = die_face(p, d, tx.state)
    assert face is not None
    tx.emit(ambassadors.taken(seat, d, face) if d["kind"] == "ambassador" else {"t": "DieTaken", "seat": seat, "die": d})
    if line == "diagonal":  # Archery's coin (§1.6)
        tx.emit({"t": "CoinsPaid", "seat": seat, "coins": 1, "for": "diagonal"})
    if value != face:
        kingdoms.pay_adjust(tx, seat, adjust)  # a cocoa token or a gold (§8.1)
        tx.emit({"t": "DieValueChanged", "seat": seat, "die": d, "from": face, "to": value,
                 "paid": die_cost(tx.state, seat, face, value, adjust), **({"adjust": adjust} if expansion else {})})
    code = {"white": f"w{value}", "pool_blue": f"p{value}"}.get(d["kind"]) or (
        ambassadors.die_code(d, value) if d["kind"] == "ambassador" else str(d["id"]))
    run(tx, seat, [*specialists.hire_tasks(tx.state, d, value), *governor.step_tasks(tx.state, d, line, value),
                   ("die_line", kingdoms.line_kind(d, line), value, code),  # §2.6 steps 2 (B), 3 (A), 4-6
                   *ambassadors.passive_agenda(tx.state, seat, d, line, value)], rng)  # module C: the others' turns (step 7)


@task("die_line")
def _die_line(tx: Tx, seat: int, step: Any, rng: RandomSource) -> list[Any]:
    """§2.6 steps 4-6: Taxation, then every free building of the line in order, the die on the last;
    `kind` is the line's kind as colony.line_cells reads it (a blue die's diagonal: `diagonal_blue`)."""
    _skip, kind, value, code = step
    if has_scholar(tx.state, seat, "SCH_TAXATION"):  # §1.6 Taxation, before the buildings
        colonists = line_colonists(tx.state.players[seat], kind, value)
        if colonists:
            tx.emit({"t": "CoinsGained", "seat": seat, "coins": colonists, "source": "taxation"})
    targets = free_buildings(tx.state.players[seat], kind, value)
    return [("activate", r, c, "die") for r, c in targets] + [("place_die", code, *targets[-1])]


@evolves("DieTaken")
def _die_taken(state: State, fact: Fact) -> State:
    seat, d = fact["seat"], fact["die"]
    p = state.players[seat]
    if d["kind"] == "white":
        pool = list(state.white_pool)
        pool.remove(d["face"])
        return with_player(replace(state, white_pool=tuple(pool)), seat, white_taken=p.white_taken + 1)
    if d["kind"] == "pool_blue":
        pool = list(state.blue_pool)
        pool.remove(d["face"])
        return with_player(replace(state, blue_pool=tuple(pool)), seat, blue_used=p.blue_used + 1)
    blue = tuple(replace(b, used=True) if b.id == d["id"] else b for b in p.blue)
    return with_player(state, seat, blue=blue)


@evolves("DieValueChanged")
def _die_value_changed(state: State, fact: Fact) -> State:
    seat, d = fact["seat"], fact["die"]
    p = state.players[seat]
    blue = p.blue if d["kind"] != "blue" else tuple(replace(b, face=fact["to"]) if b.id == d["id"] else b for b in p.blue)
    return with_player(state, seat, coins=p.coins - fact["paid"], blue=blue)


@evolves("DiePlaced")
def _die_placed(state: State, fact: Fact) -> State:
    p = state.players[fact["seat"]]
    return with_player(state, fact["seat"], occupant=put(p.occupant, index(*fact["cell"]), fact["die"]))


__all__ = ["BlueDie", "resume"]


@task("place_die")
def _place_die(tx: Tx, seat: int, step: Any, rng: RandomSource) -> list[Any]:
    _skip, code, r, c = step
    tx.emit({"t": "DiePlaced", "seat": seat, "die": code, "cell": [r, c]})  # on the last target (§2.6 step 6)
    return []
