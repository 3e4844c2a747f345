"""Bots: `random` picks any legal action; `heuristic` weighs each legal action by a simple plan:
take income when poor, bid where a goods tile a ship asks for is on offer, buy those goods,
board whenever it can, turn up and head for trade tiles (of the types it collects), keep the
goods ships ask for in storage, and keep its silver for the tie-break (no final sales)."""

from __future__ import annotations

from domain.core import Action, RandomSource, choice, search

from . import scoring
from .components import C
from .flow import legal_actions
from .phases.exploration import within_reach
from .state import GUILD, VENUES, State, Step


def random_bot(state: State, seat: int, rng: RandomSource) -> Action:
    return choice(rng, legal_actions(state, seat))


def _wanted(state: State, seat: int) -> list[int]:
    """Goods still missing for the ship the seat is closest to boarding (per type)."""
    p = state.players[seat]
    best: list[int] | None = None
    for tile, seats in zip(state.ships, state.ship_seats, strict=True):
        if tile is None or None not in seats:
            continue
        need = [max(0, n - have) for n, have in zip(C.deck_tiles[tile].goods, p.goods, strict=True)]
        if best is None or sum(need) < sum(best):
            best = need
    return best or [0] * len(C.goods)


def _needed(state: State, seat: int) -> list[int]:
    """Every goods type some open ship asks for, by the most any one ship asks."""
    out = [0] * len(C.goods)
    for tile, seats in zip(state.ships, state.ship_seats, strict=True):
        if tile is not None and None in seats:
            out = [max(a, b) for a, b in zip(out, C.deck_tiles[tile].goods, strict=True)]
    return out


def _score(state: State, seat: int, a: Action, want: list[int]) -> float:  # noqa: C901 - one branch per action type
    """How much the plan likes action `a`; `want` is `_wanted(state, seat)` (the same for every
    action of one decision: the bot works it out once)."""
    p = state.players[seat]
    t = a["type"]
    if t == "place_bid":
        target = a["target"]
        if target == "own_board":
            return 3.0 if p.silver <= 3 else 1.0
        v = VENUES.index(target)
        height = len(state.stacks[v]) + 1
        if height > p.silver + 1:
            return -5.0
        if v == GUILD:
            return 1.5 if p.gold and p.spice and state.guild_bonus else 0.5
        offer = state.markets[v]
        useful = sum(1 for g, n in enumerate(offer) if n and want[g])
        return 2.0 + 2 * useful - height if useful else 0.5 - height
    if t == "buy":
        return 4.0 if want[C.goods.index(a["goods"])] else 1.0 - state.stacks[state.venue() or 0].__len__() / 2
    if t == "exchange":
        if a["option"] == "bonus":
            return 3.0
        gi, ti = C.goods.index(a["give"]), C.goods.index(a["take"])
        return 3.0 if want[ti] and not want[gi] else -1.0
    if t == "board":
        return 10.0
    if t in ("decline", "end_turn", "final_done"):
        return 0.0
    if t == "flip":
        return 2.0
    if t == "move":
        q = state.board.index[a["province"]]
        tile = state.tiles[q]
        if tile is not None:
            kind = C.tile_type.get(tile)
            have = sum(1 for x in p.tiles if C.tile_type.get(x) == kind) if kind else 0
            return 8.0 + have
        e = state.expedition
        assert e is not None
        steps = max(0, e.steps - 1)
        reach = within_reach(state, e, q, e.visited | {q}, steps, p.food - (1 if e.steps == 0 else 0))
        return (5.0 if reach else 0.5) + 0.5 * len(state.board.symbols[q])
    if t == "stop":
        return 0.2
    if t == "keep_mystery":
        return 1.0
    if t == "store_fourth":
        return 1.0 if p.silver >= 4 else -1.0
    if t == "sell":
        if state.step is Step.STORAGE and a["item"] == "goods":
            g = C.goods.index(a["goods"])
            spare = p.goods[g] - _needed(state, seat)[g]
            return 0.5 - a["count"] + (2.0 if spare >= a["count"] else 0.0)
        if state.step is Step.TRADE and a["item"] == "gold" and a["count"] == 1:
            return 0.1 if p.silver < 2 else -3.0
        return -3.0
    return 0.0


def heuristic_bot(state: State, seat: int, rng: RandomSource) -> Action:
    actions = legal_actions(state, seat)
    want = _wanted(state, seat)
    scored = [(_score(state, seat, a, want), i) for i, a in enumerate(actions)]
    top = max(s for s, _ in scored)
    return actions[choice(rng, [i for s, i in scored if s == top])]


def evaluate(state: State) -> list[float]:
    """Every seat's score if the game ended now, silver breaking ties (the search's evaluation)."""
    return [total + 0.1 * p.silver for total, p in zip(scoring.totals(state), state.players, strict=True)]


GAME = search.Game("felinia", policy=heuristic_bot, evaluate=evaluate, spread=5.0)

# Playouts of 40 decisions scored by `evaluate`, not to the end: a whole game's playout (~300
# decisions of bag draws and random tie-breaks) varies far more than the actions differ, so 60
# of them over 5-10 actions were noise (2 of 10 games won); 250 short ones fit the same CPU
# (docs/perf.md, the search bots' strength).

BOTS = {
    "random": random_bot,
    "heuristic": heuristic_bot,
    **search.levels(GAME, normal=search.Budget(iterations=80, horizon=40), strong=search.Budget(iterations=250, horizon=40)),
}
