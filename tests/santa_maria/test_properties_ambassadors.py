"""Property tests for module C, the ambassadors (§8.4), over seeded games of 1-4 players with the
shared checks of test_properties.py: every game ends with an outcome, every move is listed and
accepted, listed = accepted over the whole domain of sampled steps (with the ambassador dice and
`ambassador_line` added to it), conservation after every move (white pool of 2 per player, no
starting blue die, the blue ambassador die out of the supply, each ambassador die on its token or
on its taker's colony), no leak in views and facts, and the record of every 20th game replays.

Some games give seats Archery, Taxation or Philosophy as their own scholar after setup (those
scholars' passive rules: the `ambassador_line` decision, a passive line's Taxation, a taker's
column); those games are not replayed (their state is not their facts').

GAMES_C (environment) lowers the count while developing.
"""

from __future__ import annotations

import os
from collections import Counter
from typing import Any

import pytest

import domain.santa_maria as sm
from domain.santa_maria.ambassadors import COLOURS
from domain.santa_maria.state import State

from .playout import Checks, on_after, personal_scholars, play, replay
from .test_properties import (
    check_agreement,
    check_conservation,  # the one check: it knows module C's dice
    coin_flows,
)
from .test_properties_core import (  # module C is played with the core
    check_no_leak,
    check_views,
    universe,
)

GAMES = int(os.environ.get("GAMES_C", "200"))
CHUNK = 50
SAMPLE_EVERY = 15
EXACT_EVERY = 50
REPLAY_EVERY = 20
VARIANTS: list[dict[str, Any]] = [
    {"colony_assignment": "random"},
    {},  # the colony draft
    {"advanced_setup": True},
    {"colony_assignment": "random", "open_scores": True},
]
SCHOLARS = ("SCH_ARCHERY", "SCH_TAXATION", "SCH_PHILOSOPHY", "SCH_ARCHERY")


def options_for(seed: int) -> dict[str, Any]:
    return {"expansion": True, "modules": ["C"], **VARIANTS[seed % len(VARIANTS)]}


def seats_for(seed: int) -> int:
    return 1 + (seed // len(VARIANTS)) % 4


def with_scholars(seed: int) -> bool:
    """Every third game (not an advanced setup: its seats have their own scholars already)."""
    return seed % 3 == 2 and not options_for(seed).get("advanced_setup")


def universe_c(state: State, seat: int) -> list[dict[str, Any]]:
    out = universe(state, seat)
    kind = state.pending.kind if state.pending else None
    if kind is None:
        out += [{"type": "use_die", "die": {"kind": "ambassador", "color": c}, "value": v, "adjust": a, "line": line}
                for c in COLOURS for v in range(1, 7) for a in ("none", "coins") for line in ("row", "column")]
    out += [{"type": "ambassador_line", "line": line} for line in ("row", "column", "diagonal")]  # refused unless asked
    return out


def final_scores(state: State, options: dict[str, Any]) -> None:
    result = sm.outcome(state)
    assert result is not None
    assert all(r.score == sum(r.breakdown.values()) for r in result.results)  # every category, whichever modules add


def observe(before: State, after: State, action: dict[str, Any] | None, facts: list[dict[str, Any]],
            seen: Counter[str]) -> None:
    if action is not None and before.pending is not None and before.pending.seat != before.current:
        seen["passive decision"] += 1
    for f in facts:
        if f["t"] in ("AmbassadorTaken", "PassiveActivationStarted", "AmbassadorDiceRolled"):
            seen[f["t"]] += 1
        if f["t"] == "DecisionAsked" and f["decision"] == "ambassador_line":
            seen["ambassador_line"] += 1
        if f["t"] == "PassiveActivationStarted" and after.players[f["seat"]].passed:
            seen["passed player activates"] += 1


CHECKS = Checks(
    agreement=check_agreement, views=check_views, universe=universe_c, no_leak=on_after(check_no_leak),
    coin_flows=coin_flows, conservation=check_conservation, final=final_scores, observe=observe,
    sample_every=SAMPLE_EVERY, sample_kinds=("ambassador_line",), exact_every=EXACT_EVERY, exact_pending_every=7,
)


def play_game(seed: int, seen: Counter[str]) -> State:
    prepare = personal_scholars(seed, SCHOLARS) if with_scholars(seed) else None
    state, _ = play(seed, options_for(seed), seats_for(seed), str(seed), CHECKS, setup_stream="setup-c",
                    probe_stream="probe-c", prepare=prepare, seen=seen)
    return state


def replay_game(seed: int) -> None:
    replay(seed, options_for(seed), seats_for(seed), f"replay-c-{seed}")


@pytest.mark.parametrize("first", range(0, GAMES, CHUNK))
def test_random_games_with_ambassadors(first: int) -> None:
    seen: Counter[str] = Counter()
    for seed in range(first, min(first + CHUNK, GAMES)):
        state = play_game(seed, seen)
        seen[f"{state.seats} players"] += 1
        if seed % REPLAY_EVERY == 0 and not with_scholars(seed):
            replay_game(seed)
    print(dict(seen))
    if min(first + CHUNK, GAMES) - first >= 16:
        assert all(seen[f"{n} players"] for n in range(1, 5)), seen
    assert seen["AmbassadorTaken"] and seen["PassiveActivationStarted"] and seen["passive decision"], seen
