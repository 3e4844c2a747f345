"""Property tests of the American Kingdoms core (`expansion: true`, no modules): seeded games over
1-4 players, the town-hall deal and the advanced setup, shared blue dice and open scores.

The checks of test_properties.py, with the expansion's parts added: special tiles, special ships,
the special dock and the undealt town halls are conserved and never shown; cocoa stays within its
tokens; over the whole finite domain of a step (now with cocoa and gold adjustments, diagonals,
special ships with their docks, meditation_extra) decide accepts exactly what is listed.
The count is KINGDOM_GAMES (environment variable, default 300).
"""

from __future__ import annotations

import os
from collections import Counter
from typing import Any

import pytest

from domain.santa_maria.components import C
from domain.santa_maria.goods import payments as goods_payments
from domain.santa_maria.state import Phase, State

from . import test_properties as base
from .playout import Checks, on_after, play, replay

GAMES = int(os.environ.get("KINGDOM_GAMES", "250"))
CHUNK = 25
VARIANTS: list[dict[str, Any]] = [
    {"expansion": True},
    {"expansion": True, "advanced_setup": True},
    {"expansion": True, "shared_blue_dice": True, "open_scores": True},
    {"expansion": True, "advanced_setup": True, "shared_blue_dice": True},
]


def options_for(seed: int) -> dict[str, Any]:
    return VARIANTS[seed % len(VARIANTS)]


def seats_for(seed: int) -> int:
    return 1 + (seed // len(VARIANTS)) % 4


check_conservation = base.check_conservation  # the one check: it knows the core's parts (and the modules')
check_no_leak = base.check_no_leak  # (the one hidden set, and every VP fact, of the base game and the expansion)
check_views = base.check_views


# every payment of a ship as (good, units) items (a set's order)
SHIP_PAYS = tuple({tuple(sorted(p.items())) for cost in C.ship_cost.values() for p in goods_payments(cost)})


def universe(state: State, seat: int) -> list[dict[str, Any]]:
    """test_properties.universe with the expansion's parameters."""
    out = base.universe(state, seat) + [{"type": "sell", "good": "cocoa"}]
    kind = state.pending.kind if state.pending else None
    if state.phase is not Phase.PLAY:
        return out + [{"type": "choose_set", "set": "S5"}]
    if kind is None:
        out += [{"type": "expand", "tile": t} for t in C.specials]
        dice = [{"kind": "white", "face": f} for f in range(1, 7)] + [{"kind": "pool_blue", "face": f} for f in range(1, 7)]
        dice += [{"kind": "blue", "id": f"b{i}"} for i in range(1, 13)]
        out += [{"type": "use_die", "die": d, "value": v, "adjust": a, "line": line}
                for d in dice for v in range(1, 7) for a in ("none", "coins", "cocoa", "gold")
                for line in ("row", "column", "diagonal") if a in ("cocoa", "gold") or line == "diagonal"]
    elif kind == "ship":
        out += [{"type": "ship", "source": s, "pay": dict(p), "dock": d} for s in (*C.docks, "special")
                for p in SHIP_PAYS for d in C.docks if s == "special" or d == "vp"]
        out += [{"type": "ship", "source": "special", "pay": dict(p)} for p in SHIP_PAYS]
    elif kind == "meditation_extra":
        out += [{"type": "meditation_extra", "space": s} for s in (None, 1, 2, 3, 4, 5)]
    elif kind == "place_monk":
        out += [{"type": "place_monk", "place": p} for p in C.kingdom_places]
    return out


def final_scores(state: State, options: dict[str, Any]) -> None:
    base.final_scores(state, options)
    assert all(dict(s)["bishop_penalty"] == 0 for s in state.scored)  # no −2 with the expansion (§8.1)


def observe(before: State, after: State, action: dict[str, Any] | None, facts: list[dict[str, Any]],
            seen: Counter[str]) -> None:
    if action is not None:
        seen[_feature(action)] += 1
    seen.update(f["t"] for f in facts)


CHECKS = Checks(
    agreement=base.check_agreement, views=check_views, universe=universe, no_leak=on_after(check_no_leak),
    coin_flows=base.coin_flows, conservation=check_conservation, final=final_scores, observe=observe,
    sample_every=base.SAMPLE_EVERY, exact_every=base.EXACT_EVERY,
)


def play_game(seed: int) -> tuple[State, Counter[str]]:
    seen: Counter[str] = Counter()
    state, _ = play(seed, options_for(seed), seats_for(seed), f"k{seed}", CHECKS, seen=seen)
    return state, seen


def _feature(action: dict[str, Any]) -> str:
    if action["type"] == "use_die":
        return f"die:{action['adjust']}:{action['line']}"
    if action["type"] == "ship" and action.get("source") == "special":
        return "ship:special"
    if action["type"] == "expand" and action["tile"] in C.specials:
        return "expand:special"
    return action["type"]


def replay_game(seed: int) -> None:
    replay(seed, options_for(seed), seats_for(seed), f"kingdoms-{seed}")


@pytest.mark.parametrize("first", range(0, GAMES, CHUNK))
def test_random_expansion_games(first: int) -> None:
    seen: Counter[str] = Counter()
    for seed in range(first, min(first + CHUNK, GAMES)):
        state, features = play_game(seed)
        seen.update(features)
        seen[f"{state.seats} players"] += 1
        seen["advanced" if state.advanced_setup else "standard"] += 1
        if seed % base.REPLAY_EVERY == 0:
            replay_game(seed)
    if min(first + CHUNK, GAMES) - first >= 16:
        assert all(seen[f"{n} players"] for n in range(1, 5)) and seen["advanced"] and seen["standard"], seen
    if min(first + CHUNK, GAMES) - first == CHUNK:  # the expansion's parts are played, not only listed
        for feature in ("die:cocoa:row", "ship:special", "expand:special", "CocoaGained", "CocoaPaid", "TownHallsShuffled"):
            assert seen[feature], (feature, seen)
