"""Final scoring (rules page §5.2-§5.4): VP per player with a breakdown, the king's privilege,
and the tie-break by the Navegador card."""

from __future__ import annotations

from domain.core import Outcome, SeatResult, rank

from .components import C
from .state import Player, State

_K = {k: i for i, k in enumerate(C.kinds)}


def per_item_vp(player: Player, kind: str, kings: str | None) -> int:
    """VP per item of a column: base VP + its privileges' VP (the king's included, §5.2)."""
    vp = C.base_vp[kind] + player.privileges[_K[kind]] * C.privilege_vp[kind]
    if kings == kind:
        vp += C.kings_vp[kind]
    return vp


def breakdown(player: Player, kings: str | None = None) -> dict[str, int]:
    """Score of one player by category; `kings` defaults to where his king's privilege is."""
    if kings is None:
        kings = player.kings
    parts = {
        "workers": player.workers,  # §5.2: 1 VP per worker in Lisboa
        "ships": player.ships_on_board,  # 1 VP per own ship on the board
        "money": player.money // 200,  # 1 VP per full 200 Cr
    }
    for kind in C.kinds:
        items, vp = player.items(kind), per_item_vp(player, kind, kings)
        parts[kind] = items * vp
        parts[f"{kind}_items"] = items
        parts[f"{kind}_vp_per_item"] = vp
    return parts


def total(parts: dict[str, int]) -> int:
    return parts["workers"] + parts["ships"] + parts["money"] + sum(parts[k] for k in C.kinds)


def free_columns(player: Player) -> list[str]:
    """Columns with a free privilege cell (§5.3): fewer than 3 ordinary privileges."""
    return [k for k in C.kinds if player.privileges[_K[k]] < C.max_privileges_per_kind]


def best_kings_column(player: Player) -> str:
    """Automatic placement (§5.3): the free column that adds most VP, leftmost on ties."""
    free = free_columns(player)
    if not free:
        return "none"  # §8.33: all 15 cells taken, the king's privilege scores nothing
    return max(free, key=lambda k: (player.items(k) * C.kings_vp[k], -_K[k]))


def score_now(player: Player) -> int:
    """The player's score if the game ended now (king's privilege placed at best)."""
    kings = player.kings if player.kings is not None else best_kings_column(player)
    return total(breakdown(player, kings))


def receive_order(state: State) -> list[int]:
    """Who would receive the card first (§5.4): the holder, then his right neighbour, ..."""
    return [(state.holder - i) % state.seats for i in range(state.seats)]


def results(state: State) -> list[SeatResult]:
    order = receive_order(state)
    n = state.seats
    keys: dict[int, tuple[int, ...]] = {}
    parts: dict[int, dict[str, int]] = {}
    for seat, player in enumerate(state.players):
        parts[seat] = breakdown(player)
        # Tie-break (§5.4, §8.30): the tied player nearer the card wins; every rank is strict.
        keys[seat] = (total(parts[seat]), n - order.index(seat))
    ranks = rank(keys)
    return [SeatResult(seat, keys[seat][0], ranks[seat], parts[seat], keys[seat][1:])
            for seat in range(n)]


TERMINATION = {"nagasaki": "nagasaki_explored", "buildings": "buildings_sold_out"}


def outcome(state: State) -> Outcome | None:
    if not state.scored:
        return None
    return Outcome(tuple(results(state)), TERMINATION.get(state.end_trigger or "", "finished"))
