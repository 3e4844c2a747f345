"""Building Santa Maria positions directly, and playing commands against them.

`start()` folds a setup whose shuffles are known (ships in id order, tiles in id order, scholars
and bishops in data order), seat 0 first, colonies dealt as asked, year 1, seat 0 to act.
`edit()` changes a player: goods by name, cells by (r, c), dice. Dice rolls during a command
come from `Dice(...)`, which answers each `die()` with the next scripted face.
"""

from __future__ import annotations

from typing import Any

import pytest

import domain.santa_maria as sm
from domain.core import IllegalAction, fold
from domain.santa_maria.components import C
from domain.santa_maria.state import BlueDie, State, index, replace, with_player


class Dice:
    """A random source whose dice show the given faces, in order."""

    def __init__(self, *faces: int) -> None:
        self.faces = list(faces)
        self.draws: list[list[int]] = []

    def below(self, n: int) -> int:
        assert n == 6 and self.faces, "an unexpected random draw"
        return self.faces.pop(0) - 1


NO_DICE = Dice()


def setup_facts(seats: int = 2, boards: tuple[str, ...] = ("colony_1", "colony_2", "colony_3", "colony_4"),
                **options: Any) -> list[dict[str, Any]]:
    opts = sm.check_options(options, seats)
    return [
        {"t": "GameSetUp", "seats": seats, **opts},
        {"t": "BlueSupplySet", "count": min(3 * seats, 12)},
        {"t": "ShipsDealt", "docks": dict(zip(C.docks, C.starting_ships, strict=True))},
        {"t": "ShipDeckShuffled", "order": list(C.regular_ships)},
        {"t": "WhiteDiceRolled", "faces": sorted([1, 2, 3, 4, 5, 6] * 2)[: 3 * seats]},
        {"t": "ScholarsShuffled", "order": list(C.scholars)},
        {"t": "BishopsShuffled", "order": list(C.bishops)},
        {"t": "ScholarsRevealed", "scholars": list(C.scholars[:3])},
        {"t": "BishopsRevealed", "bishops": list(C.bishops[:3])},
        {"t": "TileStacksShuffled", "double": list(C.doubles), "triple": list(C.triples)},
        {"t": "DisplayDealt", "double": list(C.doubles[:5]), "triple": list(C.triples[:5])},
        {"t": "FirstPlayerChosen", "seat": 0},
        *({"t": "StartingGoodsGiven", "seat": s, "wood": 2, "coins": 3 + s} for s in range(seats)),
        *({"t": "BlueDieGained", "seat": s, "die": f"b{s + 1}", "face": 1 + s, "usable_this_year": True}
          for s in range(seats)),
        {"t": "ColoniesDealt", "boards": list(boards[:seats])},
        {"t": "YearStarted", "year": 1},
        {"t": "TurnStarted", "seat": 0},
    ]


def start(seats: int = 2, boards: tuple[str, ...] = ("colony_1", "colony_2", "colony_3", "colony_4"), **kw: Any) -> State:
    options = {k: kw.pop(k) for k in list(kw) if k in {o.name for o in sm.OPTIONS}}
    state = fold(sm, None, setup_facts(seats, boards, **options))
    return replace(state, **kw)


def edit(state: State, seat: int, cells: dict[tuple[int, int], str] | None = None,
         occupied: dict[tuple[int, int], str] | None = None, blue: list[tuple[str, int]] | None = None,
         **changes: Any) -> State:
    """Change a player: wood=2 etc. set goods, cells {(r,c): code}, occupied {(r,c): "$1"/"w3"/"b1"}."""
    p = state.players[seat]
    goods = {g: changes.pop(g) for g in C.resources if g in changes}
    if goods:
        changes["goods"] = tuple(goods.get(g, 0) for g in C.resources)
    if cells:
        grid, types = list(p.grid), list(p.types)
        for (r, c), code in cells.items():
            grid[index(r, c)] = code
            cats = {C.effects[e]["category"] for e in C.effects_of(code)}
            types[index(r, c)] = cats.pop() if cats else None
        changes["grid"], changes["types"] = tuple(grid), tuple(types)
    if occupied:
        occ = list(p.occupant)
        for (r, c), what in occupied.items():
            occ[index(r, c)] = what
        changes["occupant"] = tuple(occ)
    if blue is not None:
        changes["blue"] = tuple(BlueDie(i, f) for i, f in blue)
    return with_player(state, seat, **changes)


def act(state: State, seat: int, action: dict[str, Any], rng: Any = NO_DICE) -> tuple[State, list[dict[str, Any]]]:
    """Play one command; it must be listed by legal_actions and accepted by decide."""
    assert action in sm.legal_actions(state, seat), f"{action} is not listed as legal"
    facts = sm.decide(state, seat, action, rng)
    return fold(sm, state, facts), facts


def play(state: State, seat: int, *actions: dict[str, Any], rng: Any = NO_DICE) -> tuple[State, list[dict[str, Any]]]:
    every: list[dict[str, Any]] = []
    for action in actions:
        state, facts = act(state, seat, action, rng)
        every += facts
    return state, every


def reject(state: State, seat: int, action: dict[str, Any], code: str) -> None:
    """The command is refused with `code`, is not listed, and changes nothing."""
    before = state
    with pytest.raises(IllegalAction) as err:
        sm.decide(state, seat, action, NO_DICE)
    assert err.value.code == code, err.value
    assert err.value.message
    assert action not in sm.legal_actions(state, seat)
    assert state == before


def goods(state: State, seat: int) -> dict[str, int]:
    p = state.players[seat]
    return {g: n for g, n in zip(C.resources, p.goods, strict=True) if n}


def at(state: State, seat: int, r: int, c: int) -> str:
    return state.players[seat].grid[index(r, c)]


def on(state: State, seat: int, r: int, c: int) -> str:
    return state.players[seat].occupant[index(r, c)]


def names(facts: list[dict[str, Any]]) -> list[str]:
    return [f["t"] for f in facts]


def die(kind: str, face_or_id: int | str) -> dict[str, Any]:
    return {"kind": kind, "id": face_or_id} if kind == "blue" else {"kind": kind, "face": face_or_id}


def use(kind: str, face_or_id: int | str, value: int, line: str, adjust: str | None = None) -> dict[str, Any]:
    d = die(kind, face_or_id)
    if adjust is None:
        adjust = "none" if kind == "blue" or d["face"] == value else "coins"
    return {"type": "use_die", "die": d, "value": value, "adjust": adjust, "line": line}


PASS = {"type": "pass", "space": 1}
