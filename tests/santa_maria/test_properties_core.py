"""Property tests of the American Kingdoms core (`expansion: true`, no modules): seeded games over
1-4 players, the town-hall deal and the advanced setup, shared blue dice and open scores.

The checks of test_properties.py, with the expansion's parts added: special tiles, special ships,
the special dock and the undealt town halls are conserved and never shown; cocoa stays within its
tokens; over the whole finite domain of a step (now with cocoa and gold adjustments, diagonals,
special ships with their docks, meditation_extra) decide accepts exactly what is listed.
The count is KINGDOM_GAMES (environment variable, default 300).
"""

from __future__ import annotations

import json
import os
import re
from collections import Counter
from typing import Any

import pytest

import domain.santa_maria as sm
from domain.core import ALL, IllegalAction, Rng, codec, fold
from domain.core.aggregate import Game
from domain.santa_maria import scoring
from domain.santa_maria.components import C
from domain.santa_maria.goods import payments as goods_payments
from domain.santa_maria.state import Phase, State

from ..replaying import assert_record_verifies
from . import test_properties as base
from .playout import MOVE_BOUND, Policy

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


def hidden_ids(state: State) -> set[str]:
    return base.hidden_ids(state) | {*(state.special_stack or ()), *(state.special_ships or ())}


check_conservation = base.check_conservation  # the one check: it knows the core's parts (and the modules')


_ID = re.compile(r'"([A-Z][A-Za-z0-9_]+)"')  # TH_cocoa too


def leaked(hidden: set[str], shown: Any) -> set[str]:
    return hidden & set(_ID.findall(json.dumps(shown)))


def check_no_leak(state: State, facts: list[dict[str, Any]], viewers: list[int | None]) -> None:
    hidden = hidden_ids(state)
    for f in facts:
        for viewer in viewers:
            shown = sm.redact(f, viewer)
            assert shown is not None and not leaked(hidden, shown), f["t"]
            if state.open_scores or state.phase is Phase.OVER:
                continue
            if f["t"] in ("VPGained", "ReligionOverflowScored", "BishopConquestScored") and f["seat"] != viewer:
                assert shown["vp"] is None
            if f["t"] == "ConquistadorScored":
                assert all(vp is None for s, vp in shown["awards"] if s != viewer)


def check_views(state: State) -> None:
    hidden = hidden_ids(state)
    for viewer in [None, *range(state.seats)]:
        shown = sm.view(state, viewer)
        assert json.loads(json.dumps(shown)) == shown
        assert not leaked(hidden, shown)
        if not state.open_scores and state.phase is not Phase.OVER:
            assert all(p["vp"] is None for p in shown["players"] if p["seat"] != viewer)
    assert leaked(hidden, sm.view(state, ALL)) == hidden


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
        pays = {tuple(sorted(p.items())) for cost in C.ship_cost.values() for p in goods_payments(cost)}
        out += [{"type": "ship", "source": s, "pay": dict(p), "dock": d} for s in (*C.docks, "special")
                for p in pays for d in C.docks if s == "special" or d == "vp"]
        out += [{"type": "ship", "source": "special", "pay": dict(p)} for p in pays]
    elif kind == "meditation_extra":
        out += [{"type": "meditation_extra", "space": s} for s in (None, 1, 2, 3, 4, 5)]
    elif kind == "place_monk":
        out += [{"type": "place_monk", "place": p} for p in C.kingdom_places]
    return out


def check_exact(state: State, seat: int, rng: Rng) -> None:
    legal = sm.legal_actions(state, seat)
    for action in universe(state, seat):
        try:
            sm.decide(state, seat, action, rng)
            accepted = True
        except IllegalAction:
            accepted = False
        assert accepted == (action in legal), (action, accepted)


def play_game(seed: int) -> tuple[State, Counter[str]]:
    seats = seats_for(seed)
    facts = sm.setup(sm.check_options(options_for(seed), seats), seats, Rng(f"k{seed}", "setup"))
    state = fold(sm, None, facts)
    check_conservation(state)
    check_no_leak(state, facts, [None, *range(seats)])
    policy = Policy(seed)
    probe = Rng(f"k{seed}", "probe")
    seen: Counter[str] = Counter(f["t"] for f in facts)
    moves = 0
    while sm.outcome(state) is None:
        assert moves < MOVE_BOUND, f"seed {seed}: no end after {moves} moves"
        (seat,) = sm.to_act(state)
        legal = sm.legal_actions(state, seat)
        if moves % base.SAMPLE_EVERY == 0:
            base.check_agreement(state, seat, probe)
            check_views(state)
        if moves % base.EXACT_EVERY == base.EXACT_EVERY - 1 or (state.pending is not None and moves % 11 == 0):
            check_exact(state, seat, probe)
        action = policy.action(state, seat, legal)
        assert action in legal
        seen[_feature(action)] += 1
        facts = sm.decide(state, seat, action, probe)
        after = fold(sm, state, facts)
        flows = base.coin_flows(facts, seats)
        for s in range(seats):
            assert after.players[s].coins == state.players[s].coins + flows[s], (seed, moves, facts)
        for f in facts:
            seen[f["t"]] += 1
        check_conservation(after)
        check_no_leak(after, facts, [None, moves % seats])
        state = after
        moves += 1
    result = sm.outcome(state)
    assert result is not None and sorted(r.rank for r in result.results) == list(range(1, seats + 1))
    assert all(r.score == sum(r.breakdown[k] for k in ("during_play", *scoring.CATEGORIES)) for r in result.results)
    assert all(dict(s)["bishop_penalty"] == 0 for s in state.scored)  # no −2 with the expansion (§8.1)
    check_views(state)
    assert codec.loads(codec.dumps(state)) == state
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
    seats = seats_for(seed)
    people = [{"name": f"p{s}", "token_hash": f"t{s}"} for s in range(seats)]
    game = Game.start("santa-maria", options_for(seed), people, "host", f"kingdoms-{seed}", client_seeded=True)
    policy = Policy(seed)
    live: list[str] = []
    while game.outcome() is None:
        (seat,) = game.to_act()
        action = policy.action(game.state, seat, sm.legal_actions(game.state, seat))
        game.take_action(seat, action)
        live.append(game.hash(game.state))
    assert_record_verifies(game, live)


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
