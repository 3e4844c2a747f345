"""Module B of American Kingdoms, the specialists (rules page §8.3, §8.7; §11 A-26, A-30).

Eighteen specialist tiles are shuffled face down at setup; at the start of every year one is
revealed beside each of the six white-die values and at its end the unhired ones go to the box.
A player who commits a white die whose final value has a specialist beside it may hire it
(decision `hire`, §2.6 step 2, before the governor moves and before the line):

* a production specialist (farmer, forester, soldier): the k-th of its type costs k coins and
  brings k grain, k wood or k conquistador steps; the tile is kept beside the colony;
* an improvement: 1 coin on a built cell, 3 on an empty one; it covers the cell for good, is a
  building of its own type and also a road without colonists.

The tiles are component data (components.json, "specialists"): production specialists have the
ids SP_FARMER_1 .. SP_SOLDIER_3, improvements their kind's id (IMP_WORKSHOP_1..3 when there are
several of a kind).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from domain.core import Action, Fact, RandomSource, shuffle
from domain.core.commands import Why, fields, flag, malformed, refuse
from domain.core.facts import Tx
from domain.core.words import listing, seat

from .components import DATA_FILE, C, ComponentError
from .effects import _cell_field, conquistador_step
from .flow import Ask, resume, task, why_not_decision
from .goods import gain
from .i18n import NP_, _, goods, ngettext, pgettext
from .i18n import cell as cell_words
from .state import SIZE, Player, State, Task, commands, evolves, index, put, replace, with_player
from .words import says

PRODUCTION = ("farmer", "forester", "soldier")


@dataclass(frozen=True)
class Specialist:
    id: str
    kind: str  # farmer / forester / soldier / improvement
    name: str  # in words: "farmer", "workshop"
    gives: str | None = None  # production: grain / wood / conquistador_steps
    effects: tuple[str, ...] = ()  # improvement: its building's effects, in order
    type: str | None = None  # improvement: its building type (§3.1)

    @property
    def code(self) -> str:
        """The improvement's building as a colony cell code (effects joined by "+")."""
        return "+".join(self.effects)


def _need(cond: bool, message: str) -> None:
    if not cond:
        raise ComponentError(f"specialists: {message}")


def _load(data: Mapping[str, Any]) -> tuple[dict[str, Specialist], int, int, int]:
    """The 18 tiles (§8.3) from the component data, checked against the rulebook's counts."""
    tiles: dict[str, Specialist] = {}
    production = data["production"]
    _need([p["kind"] for p in production] == list(PRODUCTION), "the production specialists are farmers, foresters, soldiers")
    for p in production:
        _need(p["count"] == 3 and p["gives"] in ("grain", "wood", "conquistador_steps"), f"3 {p['kind']}s giving a good or steps")
        for n in range(1, p["count"] + 1):
            sid = f"SP_{p['kind'].upper()}_{n}"
            tiles[sid] = Specialist(sid, p["kind"], p["kind"], gives=p["gives"])
    counts = sorted(i["count"] for i in data["improvements"])
    _need(counts == [1, 1, 1, 1, 1, 1, 3], "9 improvements in 7 kinds, one kind x3 and six x1")
    for imp in data["improvements"]:
        effects = tuple(imp["effects"])
        _need(bool(effects) and all(e in C.effects for e in effects), f"{imp['id']}: unknown effects {effects}")
        categories = {C.effects[e]["category"] for e in effects}
        kind = imp.get("type") or (categories.pop() if len(categories) == 1 else None)
        _need(kind in C.building_types, f"{imp['id']}: a building of several categories needs an explicit type")
        for n in range(1, imp["count"] + 1):
            sid = imp["id"] if imp["count"] == 1 else f"{imp['id']}_{n}"
            tiles[sid] = Specialist(sid, "improvement", imp["name"], effects=effects, type=kind)
    per_year = data["per_year"]
    _need(per_year == SIZE and len(tiles) == per_year * C.years, "one per white value each year: exactly 18 = 3 x 6")
    cost = data["improvement_cost"]
    return tiles, per_year, cost["on_built_cell"], cost["on_empty_cell"]


SPECIALISTS, PER_YEAR, ON_BUILT, ON_EMPTY = _load(json.loads(DATA_FILE.read_text(encoding="utf-8"))["specialists"])
TILES = tuple(SPECIALISTS)


def in_play(state: State) -> bool:
    return "B" in (state.modules or ())


def counts_as_road(p: Player, r: int, c: int) -> bool:
    """A road, or an improvement: a building that is also a road in every respect (§8.3, A-30)."""
    return p.grid[index(r, c)] in C.roads or any((a, b) == (r, c) for _skip, a, b in p.improvements or ())


def hired(p: Player, kind: str) -> int:
    return sum(1 for s in p.specialists or () if SPECIALISTS[s].kind == kind)


# -- setup, start and end of the year (§8.3 setup, §8.7) ----------------------------------------------


def setup_facts(opts: Mapping[str, Any], rng: RandomSource) -> list[Fact]:
    """Setup (B): the 18 tiles shuffled face down (§9.3)."""
    if "B" not in opts.get("modules", ()):
        return []
    return [{"t": "SpecialistsShuffled", "order": list(shuffle(rng, TILES))}]


def order(facts: list[Fact]) -> list[str]:
    """The stack as the setup's shuffle left it (empty without module B)."""
    return next((list(f["order"]) for f in facts if f["t"] == "SpecialistsShuffled"), [])


def deal_facts(modules: tuple[str, ...] | list[str], stack: tuple[str, ...] | list[str]) -> list[Fact]:
    """Start of every year (B): one specialist revealed beside each white value 1..6 (§8.7)."""
    if "B" not in modules:
        return []
    row = [*stack[:PER_YEAR], *[None] * max(0, PER_YEAR - len(stack))]
    return [{"t": "SpecialistsDealt", "row": row}]


def deal(tx: Tx) -> None:
    state = tx.state
    for fact in deal_facts(state.modules or (), state.specialist_stack or ()):
        tx.emit(fact)


def discard(tx: Tx) -> None:
    """End of every year (B): the specialists nobody hired go to the box (§8.7)."""
    if in_play(tx.state):
        tx.emit({"t": "SpecialistsDiscarded", "specialists": [s for s in tx.state.specialist_row or () if s]})


@evolves("SpecialistsShuffled")
def _shuffled(state: State, fact: Fact) -> State:
    players = tuple(replace(p, specialists=(), improvements=()) for p in state.players)
    return replace(state, specialist_stack=tuple(fact["order"]), specialist_row=(None,) * PER_YEAR,
                   specialists_boxed=(), players=players)


@evolves("SpecialistsDealt")
def _dealt(state: State, fact: Fact) -> State:
    row = tuple(fact["row"])
    stack = state.specialist_stack or ()
    return replace(state, specialist_row=row, specialist_stack=stack[sum(1 for s in row if s):])


@evolves("SpecialistsDiscarded")
def _discarded(state: State, fact: Fact) -> State:
    return replace(state, specialist_row=(None,) * PER_YEAR,
                   specialists_boxed=(*(state.specialists_boxed or ()), *fact["specialists"]))


# -- hiring (§8.3, §2.6 step 2) ------------------------------------------------------------------------


def is_white(die: Mapping[str, Any]) -> bool:
    """A white pool die, or the white ambassador die (module C) taken by this player."""
    return die["kind"] == "white" or (die["kind"] == "ambassador" and die.get("color") == "white")


def hire_tasks(state: State, die: Mapping[str, Any], value: int) -> list[Task]:
    """§2.6 step 2: the hire decision of a committed white die (module B)."""
    return [("hire", value)] if in_play(state) and is_white(die) else []


@task("hire")
def _ask_hire(tx: Tx, seat: int, step: Task, rng: RandomSource) -> list[Task] | Ask:
    """Asked whenever a specialist lies at the die's final value, even if the player cannot pay
    now: free actions at the decision may change that (§2.3)."""
    row = tx.state.specialist_row or ()
    specialist = row[step[1] - 1] if len(row) >= step[1] else None
    return Ask("hire", {"tile": specialist}) if specialist else []


def price(state: State, seat: int, specialist: Specialist, cell: tuple[int, int] | None) -> int:
    """The k-th specialist of a production type costs k; an improvement 1 on a built cell, 3 on an
    empty one (§8.3)."""
    p = state.players[seat]
    if specialist.kind != "improvement":
        return hired(p, specialist.kind) + 1
    assert cell is not None
    return ON_BUILT if p.grid[index(*cell)] else ON_EMPTY


def why_not_hire(state: State, seat: int, specialist: Specialist, cell: tuple[int, int] | None) -> Why:
    """§8.3, in order: the improvement's cell is free, then the price."""
    p = state.players[seat]
    if cell is not None and p.occupant[index(*cell)]:
        return ("hire.cell_occupied", _("An improvement cannot go on a cell holding a die, coins or your governor."))
    cost = price(state, seat, specialist, cell)
    if p.coins < cost:
        return ("hire.cannot_pay",
                ngettext("Hiring that specialist costs {n} coin; if you cannot pay, you cannot take it.", "Hiring that specialist costs {n} coins; if you cannot pay, you cannot take it.", cost))
    return None


def _pending(state: State) -> Specialist:
    pending = state.pending
    assert pending is not None and pending.tile is not None
    return SPECIALISTS[pending.tile]


@commands.command("hire")
def _hire(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    fields(action, ("accept",), ("cell",))
    accept = flag(action, "accept", False)
    cell = _cell_field(action) if "cell" in action else None
    refuse(why_not_decision(tx.state, seat, ("hire",)))
    specialist = _pending(tx.state)
    if not accept:
        if cell is not None:
            raise malformed("A declined hire takes no 'cell'.")
        tx.emit({"t": "Declined", "seat": seat, "decision": "hire"})
        resume(tx, seat, [], rng)
        return
    if specialist.kind != "improvement" and cell is not None:
        raise malformed("A production specialist takes no 'cell': it stays beside your colony.")
    if specialist.kind == "improvement" and cell is None:
        raise malformed("An improvement specialist needs a 'cell' of your colony to go on.")
    refuse(why_not_hire(tx.state, seat, specialist, cell))
    state = tx.state
    value = (state.specialist_row or ()).index(specialist.id) + 1
    k = price(state, seat, specialist, cell)
    tx.emit({"t": "CoinsPaid", "seat": seat, "coins": k, "for": "hire"})
    tx.emit({"t": "SpecialistHired", "seat": seat, "specialist": specialist.id, "value": value})
    if specialist.kind == "improvement":
        assert cell is not None
        tx.emit({"t": "ImprovementPlaced", "seat": seat, "specialist": specialist.id, "cell": list(cell),
                 "content": specialist.code, "covered": state.players[seat].grid[index(*cell)]})
    elif specialist.gives == "conquistador_steps":
        for _skip in range(k):  # plain movement, not a conquistador action: no Strategy (§8.3); the end stops it
            if not conquistador_step(tx, seat):
                break
    else:
        _produce(tx, seat, str(specialist.gives), k)
    resume(tx, seat, [], rng)


def _produce(tx: Tx, seat: int, good: str, units: int) -> None:
    """k units; beyond the storage limit they become coins (`specialist_overflow: coins`, §2.9) or
    are lost (`none`) — the price is paid in full either way (§11 A-26)."""
    if tx.state.specialist_overflow != "none":
        gain(tx, seat, {good: units}, "specialist")
        return
    room = max(0, C.storage - tx.state.players[seat].good(good))
    if min(units, room):
        gain(tx, seat, {good: min(units, room)}, "specialist")
    if units > room:
        tx.emit({"t": "SpecialistGoodsLost", "seat": seat, "good": good, "units": units - room})


def hire_actions(state: State, seat: int) -> list[Action]:
    specialist = _pending(state)
    out: list[Action] = [{"type": "hire", "accept": False}]
    if specialist.kind != "improvement":
        if why_not_hire(state, seat, specialist, None) is None:
            out.append({"type": "hire", "accept": True})
        return out
    p = state.players[seat]  # why_not_hire's checks without their sentences: nothing on the cell, then its price
    return out + [{"type": "hire", "accept": True, "cell": [r, c]} for r in range(1, SIZE + 1) for c in range(1, SIZE + 1)
                  if not p.occupant[index(r, c)] and p.coins >= price(state, seat, specialist, (r, c))]


@evolves("SpecialistHired")
def _hired(state: State, fact: Fact) -> State:
    row = state.specialist_row or (None,) * PER_YEAR
    state = replace(state, specialist_row=put(row, fact["value"] - 1, None))
    if SPECIALISTS[fact["specialist"]].kind == "improvement":
        return state
    p = state.players[fact["seat"]]
    return with_player(state, fact["seat"], specialists=(*(p.specialists or ()), fact["specialist"]))


@evolves("ImprovementPlaced")
def _improvement_placed(state: State, fact: Fact) -> State:
    """It covers the cell for good; its type replaces the cell's (§8.3)."""
    p = state.players[fact["seat"]]
    i = index(*fact["cell"])
    specialist = SPECIALISTS[fact["specialist"]]
    placed = (*(p.improvements or ()), (specialist.id, fact["cell"][0], fact["cell"][1]))
    return with_player(state, fact["seat"], grid=put(p.grid, i, fact["content"]), types=put(p.types, i, specialist.type),
                       improvements=placed)


@evolves("SpecialistGoodsLost")
def _lost(state: State, fact: Fact) -> State:
    return state


# -- what the viewers see (§9.1: specialists hired are public; §9.2: the stack's order is not) ------------


def view(state: State) -> dict[str, Any]:
    if not in_play(state):
        return {}
    row = state.specialist_row or (None,) * PER_YEAR
    return {"specialist_overflow": state.specialist_overflow or "coins",
            "specialists": {"row": {str(v): s for v, s in enumerate(row, start=1)},
                            "stack": len(state.specialist_stack or ()), "boxed": list(state.specialists_boxed or ())}}


def player_view(state: State, seat: int) -> dict[str, Any]:
    if not in_play(state):
        return {}
    p = state.players[seat]
    return {"specialists": {kind: hired(p, kind) for kind in PRODUCTION},
            "improvements": [list(i) for i in p.improvements or ()]}


def hidden(state: State) -> dict[str, Any]:
    return {"specialist_stack": list(state.specialist_stack or ())} if in_play(state) else {}


# -- words ---------------------------------------------------------------------------------------------


_KINDS = {k: k for k in (NP_("specialist", "farmer"), NP_("specialist", "forester"), NP_("specialist", "soldier"))}


def name(specialist_id: str) -> str:
    """A specialist in words: "farmer", «фермер»; "workshop improvement"."""
    s = SPECIALISTS.get(specialist_id)
    if s is None:
        return _("specialist")
    if s.kind != "improvement":
        return pgettext("specialist", s.name) if s.name in _KINDS else s.name
    return _("{name} improvement", name=_(s.name))  # (the name from components.json)


@says("SpecialistsShuffled")
def _say_shuffled(f: Fact, v: Any) -> str:
    n = f["order"] if isinstance(f["order"], int) else len(f["order"])
    return ngettext("The {n} specialist is shuffled face down.", "The {n} specialists are shuffled face down.", n)


@says("SpecialistsDealt")
def _say_dealt(f: Fact, v: Any) -> str:
    beside = [_("{specialist} beside {value}", specialist=name(s), value=value) for value, s in enumerate(f["row"], start=1) if s]
    if beside:
        return _("New specialists wait for a white die: {specialists}.", specialists=listing(beside))
    return _("No specialists are left to reveal.")


@says("SpecialistHired")
def _say_hired(f: Fact, v: Any) -> str:
    return _("{who} hires the {specialist} beside the white value {value}.", who=seat(f["seat"]), specialist=name(f["specialist"]),
             value=f["value"])


@says("ImprovementPlaced")
def _say_improvement(f: Fact, v: Any) -> str:
    where = cell_words(f["cell"])
    if f["covered"]:
        return _("{who} places the {specialist} on the cell at {cell}.", who=seat(f["seat"]), specialist=name(f["specialist"]), cell=where)
    return _("{who} places the {specialist} on an empty cell at {cell}.", who=seat(f["seat"]), specialist=name(f["specialist"]),
             cell=where)


@says("SpecialistsDiscarded")
def _say_discarded(f: Fact, v: Any) -> str:
    if not f["specialists"]:
        return _("Every specialist of the year was hired.")
    return _("The specialists nobody hired go back to the box: {specialists}.", specialists=listing(name(s) for s in f["specialists"]))


@says("SpecialistGoodsLost")
def _say_lost(f: Fact, v: Any) -> str:
    return _("{who}'s storage is full: {goods} brought by the specialist are lost.", who=seat(f["seat"]), goods=goods(f["units"], f["good"]))
