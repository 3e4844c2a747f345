"""American Kingdoms module C, the ambassadors (rules page §8.4, the C rows of §8.5 and §8.7;
§11 A-27, A-28, A-29).

Two ambassador dice, a white and a blue one, lie on their tokens. A player may take one as the
die of main action C and use it like any die of its colour (actions.py's `use_die` calls in here
for what differs: the die, its face, its colour, its code on a building). Then every other player,
clockwise from the taker's left, activates the same row or column in their own colony "as if they
had used this die themselves" [RB]: no value change, no die left behind, their own scholars apply
(Taxation; Archery offers the diagonal for 1 coin, the decision `ambassador_line`), passed players
too (A-27). Each passive player answers their own decisions: the agenda switches to their seat
with an `("as_seat", seat)` task (flow.run) and back to the taker's at the end, so `to_act` is the
passive seat while one of its decisions waits.

Setup and the years change too: no starting blue die, a white pool of 2 dice per player and a
limit of 2 white dice a year (ambassador dice never count), and the two ambassador dice are rolled
at setup and again at the start of years 2 and 3.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from domain.core import Action, Fact, RandomSource, die
from domain.core.commands import Why, fields, malformed, one_of, refuse
from domain.core.facts import Tx

from . import governor
from .colony import free_buildings, line_cells
from .components import C
from .flow import Ask, run, task, why_not_decision
from .i18n import _
from .kingdoms import kind_of
from .scholars import has_scholar
from .state import State, Task, commands, evolves, index, replace

COLOURS = ("white", "blue")  # the order of `State.ambassadors`
WHITE_PER_PLAYER = 2  # §8.4: the white pool holds 2 dice per player (not 3)
WHITE_LIMIT = 2  # §8.4: at most 2 white dice from the pool per player and year
ARCHERY_FEE = 1  # §1.6 Archery: 1 coin for the diagonal
ARCHERY_VALUES = (1, 6)


def in_play(modules: Iterable[str] | None) -> bool:
    """Module C is in play (a base game's state and options carry no modules)."""
    return "C" in (modules or ())


# -- setup and the start of a year (§8.4, §8.7) ------------------------------------------------------


def white_per_player(modules: Iterable[str] | None) -> int:
    """White dice in the pool per player: 3, or 2 with the ambassadors (§1.9 step 5, §8.4)."""
    return WHITE_PER_PLAYER if in_play(modules) else C.white_per_player


def white_limit(state: State) -> int:
    """White pool dice a player may take a year before Astronomy: 3, or 2 with the ambassadors (§8.4)."""
    return WHITE_LIMIT if in_play(state.modules) else C.white_limit


def starting_blue_die(options: dict[str, Any]) -> bool:
    """Players get a starting blue die, except with the ambassadors (§8.4)."""
    return not in_play(options.get("modules"))


def setup_dice(options: dict[str, Any], rng: RandomSource) -> list[Fact]:
    """After the white pool: one more white and one blue die onto the ambassador tokens (§8.4);
    the blue one comes from the blue supply."""
    return [_rolled(rng)] if in_play(options.get("modules")) else []


def new_year(tx: Tx, rng: RandomSource, year: int) -> None:
    """Start of years 2 and 3: the tokens come back, both dice are rerolled onto them (§8.7)."""
    if in_play(tx.state.modules):
        tx.emit({**_rolled(rng), "year": year})


def _rolled(rng: RandomSource) -> Fact:
    white = die(rng)
    return {"t": "AmbassadorDiceRolled", "white": white, "blue": die(rng)}


@evolves("AmbassadorDiceRolled")
def _ambassador_dice_rolled(state: State, fact: Fact) -> State:
    supply = state.blue_supply - (1 if state.ambassadors is None else 0)  # the first roll takes a blue die
    players = tuple(replace(p, occupant=tuple("" if o.startswith("a") else o for o in p.occupant)) for p in state.players)
    return replace(state, ambassadors=((fact["white"], None), (fact["blue"], None)), blue_supply=supply, players=players)


# -- taking an ambassador die (§8.4, §2.6) ----------------------------------------------------------


def parse_die(value: dict[str, Any]) -> dict[str, Any]:
    """`{kind: ambassador, color: white|blue}` (§2.6's die parameter, module C)."""
    if set(value) != {"kind", "color"} or value["color"] not in COLOURS:
        raise malformed("An ambassador die is named {kind: ambassador, color: white|blue}.")
    return value


def face(state: State, d: dict[str, Any]) -> int | None:
    """What the ambassador die shows on its token."""
    if state.ambassadors is None:
        return None
    return state.ambassadors[COLOURS.index(d["color"])][0]


def why_not_take(state: State, d: dict[str, Any]) -> Why:
    """The ambassador die lies on its token: module C is in play and nobody took it this year (§2.6 check 2)."""
    if state.ambassadors is None:
        return ("die.not_available", _("There are no ambassadors in this game."))
    if state.ambassadors[COLOURS.index(d["color"])][1] is not None:
        return ("die.not_available", (_("The white ambassador die has been taken this year.") if d["color"] == "white" else _("The blue ambassador die has been taken this year.")))
    return None


def available(state: State) -> list[dict[str, Any]]:
    """The ambassador dice still on their tokens."""
    if state.ambassadors is None:
        return []
    return [{"kind": "ambassador", "color": c} for c, (_skip, taker) in zip(COLOURS, state.ambassadors, strict=True)
            if taker is None]


def taken(seat: int, d: dict[str, Any], face: int) -> Fact:
    """The die is taken together with its token (§8.4); white_taken does not change."""
    return {"t": "AmbassadorTaken", "seat": seat, "color": d["color"], "face": face}


@evolves("AmbassadorTaken")
def _ambassador_taken(state: State, fact: Fact) -> State:
    assert state.ambassadors is not None
    i = COLOURS.index(fact["color"])
    dice = tuple((f, fact["seat"]) if k == i else (f, t) for k, (f, t) in enumerate(state.ambassadors))
    return replace(state, ambassadors=dice)


def die_code(d: dict[str, Any], value: int) -> str:
    """What the die reads on the taker's building: "aw4" the white ambassador die showing 4, "ab2" the blue."""
    return f"a{d['color'][0]}{value}"


# -- the passive activations (§8.4, §2.6 step 7; §11) -------------------------------------


def passive_line(line: str | None, value: int, color: str) -> str:
    """The line every other player activates: the taker's row or column; after the taker's
    diagonal, the row or column "as usual" — row v for a blue die, column v for a white one (A-28);
    so too after the Maya's die, which activated no line (§8.6.8)."""
    if line in ("row", "column"):
        return line
    return "row" if color == "blue" else "column"


def passive_agenda(state: State, taker: int, d: dict[str, Any], line: str | None, value: int) -> list[Task]:
    """After the taker's line (§2.6 step 7): every other player in turn, clockwise from the taker's
    left, passed players too (A-27); the agenda then comes back to the taker, whose turn ends.
    `line` is what the taker activated (a line that is not a row or column: see `passive_line`)."""
    if d["kind"] != "ambassador":
        return []
    color = d["color"]
    kind = passive_line(line, value, color)
    agenda: list[Task] = []
    for k in range(1, state.seats):
        seat = (taker + k) % state.seats
        agenda += [("as_seat", seat), *passive_tasks(state, seat, kind, value, color)]
    return [*agenda, ("as_seat", taker)] if agenda else []


def passive_tasks(state: State, seat: int, kind: str, value: int, color: str) -> list[Task]:
    """One passive activation: the Archery question, then the line (§8.4). HOOK for module D
    (§8.6.8): the Maya's seat simulates the die in its city instead (`maya_simulate`)."""
    if state.maya is not None and state.maya.seat == seat:  # module D: the Maya simulates the die (§8.6.8)
        return [("maya_simulation", value)]
    return [("ask_ambassador_line", kind, value, color), ("passive_line", kind, value, color)]


def may_take_diagonal(state: State, seat: int, value: int) -> bool:
    """A passive holder of Archery may activate the diagonal if the value is 1 or 6 (§8.4, §1.6)."""
    return value in ARCHERY_VALUES and has_scholar(state, seat, "SCH_ARCHERY")


@task("ask_ambassador_line")
def _ask_ambassador_line(tx: Tx, seat: int, step: Task, rng: RandomSource) -> list[Task] | Ask:
    _skip, kind, value, color = step
    if may_take_diagonal(tx.state, seat, value):  # asked even without the coin (§2.3)
        return Ask("ambassador_line", {"line": kind, "value": value, "color": color})
    return []


def cells(kind: str, value: int, color: str) -> list[tuple[int, int]]:
    """A line's cells in activation order (§2.6), Archery's diagonal by the die's colour (colony.line_cells)."""
    return line_cells(kind_of(kind, color), value)


def targets(state: State, seat: int, kind: str, value: int, color: str) -> list[tuple[int, int]]:
    """The free buildings of the passive line, in line order, as for any die."""
    return free_buildings(state.players[seat], kind_of(kind, color), value)


@task("passive_line")
def _passive_line(tx: Tx, seat: int, step: Task, rng: RandomSource) -> list[Task]:
    _skip, kind, value, color = step
    tx.emit({"t": "PassiveActivationStarted", "seat": seat, "line": kind, "value": value, "color": color})
    return [*before_passive_line(tx.state, seat, kind, value, color), ("passive_activate", kind, value, color)]


def before_passive_line(state: State, seat: int, kind: str, value: int, color: str) -> list[Task]:
    """HOOK for module A (§8.5 "A + C", SM-EX-64): the passive player's governor step goes here,
    before the line is activated, by `governor_step` with the passive line (a blue die on a column
    counts as white)."""
    return governor.step_tasks(state, {"kind": "ambassador", "color": color}, kind, value)


@task("passive_activate")
def _passive_activate(tx: Tx, seat: int, step: Task, rng: RandomSource) -> list[Task]:
    """§2.6 steps 4-5 for the passive player: Taxation, then every free building of the line; no
    die is left (§8.4). A line without a free building activates nothing."""
    _skip, kind, value, color = step
    p = tx.state.players[seat]
    if has_scholar(tx.state, seat, "SCH_TAXATION"):  # §1.6: passive activations count too
        colonists = sum(C.colonists(p.grid[index(r, c)]) for r, c in cells(kind, value, color))
        if colonists:
            tx.emit({"t": "CoinsGained", "seat": seat, "coins": colonists, "source": "taxation"})
    return [("activate", r, c, "ambassador") for r, c in targets(tx.state, seat, kind, value, color)]


@evolves("PassiveActivationStarted")
def _passive_activation_started(state: State, fact: Fact) -> State:
    return state  # the activations that follow carry the changes


def asked_line(state: State) -> tuple[str, int, str]:
    """While `ambassador_line` waits: the passive line's kind, the value and the die's colour (the
    `passive_line` task the answer starts is the first of the pending agenda)."""
    pending = state.pending
    assert pending is not None and pending.agenda and pending.agenda[0][0] == "passive_line"
    _skip, kind, value, color = pending.agenda[0]
    return kind, value, color


def why_not_line(state: State, seat: int, line: str) -> Why:
    """`ambassador_line{line}`: the passive line, or the diagonal for 1 coin (§8.4)."""
    kind, _value, _colour = asked_line(state)
    if line not in (kind, "diagonal"):
        return ("ambassador.bad_line", _("You activate the ambassador's row, or the diagonal with Archery.") if kind == "row"
                else _("You activate the ambassador's column, or the diagonal with Archery."))
    if line == "diagonal" and state.players[seat].coins < ARCHERY_FEE:
        return ("ambassador.cannot_pay", _("The diagonal costs 1 coin."))
    return None


@commands.command("ambassador_line")
def _ambassador_line(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    fields(action, ("line",))
    line = one_of(action, "line", ("row", "column", "diagonal"))
    refuse(why_not_decision(tx.state, seat, ("ambassador_line",)))
    refuse(why_not_line(tx.state, seat, line))
    _skip, value, color = asked_line(tx.state)
    pending = tx.state.pending
    assert pending is not None
    if line == "diagonal":
        tx.emit({"t": "CoinsPaid", "seat": seat, "coins": ARCHERY_FEE, "for": "diagonal"})
    run(tx, seat, [("passive_line", line, value, color), *pending.agenda[1:]], rng)


def line_actions(state: State, seat: int) -> list[Action]:
    return [{"type": "ambassador_line", "line": line} for line in ("row", "column", "diagonal")
            if why_not_line(state, seat, line) is None]


# -- what the views show (§9.1) ------------------------------------------------------------------------


def view(state: State) -> dict[str, Any]:
    """The ambassador dice: each one's face and who took it this year (None: on its token)."""
    if state.ambassadors is None:
        return {}
    return {"ambassadors": {c: {"face": f, "taken_by": t} for c, (f, t) in zip(COLOURS, state.ambassadors, strict=True)}}
