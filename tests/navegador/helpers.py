"""Building Navegador positions directly, and playing commands against them.

The worked examples (rules page §7) use 4 players in turn order Red (seat 0, the first
player), Green (1), Yellow (2), Blue (3), round >= 2, Red to act at `turn_start`, Red not
holding the card. `position()` builds that start; keyword arguments override what matters.
"""

from __future__ import annotations

from typing import Any

import pytest

import domain.navegador as nav
from domain.core import IllegalAction, Rng, fold
from domain.navegador.components import C
from domain.navegador.evolve import replace
from domain.navegador.state import Player, State, Step

RED, GREEN, YELLOW, BLUE = 0, 1, 2, 3
RNG = Rng("tests", "unused")  # Navegador draws nothing after setup


def dealt_in_price_order(seats: int) -> list[dict[str, Any]]:
    """Setup facts with a known deal: each type's tiles cheapest first, in map order."""
    stacks: dict[str, list[str]] = {}
    removed: list[str] = []
    for good in C.goods:
        tiles = list(C.tiles[good])
        for i, region in enumerate(C.regions):
            if C.stack_type[i] == good:
                stacks[region] = tiles[: C.stack_size[i]]
                tiles = tiles[C.stack_size[i] :]
        removed += tiles
    return [
        {"t": "GameSetUp", "seats": seats, "kings_privilege_placement": "auto"},
        {"t": "FirstPlayerChosen", "seat": 0},
        {"t": "ColoniesDealt", "stacks": stacks, "removed": removed},
    ]


def player(p: Player, **kw: Any) -> Player:
    """A player with changes; dict forms for ships / factories / privileges; stone by space id."""
    if "ships" in kw:
        ships = [0] * len(C.regions)
        for region, k in kw.pop("ships").items():
            ships[C.region_index[region]] = k
        kw["ships"] = tuple(ships)
        kw.setdefault("supply", C.ships_per_player - sum(ships))
    if "factories" in kw:
        kw["factories"] = tuple(kw["factories"].get(g, 0) for g in C.goods)
    if "privileges" in kw:
        kw["privileges"] = tuple(kw["privileges"].get(k, 0) for k in C.kinds)
    if "stone" in kw and isinstance(kw["stone"], str):
        kw["stone"] = C.space_index[kw["stone"]]
    if "colonies" in kw:
        kw["colonies"] = tuple(kw["colonies"])
    if "explorers" in kw:
        kw["explorers"] = tuple(kw["explorers"])
    return replace(p, **kw)


def position(seats: int = 4, players: dict[int, dict[str, Any]] | None = None, **kw: Any) -> State:
    """The examples' start: round 2, Red's turn_start, stones on the rondel, card with Blue.

    State keywords: explored (region ids; Portugal is added), stacks ({region: [tiles]}),
    market ({good: row}), next_cell ({line: index}), gallery / privilege_supply ({kind: n}),
    orange_ship (space id), and any State field as it is.
    """
    state = fold(nav, None, dealt_in_price_order(seats))
    stones = ["market_1", "colony", "privilege", "ships", "market_2"]
    people = list(state.players)
    for seat in range(seats):
        people[seat] = player(people[seat], stone=stones[seat])
    for seat, changes in (players or {}).items():
        people[seat] = player(people[seat], **changes)
    changes: dict[str, Any] = {"players": tuple(people), "round": 2,
                               "orange_ship": C.space_index[stones[seats - 1]]}
    if "explored" in kw:
        changes["explored"] = frozenset(kw.pop("explored")) | {"portugal"}
    if "stacks" in kw:
        stacks = list(state.stacks)
        for region, tiles in kw.pop("stacks").items():
            stacks[C.region_index[region]] = tuple(sorted(tiles, key=C.tile_price.__getitem__))
        changes["stacks"] = tuple(stacks)
    if "market" in kw:
        rows = dict(zip(C.goods, state.market, strict=True)) | kw.pop("market")
        changes["market"] = tuple(rows[g] for g in C.goods)
    if "next_cell" in kw:
        cells = dict(zip(C.buildings, state.next_cell, strict=True)) | kw.pop("next_cell")
        changes["next_cell"] = tuple(cells[b] for b in C.buildings)
    for name in ("gallery", "privilege_supply"):
        if name in kw:
            now = dict(zip(C.kinds, getattr(state, name), strict=True)) | kw.pop(name)
            changes[name] = tuple(now[k] for k in C.kinds)
    if isinstance(kw.get("orange_ship"), str):
        kw["orange_ship"] = C.space_index[kw["orange_ship"]]
    if isinstance(kw.get("step"), str):
        kw["step"] = Step(kw["step"])
    changes.update(kw)
    return replace(state, **changes)


def act(state: State, seat: int, action: dict[str, Any]) -> tuple[State, list[dict[str, Any]]]:
    """Play one command; it must be listed by legal_actions and accepted by decide."""
    assert action in nav.legal_actions(state, seat), f"{action} is not listed as legal"
    facts = nav.decide(state, seat, action, RNG)
    return fold(nav, state, facts), facts


def play(state: State, seat: int, *actions: dict[str, Any]) -> State:
    for action in actions:
        state, _ = act(state, seat, action)
    return state


def reject(state: State, seat: int, action: dict[str, Any], code: str) -> None:
    """The command is refused with `code`, is not listed, and changes nothing."""
    before = state
    with pytest.raises(IllegalAction) as err:
        nav.decide(state, seat, action, RNG)
    assert err.value.code == code, err.value
    assert err.value.message
    assert action not in nav.legal_actions(state, seat)
    assert state == before


def ships(state: State, seat: int) -> dict[str, int]:
    return {C.regions[i]: k for i, k in enumerate(state.players[seat].ships) if k}


def move(space: str, **pay: int) -> dict[str, Any]:
    return {"type": "move_rondel", "space": space, "pay_ships": dict(pay)}


def sail(origin: str, target: str, count: int = 1) -> dict[str, Any]:
    return {"type": "move_ships", "from": origin, "to": target, "count": count}


def explore(target: str, **sources: int) -> dict[str, Any]:
    ordered = sorted(sources.items(), key=lambda kv: C.region_index[kv[0]])
    return {"type": "explore", "to": target, "sources": [{"from": r, "count": k} for r, k in ordered]}


DONE = {"type": "done"}
