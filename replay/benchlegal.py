"""`replay bench --only legal`: what listing the legal actions costs per decision, each title on
the same kind of game (issue 34 item 4: Santa Maria's listing against Puerto Rico's).

Each title's `BENCH_CASES` option sets, seeded random 4-seat games (`bench-0` ...) as the engine
part plays them (`bench.random_playout`'s picks). At each decision the seat's `legal_actions` is
timed in CPU time (`time.process_time`) on a fresh copy of the state (`codec.loads(codec.dumps(state))`,
made outside the timing): a copy is listed from scratch, so a listing the previous decision handed
over (Puerto Rico's automatic steps list their choices while deciding) or any answer kept for a
state does not count. All titles run in one process, one after the other.
"""

from __future__ import annotations

import time
from typing import Any

from domain.core import codec, registry
from domain.core.rng import Rng, choice
from domain.core.rules import GameRules, fold, played

Row = tuple[str, str, str]


def listing_playout(rules: GameRules, seats: int, seed: str, options: dict[str, Any]) -> tuple[int, float, int]:
    """One seeded random game: (decisions, CPU seconds listing fresh copies of its states, actions listed)."""
    state: Any = fold(rules, None, rules.setup(rules.check_options(options, seats), seats, Rng(seed, "setup")))
    decisions, spent, listed = 0, 0.0, 0
    while rules.outcome(state) is None:
        seat = min(rules.to_act(state))
        copy = codec.loads(codec.dumps(state))
        start = time.process_time()
        fresh = rules.legal_actions(copy, seat)
        spent += time.process_time() - start
        legal = rules.legal_actions(state, seat)
        assert fresh == legal
        listed += len(legal)
        action = choice(Rng(seed, f"bot:{decisions}"), legal)
        state = played(rules, state, seat, action, Rng(seed, f"event:{decisions}"))
        decisions += 1
    return decisions, spent, listed


def bench_legal(games: list[str], quick: bool = False) -> list[Row]:
    rows: list[Row] = []
    for game in games:
        rules = registry.get(game)
        for options, n, _es in getattr(rules, "BENCH_CASES", [({}, 500, 100)]):
            n = max(n // 10, 5) if quick else min(n, 200)
            name = f"legal {game}" + "".join(f" {k}={v}" for k, v in options.items())
            decisions = listed = 0
            spent = 0.0
            for i in range(n):
                d, s, k = listing_playout(rules, 4, f"bench-{i}", options)
                decisions, spent, listed = decisions + d, spent + s, listed + k
            rows.append((f"{name} 4p", "CPU µs of legal_actions per decision", f"{spent / decisions * 1e6:.1f}"))
            rows.append((f"{name} 4p", "actions listed per decision", f"{listed / decisions:.1f}"))
    return rows
