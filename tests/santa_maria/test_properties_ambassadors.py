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
from domain.core import IllegalAction, Rng, codec, fold
from domain.core.aggregate import Game
from domain.santa_maria.ambassadors import COLOURS
from domain.santa_maria.state import State, replace, with_player

from ..replaying import assert_record_verifies
from .playout import MOVE_BOUND, Policy
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


def check_exact_c(state: State, seat: int, rng: Rng) -> None:
    """Over the whole domain of the step: decide accepts exactly what legal_actions lists."""
    legal = sm.legal_actions(state, seat)
    for action in universe_c(state, seat):
        try:
            sm.decide(state, seat, action, rng)
            accepted = True
        except IllegalAction:
            accepted = False
        assert accepted == (action in legal), (action, accepted)


def play_game(seed: int, seen: Counter[str]) -> State:
    seats = seats_for(seed)
    facts = sm.setup(sm.check_options(options_for(seed), seats), seats, Rng(str(seed), "setup-c"))
    state = fold(sm, None, facts)
    check_no_leak(state, facts, [None, *range(seats)])
    if with_scholars(seed):
        for s in range(seats):
            state = with_player(state, s, personal_scholar=SCHOLARS[(seed + s) % len(SCHOLARS)])
        state = replace(state, boxed=tuple(t for t in state.boxed if t not in SCHOLARS))  # now seen
    policy = Policy(seed)
    probe = Rng(str(seed), "probe-c")
    moves = 0
    while sm.outcome(state) is None:
        assert moves < MOVE_BOUND, f"seed {seed}: no end after {moves} moves"
        (seat,) = sm.to_act(state)
        legal = sm.legal_actions(state, seat)
        if state.pending is not None and state.pending.seat != state.current:
            seen["passive decision"] += 1
        if moves % SAMPLE_EVERY == 0 or (state.pending is not None and state.pending.kind == "ambassador_line"):
            check_agreement(state, seat, probe)
            check_views(state)
        if moves % EXACT_EVERY == EXACT_EVERY - 1 or (state.pending is not None and moves % 7 == 0):
            check_exact_c(state, seat, probe)
        action = policy.action(state, seat, legal)
        assert action in legal
        facts = sm.decide(state, seat, action, probe)
        after = fold(sm, state, facts)
        flows = coin_flows(facts, seats)
        for s in range(seats):
            assert after.players[s].coins == state.players[s].coins + flows[s], (seed, moves, facts)
        check_conservation(after)
        check_no_leak(after, facts, [None, moves % seats])
        for f in facts:
            if f["t"] in ("AmbassadorTaken", "PassiveActivationStarted", "AmbassadorDiceRolled"):
                seen[f["t"]] += 1
            if f["t"] == "DecisionAsked" and f["decision"] == "ambassador_line":
                seen["ambassador_line"] += 1
            if f["t"] == "PassiveActivationStarted" and after.players[f["seat"]].passed:
                seen["passed player activates"] += 1
        state = after
        moves += 1
    result = sm.outcome(state)
    assert result is not None and sorted(r.rank for r in result.results) == list(range(1, seats + 1))
    assert all(r.score == sum(r.breakdown.values()) for r in result.results)  # every category, whichever modules add
    assert sm.to_act(state) == frozenset() and all(sm.legal_actions(state, s) == [] for s in range(seats))
    check_views(state)
    assert codec.loads(codec.dumps(state)) == state
    return state


def replay_game(seed: int) -> None:
    """The same kind of game through the aggregate; its record verifies with the live hash at every move."""
    seats = seats_for(seed)
    people = [{"name": f"p{s}", "token_hash": f"t{s}"} for s in range(seats)]
    game = Game.start("santa-maria", options_for(seed), people, "host", f"replay-c-{seed}", client_seeded=True)
    policy = Policy(seed)
    live: list[str] = []
    while game.outcome() is None:
        (seat,) = game.to_act()
        action = policy.action(game.state, seat, sm.legal_actions(game.state, seat))
        game.take_action(seat, action)
        live.append(game.hash(game.state))
    assert_record_verifies(game, live)


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
