"""The legal action lists of many seeded Santa Maria positions, pinned: every list `legal_actions`
gave at every move of GAMES seeded playouts (playout.Policy: the greedy bot mixed with random
moves; the base game, the American Kingdoms and each of its modules, 1-5 seats), as a digest per
game recorded before the listing was made faster (issue 34 item 4; legal_digest.json). A faster
listing must give the same actions in the same order at every one of these positions.

Rewrite the digests only when the rules change what is legal (never for speed):
    .venv/bin/python -m tests.santa_maria.test_legal_digest
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

import domain.santa_maria as sm
from domain.core import Rng, fold
from domain.santa_maria.rules import _DECISIONS
from domain.santa_maria.state import Phase

from .playout import MOVE_BOUND, Policy

DIGESTS = Path(__file__).with_name("legal_digest.json")
OPTIONS: list[dict[str, Any]] = [
    {},
    {"colony_assignment": "random", "shared_blue_dice": True},
    {"advanced_setup": True, "open_scores": True},
    {"expansion": True},
    {"expansion": True, "advanced_setup": True, "shared_blue_dice": True},
    {"expansion": True, "modules": ["A"]},
    {"expansion": True, "modules": ["B"], "colony_assignment": "random"},
    {"expansion": True, "modules": ["C"]},
    {"expansion": True, "modules": ["D"], "colony_assignment": "random"},
    {"expansion": True, "modules": ["A", "B", "C"]},
    {"expansion": True, "modules": ["A", "B", "C", "D"], "advanced_setup": True},
]
ROUNDS = 3  # games per option set and seat count
GAMES = [(i, seats, n) for i, options in enumerate(OPTIONS)
         for seats in (range(2, 6) if "C" in options.get("modules", ()) and "D" in options.get("modules", ()) else range(1, 5))
         for n in range(ROUNDS)]


def digest(case: int, seats: int, n: int) -> dict[str, Any]:
    """One seeded game of OPTIONS[case]: its moves, the actions listed over them and the sha256 of
    every list in turn."""
    name = f"legal-{case}-{seats}-{n}"
    state = fold(sm, None, sm.setup(sm.check_options(OPTIONS[case], seats), seats, Rng(name, "setup")))
    policy = Policy(case * 5 + seats + 24 * n)  # n turns the share of random moves (Policy)
    probe = Rng(name, "probe")
    sha, moves, listed, kinds = hashlib.sha256(), 0, 0, set()
    while sm.outcome(state) is None:
        assert moves < MOVE_BOUND
        (seat,) = sm.to_act(state)
        legal = sm.legal_actions(state, seat)
        sha.update(json.dumps(legal, sort_keys=True, separators=(",", ":")).encode() + b"\n")
        listed += len(legal)
        kinds.add(state.pending.kind if state.pending is not None else state.phase.value)
        state = fold(sm, state, sm.decide(state, seat, policy.action(state, seat, legal), probe))
        moves += 1
    return {"moves": moves, "listed": listed, "kinds": sorted(kinds), "sha256": sha.hexdigest()}


def _key(case: int, seats: int, n: int) -> str:
    return f"{json.dumps(OPTIONS[case], sort_keys=True)} {seats}p #{n}"


@pytest.mark.parametrize(("case", "seats", "n"), GAMES, ids=[_key(*game) for game in GAMES])
def test_legal_action_lists_are_the_recorded_ones(case: int, seats: int, n: int) -> None:
    recorded = json.loads(DIGESTS.read_text())[_key(case, seats, n)]
    assert digest(case, seats, n) == recorded


def test_the_games_reach_every_kind_of_decision() -> None:
    """The pinned positions cover every pending decision `legal_actions` lists, the main actions
    and both drafts, over many moves and actions."""
    recorded = json.loads(DIGESTS.read_text())
    assert len(recorded) == len(GAMES)
    assert {k for g in recorded.values() for k in g["kinds"]} == {*_DECISIONS, *(p.value for p in Phase if p is not Phase.OVER)}
    assert sum(g["moves"] for g in recorded.values()) > 10_000 and sum(g["listed"] for g in recorded.values()) > 200_000


if __name__ == "__main__":
    DIGESTS.write_text(json.dumps({_key(*game): digest(*game) for game in GAMES}, indent=1) + "\n")
