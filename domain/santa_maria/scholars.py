"""Scholars (rules page §1.6, §3.7, §7.1): whose ability a seat holds. Asked by the rules of
goods, dice, effects and the expansion alike, so it sits below all of them."""

from __future__ import annotations

import functools

from .state import State


def has_scholar(state: State, seat: int, scholar: str) -> bool:
    """The seat holds the scholar's ability: a monk under it, or its personal scholar (§3.7, §7.1)."""
    n = len(state.scholars)
    return scholar in _abilities(seat, state.players[seat].personal_scholar, state.scholars, state.monk_places[:n])


@functools.lru_cache(maxsize=1024)  # a pure function of plain data, asked for every listed die
def _abilities(seat: int, personal: str | None, scholars: tuple[str, ...],
               places: tuple[tuple[int, ...], ...]) -> frozenset[str]:
    held = {tile for tile, monks in zip(scholars, places, strict=True) if seat in monks}
    return frozenset(held | ({personal} if personal else set()))
