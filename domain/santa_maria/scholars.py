"""Scholars (rules page §1.6, §3.7, §7.1): whose ability a seat holds. Asked by the rules of
goods, dice, effects and the expansion alike, so it sits below all of them."""

from __future__ import annotations

import functools

from .state import State


def has_scholar(state: State, seat: int, scholar: str) -> bool:
    """The seat holds the scholar's ability: a monk under it, or its personal scholar (§3.7, §7.1)."""
    return scholar in abilities(state, seat)


# The abilities last asked for, (state, seat, abilities): a listing asks for one seat's scholars at
# one state dozens of times. The slot keeps its state alive, so no other state can take its identity,
# and a state never changes; another thread overwriting the slot only makes this one ask again.
_LAST: list[tuple[State | None, int, frozenset[str]]] = [(None, -1, frozenset())]


def abilities(state: State, seat: int) -> frozenset[str]:
    """The scholars whose abilities the seat holds."""
    last = _LAST[0]
    if last[0] is state and last[1] == seat:
        return last[2]
    n = len(state.scholars)
    held = _abilities(seat, state.players[seat].personal_scholar, state.scholars, state.monk_places[:n])
    _LAST[0] = (state, seat, held)
    return held


@functools.lru_cache(maxsize=1024)  # a pure function of plain data
def _abilities(seat: int, personal: str | None, scholars: tuple[str, ...],
               places: tuple[tuple[int, ...], ...]) -> frozenset[str]:
    held = {tile for tile, monks in zip(scholars, places, strict=True) if seat in monks}
    return frozenset(held | ({personal} if personal else set()))
