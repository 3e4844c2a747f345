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

from domain.santa_maria.ambassadors import COLOURS
from domain.santa_maria.state import Phase, State

from . import test_properties as base
from . import test_properties_ab as ab
from . import test_properties_core as core
from .playout import Checks, on_after, personal_scholars, play, replay

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


def observe(before: State, after: State, action: dict[str, Any] | None, facts: list[dict[str, Any]],
            seen: Counter[str]) -> None:
    passive: int | None = None
    for f in facts:
        if f["t"] == "PassiveActivationStarted":
            passive = f["seat"]
            seen["passive activation"] += 1
        elif f["t"] == "DecisionAsked" and f["decision"] == "hire":
            assert f["seat"] == before.current, "B + C: only the taker hires (§8.5)"
            seen["hire"] += 1
        elif f["t"] == "GovernorMoved":
            seen["governor moved" if passive is None else "passive governor moved"] += 1
        elif f["t"] in ("AmbassadorTaken", "SpecialistHired", "ImprovementPlaced"):
            seen[f["t"]] += 1
        elif f["t"] == "DecisionAsked" and f["decision"] in ("ambassador_line", "navigate"):
            seen[f["decision"]] += 1


CHECKS = Checks(
    agreement=ab.check_agreement, views=base.check_views, universe=universe, no_leak=on_after(base.check_no_leak),
    coin_flows=base.coin_flows, conservation=base.check_conservation, final=ab.final_scores, observe=observe,
    sample_every=base.SAMPLE_EVERY, sample_kinds=("ambassador_line", "navigate"), exact_every=base.EXACT_EVERY,
    exact_pending_every=7,
)


def play_game(seed: int, seen: Counter[str]) -> State:
    prepare = personal_scholars(seed, SCHOLARS) if with_scholars(seed) else None
    state, _ = play(seed, options_for(seed), seats_for(seed), f"combo-{seed}", CHECKS, prepare=prepare, seen=seen)
    return state


def replay_game(seed: int) -> None:
    replay(seed, options_for(seed), seats_for(seed), f"combo-{seed}")


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
