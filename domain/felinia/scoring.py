"""Scoring (rules page §4.2-4.4, §5.6): trade tile sets, bonus tiles, merchant groups, gold,
spice, goods, mysterious places, food; silver breaks ties, then the rank is shared."""

from __future__ import annotations

from domain.core import Outcome, SeatResult, rank

from .components import C
from .state import State

CATEGORIES = ("trade_sets", "bonus_plus_one", "merchant_groups", "gold", "spice", "goods", "mystery", "food")


def groups(state: State, seat: int) -> list[int]:
    """Sizes of the seat's groups of settled merchants: roads and borders join (FE-AMB-38)."""
    mine = {q for q, s in enumerate(state.settled) if s == seat}
    sizes = []
    while mine:
        todo = [mine.pop()]
        size = 0
        while todo:
            q = todo.pop()
            size += 1
            for r in state.board.adjacent[q] & mine:
                mine.discard(r)
                todo.append(r)
        sizes.append(size)
    return sorted(sizes, reverse=True)


def breakdown(state: State, seat: int) -> dict[str, int]:
    p = state.players[seat]
    effects = {C.effect[t] for t in p.tiles if t in C.effect}
    n = {t: sum(1 for x in p.tiles if C.tile_type.get(x) == t) for t in C.tile_types}
    for b in p.bonus:
        if C.bonus_kind[b] == "extra_tile":
            n[C.bonus_type[b]] += 1
    sets = sum(k * min(k, C.cap[t]) for t, k in n.items())
    plus = sum(n[C.bonus_type[b]] for b in p.bonus if C.bonus_kind[b] == "plus_one")
    lone = 2 if "lone_merchant_scores_two" in effects else 1
    merchants = sum(lone if s == 1 else 4 if s == 2 else 3 * s for s in groups(state, seat))
    cards = len(p.mystery)
    mystery = (0 if cards == 0 else 1 if cards == 1 else 2 * cards) + (cards if "mystery_plus_one" in effects else 0)
    return {
        "trade_sets": sets,
        "bonus_plus_one": plus,
        "merchant_groups": merchants,
        "gold": p.gold,
        "spice": p.spice if "spice_scores_one" in effects else p.spice // 2,
        "goods": p.goods_count,
        "mystery": mystery,
        "food": 2 * p.food if "food_scores_two" in effects else 0,
    }


def totals(state: State) -> list[int]:
    return [sum(breakdown(state, s).values()) for s in range(state.seats)]


def outcome(state: State) -> Outcome | None:
    if not state.over:
        return None
    results = []
    keys = {s: (state.scores[s], state.players[s].silver) for s in range(state.seats)}
    ranks = rank(keys)
    for s in range(state.seats):  # the breakdown adds up to the score; silver only breaks ties (§4.4)
        results.append(SeatResult(s, state.scores[s], ranks[s], breakdown(state, s), (state.players[s].silver,)))
    return Outcome(tuple(results), "last_merchant" if state.end_trigger == "last_merchant" else "deck_exhausted")
