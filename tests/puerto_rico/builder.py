"""Helpers that build Puerto Rico positions directly, for the worked examples and unit tests.

    s = game(4)                                   # seat 0 governor, as after setup
    s = player(s, 0, goods={"corn": 2}, buildings={"harbor": 1})
    s = board(s, faceup=["corn", "sugar"], draw_pile=["tobacco"])
    s, facts = start_role(s, 0, "captain")        # seat 0 selects the captain; auto steps run
    s, facts = act(s, 1, {"type": "ship", "good": "corn", "ship": 1})
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import domain.puerto_rico as pr
from domain.core import IllegalAction, Rng, fold
from domain.puerto_rico.components import (
    BUILDING_INDEX,
    BUILDINGS,
    CATALOG,
    DRAFT_POOL,
    GOOD_INDEX,
    GOODS,
    TILE_INDEX,
    TILE_KINDS,
    building_copies,
)
from domain.puerto_rico.state import State, Step

Fact = dict[str, Any]


def game(n: int = 4, seed: str = "example", **options: Any) -> State:
    """A fresh game after setup, seat 0 the first governor."""
    opts = {"first_governor": "seat_order", **options}
    return fold(pr, None, pr.setup(opts, n, Rng(seed, "setup")))


def drafted(s: State, kinds: list[str] | None = None) -> State:
    """A New Buildings game with the draft skipped: `kinds` (default: every violet kind of the
    base game and New Buildings) in the supply, round 1 about to start."""
    supply = list(s.building_supply)
    for b in DRAFT_POOL:
        if kinds is None or CATALOG[b] in kinds:
            supply[b] = building_copies(BUILDINGS[b], s.n)
    return replace(s, building_supply=tuple(supply), slots=(), phase="role_selection", step=Step.SELECT_ROLE.value, turn=s.governor)


def _vector(names: tuple[str, ...], counts: dict[str, int] | None) -> tuple[int, ...]:
    out = [0] * len(names)
    for name, c in (counts or {}).items():
        out[names.index(name)] = c
    return tuple(out)


def player(
    s: State,
    seat: int,
    *,
    doubloons: int | None = None,
    vp: int | None = None,
    goods: dict[str, int] | None = None,
    island: dict[str, int] | None = None,
    manned: dict[str, int] | None = None,
    buildings: dict[str, int] | None = None,
    windrose: int | None = None,
    nobles: dict[str, int] | None = None,
    forests: dict[str, int] | None = None,
    hidden_forests: dict[str, int] | None = None,
) -> State:
    """Set parts of one player's board; a given dict replaces that part entirely.

    `island` counts tiles per kind, `manned` the occupied ones, `buildings` maps an owned
    building to the colonists on it.
    """
    pl = s.players[seat]
    changes: dict[str, Any] = {}
    if doubloons is not None:
        changes["doubloons"] = doubloons
    if vp is not None:
        changes["vp"] = vp
    if goods is not None:
        changes["goods"] = _vector(GOODS, goods)
    if island is not None:
        changes["island"] = _vector(TILE_KINDS, island)
        if manned is None:
            changes["manned"] = (0,) * len(TILE_KINDS)
    if manned is not None:
        changes["manned"] = _vector(TILE_KINDS, manned)
    if buildings is not None:
        row = [-1] * len(pl.buildings)
        for name, workers in buildings.items():
            row[BUILDING_INDEX[name]] = workers
        changes["buildings"] = tuple(row)
    if windrose is not None:
        changes["windrose"] = windrose
    if nobles is not None:  # how many of the workers named are nobles
        tiles, row = [0] * len(TILE_KINDS), [0] * len(pl.building_nobles)
        changes["windrose_nobles"] = nobles.get("windrose", 0)
        for name, count in nobles.items():
            if name in TILE_INDEX:
                tiles[TILE_INDEX[name]] = count
            elif name != "windrose":
                row[BUILDING_INDEX[name]] = count
        changes["manned_nobles"], changes["building_nobles"] = tuple(tiles), tuple(row)
    if forests is not None:
        changes["forests"] = _vector(GOODS, forests)
    if hidden_forests is not None:
        changes["hidden_forests"] = _vector(GOODS, hidden_forests)
    new = replace(pl, **changes)
    return replace(s, players=s.players[:seat] + (new,) + s.players[seat + 1 :])


def board(s: State, **changes: Any) -> State:
    """Replace shared-board fields, accepting names where the state holds indexes."""
    tiles = ("draw_pile", "faceup", "discard")
    for key in tiles:
        if key in changes:
            changes[key] = tuple(TILE_INDEX[k] for k in changes[key])
    if "goods" in changes and isinstance(changes["goods"], dict):
        supply = list(s.goods)
        for g, c in changes["goods"].items():
            supply[GOOD_INDEX[g]] = c
        changes["goods"] = tuple(supply)
    if "trading_house" in changes:
        changes["trading_house"] = tuple(GOOD_INDEX[g] for g in changes["trading_house"])
    if "ships" in changes:  # [(capacity, good or None, count), ...]
        ships = changes.pop("ships")
        changes["ship_capacity"] = tuple(c for c, _, _ in ships)
        changes["ship_good"] = tuple(GOOD_INDEX[g] if g else -1 for _, g, _ in ships)
        changes["ship_load"] = tuple(n for _, _, n in ships)
    return replace(s, **changes)


def act(s: State, seat: int, action: dict[str, Any], seed: str = "example") -> tuple[State, list[Fact]]:
    """Decide and apply one action; returns the new state and the facts."""
    facts = pr.decide(s, seat, action, Rng(seed, f"act:{s.round}:{seat}"))
    return fold(pr, s, facts), facts


def start_role(s: State, seat: int, role: str) -> tuple[State, list[Fact]]:
    """Let `seat` select `role` now (as if it were its selection turn)."""
    s = replace(s, step=Step.SELECT_ROLE.value, phase="role_selection", turn=seat, chooser=-1, pending=())
    return act(s, seat, {"type": "select_role", "role": role})


def rejected(s: State, seat: int, action: dict[str, Any]) -> str:
    """The code with which decide rejects the action (fails the test if it is accepted)."""
    try:
        pr.decide(s, seat, action, Rng("example", "rejected"))
    except IllegalAction as exc:
        return exc.code
    raise AssertionError(f"{action} was accepted")


def passive(s: State) -> dict[str, Any]:
    """The most passive legal action of the seat to act (pass, done, keep nothing, ...)."""
    actions = pr.legal_actions(s, s.turn)
    for wanted in ({"type": "pass"}, {"type": "done"}, {"type": "end_turn"}, {"type": "mayor_privilege", "colonists": 0}):
        if wanted in actions:
            return wanted
    return actions[0]


def finish_phase(s: State) -> tuple[State, list[Fact]]:
    """Play passive actions until the next role selection (or the end of the game)."""
    facts: list[Fact] = []
    while s.step not in (Step.SELECT_ROLE, "over"):
        s, more = act(s, s.turn, passive(s))
        facts += more
    return s, facts


def of_type(facts: list[Fact], t: str) -> list[Fact]:
    return [f for f in facts if f["t"] == t]
