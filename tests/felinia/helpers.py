"""Building Felinia positions for the worked examples: a set-up game, then the parts a scenario
names replaced (rules page §9: "only the parts that matter")."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

import domain.felinia as fe
from domain.core import IllegalAction, Rng, ScriptedRng, fold
from domain.core.facts import Tx
from domain.felinia.components import C
from domain.felinia.flow import advance
from domain.felinia.state import VENUES, State, Step, evolve, put

BLUE, RED, GREEN, YELLOW = 0, 1, 2, 3


def new(seats: int = 4, seed: str = "fe", **options: Any) -> State:
    return fold(fe, None, fe.setup({"first_player": 0, **options}, seats, Rng(seed, "setup")))


def goods(**counts: int) -> tuple[int, ...]:
    return tuple(counts.get(g, 0) for g in C.goods)


def idx(state: State, province: str) -> int:
    return state.board.index[province]


def with_player(state: State, seat: int, **changes: Any) -> State:
    return replace(state, players=put(state.players, seat, replace(state.players[seat], **changes)))


def with_tiles(state: State, tiles: dict[str, str | None], face_up: bool | dict[str, bool] = False) -> State:
    t, up = list(state.tiles), list(state.face_up)
    for p, tile in tiles.items():
        q = idx(state, p)
        t[q] = tile
        up[q] = tile is not None and (face_up if isinstance(face_up, bool) else face_up.get(p, False))
    return replace(state, tiles=tuple(t), face_up=tuple(up))


def with_settled(state: State, where: dict[str, int]) -> State:
    s = list(state.settled)
    for p, seat in where.items():
        s[idx(state, p)] = seat
    t = list(state.tiles)
    for p in where:
        t[idx(state, p)] = None
    return replace(state, settled=tuple(s), tiles=tuple(t))


def with_ship(state: State, ship: int, tile: str | None, seats: tuple[int | None, ...] = ()) -> State:
    n = C.deck_tiles[tile].seats if tile else 0
    seats = tuple(seats) + (None,) * (n - len(seats))
    return replace(state, ships=put(state.ships, ship, tile), ship_seats=put(state.ship_seats, ship, seats))


def market(state: State, m: int, **counts: int) -> State:
    return replace(state, markets=put(state.markets, m, goods(**counts)))


def settle(state: State, seed: str = "auto") -> State:
    """Run the automatic steps (withdrawals, sailing, landings ...) until a seat must act."""
    tx = Tx(state, evolve)
    advance(tx, Rng(seed, "auto"))
    return tx.state


def settle_facts(state: State, seed: str = "auto") -> tuple[State, list[dict[str, Any]]]:
    tx = Tx(state, evolve)
    advance(tx, Rng(seed, "auto"))
    return tx.state, list(tx.facts)


def act(state: State, seat: int, action: dict[str, Any], seed: str = "act") -> State:
    return fe.decide(state, seat, action, Rng(seed, "move")).state  # type: ignore[attr-defined, no-any-return]


def act_facts(state: State, seat: int, action: dict[str, Any], seed: str = "act") -> tuple[State, list[dict[str, Any]]]:
    facts = fe.decide(state, seat, action, Rng(seed, "move"))
    return facts.state, list(facts)  # type: ignore[attr-defined]


def refused(state: State, seat: int, action: dict[str, Any], code: str) -> None:
    """The action is refused with `code`, and (decide being pure) the state is unchanged."""
    before = state
    with pytest.raises(IllegalAction) as err:
        fe.decide(state, seat, action, ScriptedRng([]))
    assert err.value.code == code, err.value
    assert state == before


def legal(state: State, seat: int) -> list[dict[str, Any]]:
    return fe.legal_actions(state, seat)


def trade_at(state: State, venue: int, stack: tuple[int, ...], **more: tuple[int, ...]) -> State:
    """The trade phase with `stack` (bottom first) on `venue` (0-4 markets, 5 guild) and the
    stacks `more` names (market3=(0,)); no other tokens. Automatic withdrawals have run."""
    stacks = [stack if v == venue else () for v in range(6)]
    for name, other in more.items():
        stacks[VENUES.index(name)] = other
    return settle(replace(state, step=Step.TRADE, stacks=tuple(stacks), asked=False))


def explore(state: State, seed: str = "auto") -> tuple[State, list[dict[str, Any]]]:
    """The trade phase ends (no tokens left): the exploration phase runs until a seat must act."""
    return settle_facts(replace(state, step=Step.TRADE, stacks=((),) * 6, asked=False), seed)


def only_ships(state: State, *ships: tuple[int, str | None, tuple[int | None, ...]]) -> State:
    """The four ships as given (ship, deck tile, seats); ships not named carry no deck tile."""
    for i in range(4):
        state = with_ship(state, i, None)
    for ship, tile, seats in ships:
        state = with_ship(state, ship, tile, seats)
        for seat in seats:  # a merchant aboard has left its owner's supply
            if seat is not None:
                state = with_player(state, seat, merchants=state.players[seat].merchants - 1)
    return state


def finish_exploration(state: State, seed: str = "auto") -> tuple[State, list[dict[str, Any]]]:
    """Every waiting merchant stops if it may, else takes its first legal move (a tile if any)."""
    facts: list[dict[str, Any]] = []
    while state.step in (Step.EXPLORATION, Step.MYSTERY):
        (seat,) = fe.to_act(state)
        options = [a for a in fe.legal_actions(state, seat) if a["type"] != "sell"]
        pick = next((a for a in options if a["type"] in ("stop", "keep_mystery")), options[0])
        state, more = act_facts(state, seat, pick, seed)
        facts += more
    return state, facts


def names(facts: list[dict[str, Any]]) -> list[str]:
    return [f["t"] for f in facts]


def no_goods(state: State) -> State:
    """Nobody holds any goods (scenarios start from clean hands)."""
    players = tuple(replace(p, goods=goods()) for p in state.players)
    return replace(state, players=players)
