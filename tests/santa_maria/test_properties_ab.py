"""Property tests of American Kingdoms modules A (Governor) and B (Specialists): seeded games with
modules [A], [B] and [A, B], 1-4 players, over the base setups and both settings of
`governor_sign_rule` and `specialist_overflow` (SM_AB_GAMES games, 360 by default).

Besides the base game's checks (test_properties.py: listed = accepted over the whole domain of a
step, illegal actions refused with the state unchanged, conservation, coins only by facts, no
leak in views and redacted facts, replay through the aggregate): every colony holds exactly one
governor (module A), the 18 specialists are all somewhere (stack, row, box, hired, placed), an
improvement is where the facts put it, and the unseen specialist stack never shows.
"""

from __future__ import annotations

import os
from collections import Counter
from typing import Any

import pytest

import domain.santa_maria as sm
from domain.core import IllegalAction, Rng, codec
from domain.santa_maria import governor
from domain.santa_maria.state import State

from . import test_properties as base
from .playout import Checks, on_after, play, replay

GAMES = int(os.environ.get("SM_AB_GAMES", "240"))
CHUNK = 30
MODULES = (["A"], ["B"], ["A", "B"])
VARIANTS: list[dict[str, Any]] = [
    {"colony_assignment": "random"},
    {},
    {"advanced_setup": True},
    {"shared_blue_dice": True, "colony_assignment": "random"},
    {"open_scores": True, "colony_assignment": "random"},
]


def options_for(seed: int) -> dict[str, Any]:
    modules = MODULES[seed % len(MODULES)]
    options: dict[str, Any] = {"expansion": True, "modules": modules, **VARIANTS[(seed // 3) % len(VARIANTS)]}
    if "A" in modules:
        options["governor_sign_rule"] = ("anti_diagonal", "quadrant")[(seed // 15) % 2]
    if "B" in modules:
        options["specialist_overflow"] = ("coins", "none")[(seed // 30) % 2]
    return options


def seats_for(seed: int) -> int:
    return 1 + (seed // 7) % 4


check_conservation = base.check_conservation  # the one check: governors and specialists too
check_no_leak = base.check_no_leak  # the specialist stack and the governor's colonists' VP too
check_views = base.check_views


def universe(state: State, seat: int) -> list[dict[str, Any]]:
    out = base.universe(state, seat)
    kind = state.pending.kind if state.pending else None
    cells = [[r, c] for r in range(1, 7) for c in range(1, 7)]
    if kind == "hire":
        out += [{"type": "hire", "accept": True}, {"type": "hire", "accept": False}]
        out += [{"type": "hire", "accept": a, "cell": cell} for a in (True, False) for cell in cells]
    elif kind == "navigate":
        out += [{"type": "navigate", "pay": True}, {"type": "navigate", "pay": False}]
    return out


def check_agreement(state: State, seat: int, rng: Rng) -> None:
    base.check_agreement(state, seat, rng)
    before = codec.dumps(state)
    cell = [1 + rng.below(6), 1 + rng.below(6)]
    for action in ({"type": "hire", "accept": True, "cell": cell}, {"type": "hire", "accept": "no"},
                   {"type": "hire"}, {"type": "navigate", "pay": True}, {"type": "navigate", "pay": 1},
                   {"type": "hire", "accept": True, "cell": [0, 9]}):
        if action in sm.legal_actions(state, seat):
            continue
        with pytest.raises(IllegalAction) as err:
            sm.decide(state, seat, action, rng)
        assert err.value.code and err.value.message.endswith(".")
    assert codec.dumps(state) == before


def navigator(seed: int, options: dict[str, Any]) -> bool:
    return "A" in options["modules"] and not options.get("advanced_setup") and seed % 2 == 0


def with_navigation(state: State) -> State:
    """Navigation comes with the core's scholar deal (module A only); in half the games every seat
    holds it as its own from the start (taken out of the unseen pool), so the navigate decision comes up often."""
    if governor.NAVIGATION not in state.boxed:
        return state
    return sm.state.replace(state, boxed=tuple(t for t in state.boxed if t != governor.NAVIGATION),
                            players=tuple(sm.state.replace(p, personal_scholar=governor.NAVIGATION) for p in state.players))


def final_scores(state: State, options: dict[str, Any]) -> None:
    result = sm.outcome(state)
    assert result is not None
    for r in result.results:
        assert r.score == sum(v for k, v in r.breakdown.items() if not k.startswith("achievement_") and k != "won")
        assert ("governor" in r.breakdown) == ("A" in options["modules"])


def observe(before: State, after: State, action: dict[str, Any] | None, facts: list[dict[str, Any]],
            seen: Counter[str]) -> None:
    seen.update(f["t"] for f in facts if f["t"] in ("GovernorMoved", "GovernorBlocked", "SpecialistHired",
                                                  "ImprovementPlaced", "SpecialistGoodsLost"))
    seen.update(f"decision {f['decision']}" for f in facts if f["t"] == "DecisionAsked")
    seen.update(f"declined {f['decision']}" for f in facts if f["t"] == "Declined")
    seen.update("NavigationPaid" for f in facts if f["t"] == "CoinsPaid" and f["for"] == "navigate")


CHECKS = Checks(
    agreement=check_agreement, views=check_views, universe=universe, no_leak=on_after(check_no_leak),
    coin_flows=base.coin_flows, conservation=check_conservation, final=final_scores, observe=observe,
    sample_every=base.SAMPLE_EVERY, exact_every=base.EXACT_EVERY, exact_kinds=("hire", "navigate"),
)


def play_game(seed: int, seen: Counter[str]) -> State:
    options = options_for(seed)
    prepare = with_navigation if navigator(seed, options) else None
    state, _ = play(seed, options, seats_for(seed), f"ab-{seed}", CHECKS, prepare=prepare, seen=seen)
    return state


def replay_game(seed: int) -> None:
    replay(seed, options_for(seed), seats_for(seed), f"ab-replay-{seed}")


@pytest.mark.parametrize("first", range(0, GAMES, CHUNK))
def test_random_games_with_modules_a_and_b(first: int) -> None:
    seen: Counter[str] = Counter()
    for seed in range(first, min(first + CHUNK, GAMES)):
        state = play_game(seed, seen)
        seen[f"{state.seats} players"] += 1
        seen["+".join(state.modules or ())] += 1
        if seed % 40 == 1:  # odd: no Navigation stand-in, so the aggregate plays the same game
            replay_game(seed)
    if min(first + CHUNK, GAMES) - first >= CHUNK:  # a full chunk reaches every part
        assert all(seen[f"{n} players"] for n in range(1, 5)), seen
        assert seen["A"] and seen["B"] and seen["A+B"], seen
        for fact in ("GovernorMoved", "SpecialistHired", "ImprovementPlaced", "decision hire", "declined hire"):
            assert seen[fact], (fact, seen)


def test_blocked_governors_and_navigation_come_up() -> None:
    """Rarer events, over the module-A games of the first seeds."""
    seen: Counter[str] = Counter()
    for seed in (s for s in range(0, 300) if "A" in options_for(s)["modules"]):
        play_game(seed, seen)
        if seen["GovernorBlocked"] and seen["declined navigate"] and seen["NavigationPaid"]:
            return
    raise AssertionError(seen)

