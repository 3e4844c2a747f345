"""Property tests of module D, the Maya city (rules page §8.6), over seeded games of 1-4 seats
(the solo Maya included), played by the Policy of playout.py (the Maya's player: maya/bots.py).

Every move is listed and accepted; dice, cards, temple tiles, tokens, high priests, building and
road tiles, gold and monks are conserved, and coins change only by the facts' amounts. At sampled
positions: listed actions are accepted, near misses refused with the state unchanged, and over
the whole finite domain of the step (the Maya's actions included) decide accepts exactly what is
listed; no view or redacted fact shows the Maya's hand to another seat, its deck's order or a
temple stack to anybody, or another seat's VP. Every 25th game is replayed through the `Game`
aggregate and its record verified. MAYA_GAMES (environment) sets the count (default 250).
"""

from __future__ import annotations

import os
from collections import Counter
from typing import Any

import pytest

import domain.santa_maria as sm
from domain.core import ALL
from domain.santa_maria.maya.data import GOODS, HALVES, ITEMS, M
from domain.santa_maria.maya.religion import MONK_CHOICES
from domain.santa_maria.setup import PLAYABLE
from domain.santa_maria.state import Phase, State

from .. import jsontext
from . import test_properties_combinations as combo
from .playout import Checks, play, replay
from .test_properties import (
    check_agreement,
    check_conservation,
    coin_flows,
    hidden_ids,
    leaked,
    leaked_in,
    plain_json,
    universe,
)

GAMES = int(os.environ.get("MAYA_GAMES", "200"))
CHUNK = 50
SAMPLE_EVERY = 13
EXACT_EVERY = 41
REPLAY_EVERY = 25
VARIANTS: list[dict[str, Any]] = [
    {"colony_assignment": "random"},
    {},
    {"advanced_setup": True},
    {"colony_assignment": "random", "open_scores": True, "high_priest_reuse": False},
    {"colony_assignment": "random", "maya_free_buy": False},
]


WITH_C = PLAYABLE["C"]  # module C merged: every third game plays the ambassadors too, with up to 5 seats


def options_for(seed: int) -> dict[str, Any]:
    modules = ["C", "D"] if WITH_C and seed % 3 == 2 else ["D"]
    return {"expansion": True, "modules": modules, **VARIANTS[seed % len(VARIANTS)]}


def seats_for(seed: int) -> int:
    if "C" in options_for(seed)["modules"]:
        return 2 + (seed // len(VARIANTS)) % 4  # 2..5 (the solo Maya has no ambassadors to share)
    return 1 + (seed // len(VARIANTS)) % 4


# -- conservation: test_properties.check_conservation, the one check that knows every part -------------


def maya_coin_flows(facts: list[dict[str, Any]], seats: int) -> Counter[int]:
    delta = coin_flows(facts, seats)
    for f in facts:
        if f["t"] == "MayaExchangeMade":
            delta[f["seat"]] += f["coins"]
    return delta


# -- hidden information ----------------------------------------------------------------------------------


def hidden_for(state: State, viewer: int | None) -> set[str]:
    maya = state.maya
    assert maya is not None
    hidden = hidden_ids(state) | set(maya.medium) | set(maya.small)
    if viewer == maya.seat:
        return hidden | (set(maya.deck) - set(maya.known_bottom))
    return hidden | set(maya.deck) | set(maya.hand)


def check_no_leak(before: State, after: State, facts: list[dict[str, Any]], viewers: list[int | None]) -> None:
    for viewer in viewers:
        # what was hidden before the move and is still hidden after it never shows in a fact
        hidden = hidden_for(before, viewer) & hidden_for(after, viewer)
        for f in facts:
            shown = sm.redact(f, viewer)
            assert shown is not None
            text = jsontext.dumps(shown)
            assert not leaked_in(hidden, text), (f["t"], viewer, leaked_in(hidden, text))
            assert jsontext.loads(text) == shown  # jsontext.round_trips(shown), on the text read above
            if after.open_scores or after.phase is Phase.OVER:
                continue
            if f["t"] in ("VPGained", "ReligionOverflowScored", "MayaTemplesScored") and f["seat"] != viewer:
                assert shown["vp"] is None
            if f["t"] == "ConquistadorScored":
                assert all(vp is None for s, vp in shown["awards"] if s != viewer)


def check_views(state: State) -> None:
    for viewer in [None, *range(state.seats)]:
        shown = sm.view(state, viewer)
        text = plain_json(shown)  # plain JSON data
        assert not leaked_in(hidden_for(state, viewer), text), (viewer, leaked_in(hidden_for(state, viewer), text))
        if not state.open_scores and state.phase is not Phase.OVER:
            assert all(p["vp"] is None for p in shown["players"] if p["seat"] != viewer)
    every = hidden_for(state, None)
    assert leaked(every, sm.view(state, ALL)) == every


# -- the whole domain of a step -----------------------------------------------------------------------------


def maya_universe(state: State) -> list[dict[str, Any]]:
    kind = state.pending.kind if state.pending else None
    nodes = list(M.nodes)
    out: list[dict[str, Any]] = [{"type": "maya_technology", "card": c} for c in M.card_ids]
    if kind is None:
        dice: list[dict[str, Any]] = [{"kind": "white", "face": f} for f in range(1, 7)]
        dice += [{"kind": "blue", "id": f"b{i}"} for i in range(1, 13)]
        dice += [{"kind": "ambassador", "color": c} for c in ("white", "blue")]
        out += [{"type": "maya_use_die", "die": d, "value": v, "adjust": a}
                for d in dice for v in range(1, 7) for a in ("none", "coins", "cocoa", "gold")]
        out += [{"type": "maya_play_card", "card": c, "half": h} for c in M.card_ids for h in HALVES]
        out += [{"type": "maya_high_priest", "node": n} for n in nodes]
    elif kind == "maya_step":
        out += [{"type": "maya_step", "to": n} for n in [*nodes, None]]
    elif kind == "maya_temple":
        out += [{"type": "maya_temple", "district": d} for d in [*M.districts, None]]
    elif kind in ("maya_token", "maya_pass_flip"):
        out += [{"type": kind, "good": g} for g in GOODS]
    elif kind == "maya_road":
        out += [{"type": "maya_road", "slot": s} for s in M.slots]
    elif kind == "maya_build":
        out += [{"type": "maya_build", "node": n} for n in nodes]
    elif kind == "maya_monk_reward":
        out += [{"type": "maya_monk_reward", "choice": c} for c in MONK_CHOICES]
    elif kind == "maya_trade":
        out += [{"type": "maya_exchange", "id": "buy_cocoa"}]
        out += [{"type": "maya_exchange", "id": "buy_simple", "good": g} for g in ("grain", "wood")]
        out += [{"type": "maya_exchange", "id": "sell", "good": g} for g in GOODS]
        out += [{"type": t} for t in ("maya_redraw_start", "maya_redraw_done", "maya_redraw_cancel",
                                      "maya_offer_send", "maya_offer_cancel", "maya_end_trade")]
        out += [{"type": "maya_redraw_mark", "card": c} for c in M.card_ids]
        out += [{"type": "maya_offer_open", "to": s} for s in range(-1, state.seats + 1)]
        out += [{"type": t, "side": side, "item": i} for t in ("maya_offer_add", "maya_offer_remove")
                for side in ("give", "get") for i in ITEMS]
    elif kind == "offer_reply":
        out += [{"type": "offer_reply", "accept": a} for a in (True, False)]
    return out


def every_action(state: State, seat: int) -> list[dict[str, Any]]:
    """The step's whole domain: the modules' (A and B: the combinations') and the Maya's."""
    domain = combo.universe(state, seat) if state.modules and ({"A", "B"} & set(state.modules)) else universe(state, seat)
    return [*domain, *maya_universe(state)]


# -- the games -------------------------------------------------------------------------------------------------


NEVER_THE_MAYA = {"SpecialistHired", "ImprovementPlaced", "GovernorMoved", "GovernorBlocked", "ColonistsScored"}


def check_maya_modules(state: State, facts: list[dict[str, Any]]) -> None:
    """Modules A and B with the Maya: it never hires and has no governor (§8.6.8)."""
    maya = state.maya
    assert maya is not None
    for f in facts:
        if f.get("seat") == maya.seat:
            assert f["t"] not in NEVER_THE_MAYA, f
            assert not (f["t"] == "DecisionAsked" and f["decision"] in ("hire", "navigate")), f


def final_scores(state: State, options: dict[str, Any]) -> None:
    result = sm.outcome(state)
    assert result is not None
    assert all(r.score == sum(r.breakdown[k] for k in r.breakdown if k != "won" and not k.startswith("achievement"))
               for r in result.results)


CHECKS = Checks(
    agreement=check_agreement, views=check_views, universe=every_action, no_leak=check_no_leak,
    coin_flows=maya_coin_flows, conservation=check_conservation, final=final_scores,
    observe=lambda before, after, action, facts, seen: check_maya_modules(after, facts),
    sample_every=SAMPLE_EVERY, exact_every=EXACT_EVERY, exact_pending_every=7,
)


def play_game(seed: int, options: dict[str, Any] | None = None, seats: int | None = None) -> tuple[State, int]:
    options = options_for(seed) if options is None else options
    seats = seats_for(seed) if seats is None else seats
    return play(seed, options, seats, str(seed), CHECKS, setup_stream="maya-setup")


def replay_game(seed: int, options: dict[str, Any] | None = None, seats: int | None = None) -> None:
    options = options_for(seed) if options is None else options
    seats = seats_for(seed) if seats is None else seats
    replay(seed, options, seats, f"maya-replay-{seed}")


@pytest.mark.parametrize("first", range(0, GAMES, CHUNK))
def test_random_maya_games(first: int) -> None:
    seen: Counter[str] = Counter()
    for seed in range(first, min(first + CHUNK, GAMES)):
        state, _ = play_game(seed)
        assert state.maya is not None
        seen[f"{state.seats} seats"] += 1
        seen["temple"] += int(any(state.maya.levels))
        seen["tucked"] += int(bool(state.maya.tucked))
        if seed % REPLAY_EVERY == 0:
            replay_game(seed)
    if min(first + CHUNK, GAMES) - first >= 20:
        assert all(seen[f"{n} seats"] for n in range(1, 5 + WITH_C)), seen
        assert seen["temple"] and seen["tucked"], seen


# -- module D with the other modules (§8.5, §8.6.8) --------------------------------------------------------------

COMBO_GAMES = int(os.environ.get("MAYA_COMBO_GAMES", "210"))
COMBO_CHUNK = 30
COMBINATIONS = (["A", "B", "C", "D"], ["C", "D"], ["A", "D"], ["B", "D"], ["A", "B", "D"])
COMBO_VARIANTS: list[dict[str, Any]] = [{}, {"advanced_setup": True}, {"open_scores": True, "high_priest_reuse": False}]


def combo_options(seed: int) -> dict[str, Any]:
    modules = COMBINATIONS[seed % len(COMBINATIONS)]
    options: dict[str, Any] = {"expansion": True, "modules": modules, **COMBO_VARIANTS[(seed // 5) % len(COMBO_VARIANTS)]}
    if "A" in modules:
        options["governor_sign_rule"] = ("anti_diagonal", "quadrant")[(seed // 15) % 2]
    if "B" in modules:
        options["specialist_overflow"] = ("coins", "none")[(seed // 30) % 2]
    return options


def combo_seats(seed: int) -> int:
    """C+D: 2 to 5 seats (5 = the Maya and four colonies); otherwise 1 to 4 (the solo Maya too), and
    A+B+C+D 2 to 5."""
    modules = COMBINATIONS[seed % len(COMBINATIONS)]
    k = (seed // len(COMBINATIONS)) % 4
    return 2 + k if "C" in modules else 1 + k


@pytest.mark.parametrize("first", range(0, COMBO_GAMES, COMBO_CHUNK))
def test_random_maya_games_with_other_modules(first: int) -> None:
    """A+B+C+D, C+D (up to 5 seats), A+D, B+D, A+B+D: the checks of the Maya's games, the one
    conservation check, and the Maya never hires and has no governor."""
    seen: Counter[str] = Counter()
    for seed in range(first, min(first + COMBO_CHUNK, COMBO_GAMES)):
        options, seats = combo_options(seed), combo_seats(seed)
        state, _ = play_game(seed, options, seats)
        seen["+".join(options["modules"]) + f" {seats}"] += 1
        seen["hired"] += int(any(p.specialists for p in state.players))
        if seed % REPLAY_EVERY == 0:
            replay_game(seed, options, seats)
    if min(first + COMBO_CHUNK, COMBO_GAMES) - first >= COMBO_CHUNK:
        assert seen["hired"], seen
