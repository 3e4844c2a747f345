"""Property tests of American Kingdoms' modules together (rules page §8.5): seeded games with the
core and modules A+B, A+C, B+C and A+B+C, 1-4 players, the town-hall deal and the advanced setup,
open scores, shared blue dice where module C is not in play (§11 A-29), both settings of
`governor_sign_rule` and `specialist_overflow` (SM_COMBO_GAMES games, 540 by default).

The checks of the parts' own property tests, over one game holding several parts: listed =
accepted over the whole finite domain of a step (the core's dice adjustments and diagonals, hire,
navigate, the ambassador dice and `ambassador_line`), illegal actions refused with the state
unchanged, the one conservation check (test_properties.check_conservation), coins only by facts,
no leak in views and redacted facts, replays through the aggregate. And the combination rules:
only the taker of the white ambassador die is asked to hire (B + C); passive activations move
governors (A + C).

Every third game not in the advanced setup gives the seats Archery, Taxation, Philosophy or
Navigation as their own scholar after setup (their state is then not their facts': not replayed).
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
from domain.santa_maria.state import Phase, State, replace, with_player

from ..replaying import assert_record_verifies
from . import test_properties as base
from . import test_properties_ab as ab
from . import test_properties_core as core
from .playout import MOVE_BOUND, Policy

GAMES = int(os.environ.get("SM_COMBO_GAMES", "432"))
CHUNK = 36
COMBINATIONS = (["A", "B"], ["A", "C"], ["B", "C"], ["A", "B", "C"])
VARIANTS: list[dict[str, Any]] = [
    {},
    {"advanced_setup": True},
    {"open_scores": True, "shared_blue_dice": True},  # shared blue dice only without module C
]
SCHOLARS = ("SCH_ARCHERY", "SCH_TAXATION", "SCH_PHILOSOPHY", "SCH_NAVIGATION")
REPLAY_EVERY = 20


def options_for(seed: int) -> dict[str, Any]:
    modules = COMBINATIONS[seed % len(COMBINATIONS)]
    variant = dict(VARIANTS[(seed // 16) % len(VARIANTS)])
    if "C" in modules:
        variant.pop("shared_blue_dice", None)
    options: dict[str, Any] = {"expansion": True, "modules": modules, **variant}
    if "A" in modules:
        options["governor_sign_rule"] = ("anti_diagonal", "quadrant")[(seed // 48) % 2]
    if "B" in modules:
        options["specialist_overflow"] = ("coins", "none")[(seed // 96) % 2]
    return options


def seats_for(seed: int) -> int:
    return 1 + (seed // len(COMBINATIONS)) % 4


def with_scholars(seed: int) -> bool:
    return seed % 3 == 1 and not options_for(seed).get("advanced_setup")


def universe(state: State, seat: int) -> list[dict[str, Any]]:
    """The core's domain of a step, with every module's parameters."""
    out = core.universe(state, seat)
    kind = state.pending.kind if state.pending else None
    cells = [[r, c] for r in range(1, 7) for c in range(1, 7)]
    if kind is None and state.phase is Phase.PLAY:
        out += [{"type": "use_die", "die": {"kind": "ambassador", "color": c}, "value": v, "adjust": a, "line": line}
                for c in COLOURS for v in range(1, 7) for a in ("none", "coins", "cocoa", "gold")
                for line in ("row", "column", "diagonal")]
    elif kind == "hire":
        out += [{"type": "hire", "accept": a} for a in (True, False)]
        out += [{"type": "hire", "accept": a, "cell": cell} for a in (True, False) for cell in cells]
    out += [{"type": "navigate", "pay": p} for p in (True, False)]  # refused unless asked
    out += [{"type": "ambassador_line", "line": line} for line in ("row", "column", "diagonal")]
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


def check_no_leak(state: State, facts: list[dict[str, Any]], viewers: list[int | None]) -> None:
    core.check_no_leak(state, facts, viewers)
    for f in facts:  # the governor's colonists: VP face down like any other (§9.2)
        if f["t"] == "ColonistsScored" and not state.open_scores and state.phase is not Phase.OVER:
            assert all(sm.redact(f, v)["vp"] is None for v in viewers if v != f["seat"])


def play_game(seed: int, seen: Counter[str]) -> State:
    seats = seats_for(seed)
    options = options_for(seed)
    facts = sm.setup(sm.check_options(options, seats), seats, Rng(f"combo-{seed}", "setup"))
    state = fold(sm, None, facts)
    check_no_leak(state, facts, [None, *range(seats)])
    if with_scholars(seed):
        for s in range(seats):
            state = with_player(state, s, personal_scholar=SCHOLARS[(seed + s) % len(SCHOLARS)])
        state = replace(state, boxed=tuple(t for t in state.boxed if t not in SCHOLARS))  # now seen
    base.check_conservation(state)
    policy = Policy(seed)
    probe = Rng(f"combo-{seed}", "probe")
    moves = 0
    while sm.outcome(state) is None:
        assert moves < MOVE_BOUND, f"seed {seed}: no end after {moves} moves"
        (seat,) = sm.to_act(state)
        legal = sm.legal_actions(state, seat)
        pending = state.pending.kind if state.pending else None
        if moves % base.SAMPLE_EVERY == 0 or pending in ("ambassador_line", "navigate"):
            ab.check_agreement(state, seat, probe)
            core.check_views(state)
        if moves % base.EXACT_EVERY == base.EXACT_EVERY - 1 or (pending is not None and moves % 7 == 0):
            check_exact(state, seat, probe)
        action = policy.action(state, seat, legal)
        assert action in legal
        facts = sm.decide(state, seat, action, probe)
        after = fold(sm, state, facts)
        flows = base.coin_flows(facts, seats)
        for s in range(seats):
            assert after.players[s].coins == state.players[s].coins + flows[s], (seed, moves, facts)
        base.check_conservation(after)
        check_no_leak(after, facts, [None, moves % seats])
        passive: int | None = None
        for f in facts:
            if f["t"] == "PassiveActivationStarted":
                passive = f["seat"]
                seen["passive activation"] += 1
            elif f["t"] == "DecisionAsked" and f["decision"] == "hire":
                assert f["seat"] == state.current, "B + C: only the taker hires (§8.5)"
                seen["hire"] += 1
            elif f["t"] == "GovernorMoved":
                seen["governor moved" if passive is None else "passive governor moved"] += 1
            elif f["t"] in ("AmbassadorTaken", "SpecialistHired", "ImprovementPlaced"):
                seen[f["t"]] += 1
            elif f["t"] == "DecisionAsked" and f["decision"] in ("ambassador_line", "navigate"):
                seen[f["decision"]] += 1
        state = after
        moves += 1
    result = sm.outcome(state)
    assert result is not None and sorted(r.rank for r in result.results) == list(range(1, seats + 1))
    for r in result.results:
        assert r.score == sum(v for k, v in r.breakdown.items() if not k.startswith("achievement_") and k != "won")
        assert ("governor" in r.breakdown) == ("A" in options["modules"])
    assert sm.to_act(state) == frozenset() and all(sm.legal_actions(state, s) == [] for s in range(seats))
    core.check_views(state)
    assert codec.loads(codec.dumps(state)) == state
    return state


def replay_game(seed: int) -> None:
    """The same game through the aggregate; its record verifies with the live hash at every move."""
    seats = seats_for(seed)
    people = [{"name": f"p{s}", "token_hash": f"t{s}"} for s in range(seats)]
    game = Game.start("santa-maria", options_for(seed), people, "host", f"combo-{seed}", client_seeded=True)
    policy = Policy(seed)
    live: list[str] = []
    while game.outcome() is None:
        (seat,) = game.to_act()
        game.take_action(seat, policy.action(game.state, seat, sm.legal_actions(game.state, seat)))
        live.append(game.hash(game.state))
    assert_record_verifies(game, live)


@pytest.mark.parametrize("first", range(0, GAMES, CHUNK))
def test_random_games_with_module_combinations(first: int) -> None:
    seen: Counter[str] = Counter()
    for seed in range(first, min(first + CHUNK, GAMES)):
        state = play_game(seed, seen)
        seen[f"{state.seats} players"] += 1
        seen["+".join(state.modules or ())] += 1
        if seed % REPLAY_EVERY == 0 and not with_scholars(seed):
            replay_game(seed)
    if min(first + CHUNK, GAMES) - first >= CHUNK:  # a full chunk reaches every combination and rule
        assert all(seen[f"{n} players"] for n in range(1, 5)), seen
        assert all(seen["+".join(m)] for m in COMBINATIONS), seen
        for what in ("governor moved", "passive governor moved", "hire", "SpecialistHired", "AmbassadorTaken",
                     "passive activation"):
            assert seen[what], (what, seen)
