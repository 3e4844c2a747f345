"""Module A of American Kingdoms, the governor (rules page §8.2, §8.5; §11 A-38, A-39, A-48), and
the Navigation scholar's behaviour.

Each player's governor starts on cell (1,1). Each time the player uses a die, a governor standing
in the activated line moves one cell — right for a white die (or a blue die activating a column
through Philosophy), down for a blue die — before the line is activated and after hiring
(§2.6 step 3). It cannot leave the colony or enter a cell holding a die or coins; then it stays,
and its cell is skipped by the line. Entering a building activates it; entering a road scores 1
VP per colonist there; an empty cell does nothing. With Navigation, a governor that stopped on a
road (an improvement is one too) may go on one more cell for 1 coin, again and again.

The governor lies in the colony's `occupant` as "G": its cell is occupied in every respect (no
die, coins or activation; no tile, road tile or improvement goes on it). At the end it scores the
table of §8.2, with the signs of the option `governor_sign_rule`.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from domain.core import Action, Fact, RandomSource
from domain.core.commands import Why, fields, flag, refuse
from domain.core.facts import Tx
from domain.core.words import seat

from .colony import inside, line_cells
from .components import DATA_FILE, C, ComponentError
from .flow import Ask, resume, task, why_not_decision
from .goods import _open
from .i18n import _, vp
from .i18n import cell as cell_words
from .kingdoms import colour
from .scholars import has_scholar
from .specialists import counts_as_road
from .state import (
    SIZE,
    Player,
    State,
    Task,
    cell_of,
    commands,
    evolves,
    index,
    put,
    replace,
    with_player,
)
from .words import says

GOVERNOR = "G"  # the governor's mark in a colony's `occupant`
NAVIGATION = "SCH_NAVIGATION"
RIGHT, DOWN = (0, 1), (1, 0)


def _load(data: Mapping[str, Any]) -> tuple[tuple[int, int], tuple[tuple[int, ...], ...], tuple[str, ...]]:
    magnitude = data["score_magnitude"]
    if not (len(magnitude) == SIZE and all(len(row) == SIZE and all(type(v) is int and v > 0 for v in row) for row in magnitude)):
        raise ComponentError("governor: the score table is 6x6 positive magnitudes")
    start = data["start"]
    if not inside(start[0], start[1]):
        raise ComponentError("governor: the start cell lies in the colony")
    return (start[0], start[1]), tuple(tuple(row) for row in magnitude), tuple(data["sign_rules"])


START, MAGNITUDE, SIGN_RULES = _load(json.loads(DATA_FILE.read_text(encoding="utf-8"))["governor"])


def in_play(state: State) -> bool:
    return "A" in (state.modules or ())


def cell(p: Player) -> tuple[int, int] | None:
    """Where the player's governor stands (None without module A)."""
    return cell_of(p.occupant.index(GOVERNOR)) if GOVERNOR in p.occupant else None


def direction(die_colour: str, line: str) -> tuple[int, int]:
    """White moves right, blue moves down [RB]; a blue die activating a column counts as white
    (Philosophy, §8.5); on a diagonal (Archery) the die's colour (kingdoms.colour) decides [RB]."""
    if line == "column":
        return RIGHT
    if line == "row":
        return DOWN
    return RIGHT if die_colour == "white" else DOWN


def enterable(p: Player, r: int, c: int) -> bool:
    """Inside the colony and holding no die and no coins (§8.2); empty cells and roads too (A-39)."""
    return inside(r, c) and not p.occupant[index(r, c)]


def _target(p: Player, line: str, value: int, d: tuple[int, int]) -> tuple[tuple[int, int] | None, tuple[int, int] | None]:
    """(the governor's cell if it stands in the line, the cell it moves to or None)."""
    g = cell(p)
    if g is None or g not in line_cells(line, value):
        return None, None
    t = (g[0] + d[0], g[1] + d[1])
    return g, (t if enterable(p, *t) else None)


def after_forced_move(state: State, seat: int, die_colour: str, line: str, value: int) -> Player:
    """The player as the line of a die of that colour will find them after the governor's forced
    move: the legality of a die ("a free building in the line") is judged on it (§2.6 check 6, §11 A-07)."""
    p = state.players[seat]
    occupant = occupant_after_forced_move(state, seat, die_colour, line, value)
    return p if occupant is p.occupant else replace(p, occupant=occupant)


def occupant_after_forced_move(state: State, seat: int, die_colour: str, line: str, value: int) -> tuple[str, ...]:
    """What lies on the cells of `after_forced_move`'s colony (the player's own tuple when the governor stays)."""
    p = state.players[seat]
    if not in_play(state):
        return p.occupant
    g, t = _target(p, line, value, direction(die_colour, line))
    if g is None or t is None:
        return p.occupant
    return put(put(p.occupant, index(*g), ""), index(*t), GOVERNOR)


# -- the move (§8.2, §2.6 step 3) --------------------------------------------------------------------


def step_tasks(state: State, die: Mapping[str, Any], line: str, value: int) -> list[Task]:
    """§2.6 step 3: the governor's move when module A is in play (also for module C's passive line)."""
    return [("governor", line, value, *direction(colour(die), line))] if in_play(state) else []


@task("governor")
def _governor(tx: Tx, seat_: int, step: Task, rng: RandomSource) -> list[Task]:
    _skip, line, value, dr, dc = step
    g, t = _target(tx.state.players[seat_], line, value, (dr, dc))
    if g is None:
        return []  # not in the line: it stays where it is
    if t is None:  # the edge, a die or coins: it stays, and the line skips its cell [RB]
        tx.emit({"t": "GovernorBlocked", "seat": seat_, "cell": list(g)})
        return []
    return [("governor_enter", t[0], t[1], dr, dc)]


@task("governor_enter")
def _enter(tx: Tx, seat_: int, step: Task, rng: RandomSource) -> list[Task]:
    """The governor enters a cell: a building is activated (it is free by construction), a road
    scores its colonists; then Navigation may take it on (§8.2)."""
    _skip, r, c, dr, dc = step
    g = cell(tx.state.players[seat_])
    assert g is not None
    tx.emit({"t": "GovernorMoved", "seat": seat_, "from": list(g), "to": [r, c]})
    code = tx.state.players[seat_].grid[index(r, c)]
    then: list[Task] = [("navigation", dr, dc)]
    if C.is_building(code):
        return [("activate", r, c, "governor"), *then]
    if C.colonists(code):  # 1 VP per colonist on the road it enters [RB]
        tx.emit({"t": "ColonistsScored", "seat": seat_, "cell": [r, c], "vp": C.colonists(code), **_open(tx.state)})
    return then


@task("navigation")
def _navigation(tx: Tx, seat_: int, step: Task, rng: RandomSource) -> list[Task] | Ask:
    """Navigation: stopped on a road (or an improvement) with an enterable cell beyond (§11 A-48);
    asked even when the player has no coin now (§2.3)."""
    _skip, dr, dc = step
    p = tx.state.players[seat_]
    g = cell(p)
    assert g is not None
    nxt = (g[0] + dr, g[1] + dc)
    if has_scholar(tx.state, seat_, NAVIGATION) and counts_as_road(p, *g) and enterable(p, *nxt):
        return Ask("navigate", {"cell": list(nxt)})
    return []


def why_not_navigate(state: State, seat_: int) -> Why:
    if state.players[seat_].coins < 1:
        return ("navigate.cannot_pay", _("Moving the governor one more cell costs 1 coin."))
    return None


@commands.command("navigate")
def _navigate(tx: Tx, seat_: int, action: Action, rng: RandomSource) -> None:
    fields(action, ("pay",))
    pay = flag(action, "pay", False)
    refuse(why_not_decision(tx.state, seat_, ("navigate",)))
    if not pay:
        tx.emit({"t": "Declined", "seat": seat_, "decision": "navigate"})
        resume(tx, seat_, [], rng)
        return
    refuse(why_not_navigate(tx.state, seat_))
    pending = tx.state.pending
    g = cell(tx.state.players[seat_])
    assert pending is not None and pending.cell is not None and g is not None
    r, c = pending.cell
    tx.emit({"t": "CoinsPaid", "seat": seat_, "coins": 1, "for": "navigate"})
    resume(tx, seat_, [("governor_enter", r, c, r - g[0], c - g[1])], rng)


def navigate_actions(state: State, seat_: int) -> list[Action]:
    out: list[Action] = [{"type": "navigate", "pay": False}]
    return out + ([{"type": "navigate", "pay": True}] if why_not_navigate(state, seat_) is None else [])


# -- setup and the facts -------------------------------------------------------------------------------


def setup_facts(modules: tuple[str, ...] | list[str], seats: int) -> list[Fact]:
    """Setup (A): every governor on the top-left cell, the sea-trade building (§8.2)."""
    return [{"t": "GovernorsPlaced", "cell": list(START)}] if "A" in modules else []


@evolves("GovernorsPlaced")
def _placed(state: State, fact: Fact) -> State:
    """Every colonist's governor; the Maya (module D) has no colony and no governor."""
    i = index(*fact["cell"])
    maya = state.maya.seat if state.maya is not None else None
    return replace(state, players=tuple(p if s == maya else replace(p, occupant=put(p.occupant, i, GOVERNOR))
                                        for s, p in enumerate(state.players)))


@evolves("GovernorMoved")
def _moved(state: State, fact: Fact) -> State:
    p = state.players[fact["seat"]]
    occupant = put(put(p.occupant, index(*fact["from"]), ""), index(*fact["to"]), GOVERNOR)
    return with_player(state, fact["seat"], occupant=occupant)


@evolves("ColonistsScored")
def _colonists_scored(state: State, fact: Fact) -> State:
    p = state.players[fact["seat"]]
    return with_player(state, fact["seat"], vp=p.vp + fact["vp"])


@evolves("GovernorBlocked")
def _blocked(state: State, fact: Fact) -> State:
    return state


# -- final scoring (§6 step 6, §8.2, §11 A-38) ----------------------------------------------------------


def score(rule: str, r: int, c: int) -> int:
    """The table's magnitude, plus or minus by the sign rule (A-38)."""
    positive = r + c >= 9 if rule == "anti_diagonal" else (r >= 4 and c >= 4)
    magnitude = MAGNITUDE[r - 1][c - 1]
    return magnitude if positive else -magnitude


def final_vp(state: State, seat_: int) -> dict[str, int]:
    g = cell(state.players[seat_]) if in_play(state) else None
    return {} if g is None else {"governor": score(state.governor_sign_rule or "anti_diagonal", *g)}


# -- what the viewers see (§9.1: governors are public) ---------------------------------------------------


def view(state: State) -> dict[str, Any]:
    return {"governor_sign_rule": state.governor_sign_rule or "anti_diagonal"} if in_play(state) else {}


def player_view(state: State, seat_: int) -> dict[str, Any]:
    if not in_play(state):
        return {}
    g = cell(state.players[seat_])
    return {"governor": list(g) if g else None}


@says("GovernorsPlaced")
def _say_placed(f: Fact, v: Any) -> str:
    return _("Every governor starts on {cell} of its colony.", cell=cell_words(f["cell"]))


@says("GovernorMoved")
def _say_moved(f: Fact, v: Any) -> str:
    return _("{who}'s governor moves from {old} to {new}.", who=seat(f["seat"]), old=cell_words(f["from"]), new=cell_words(f["to"]))


@says("ColonistsScored")
def _say_colonists(f: Fact, v: Any) -> str:
    if f["vp"] is None:  # no numbers beside a hidden amount (the cell's colonists would tell it)
        return _("{who}'s governor visits colonists: victory points (face down).", who=seat(f["seat"]))
    return _("{who}'s governor visits the colonists on {cell}: {vp}.", who=seat(f["seat"]), cell=cell_words(f["cell"]), vp=vp(f["vp"]))


@says("GovernorBlocked")
def _say_blocked(f: Fact, v: Any) -> str:
    return _("{who}'s governor cannot move from {cell}: it stays, and the line skips its cell.", who=seat(f["seat"]), cell=cell_words(f["cell"]))
