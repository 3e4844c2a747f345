"""`replay bench --only legal` times each title's listing on the games the engine part plays: the
same decisions as `random_playout`, each state's listing from scratch equal to the live one."""

from __future__ import annotations

import pytest

from domain.core import registry
from replay.bench import random_playout
from replay.benchlegal import bench_legal, listing_playout


@pytest.mark.parametrize("game", ["puerto-rico", "santa-maria"])
def test_the_listing_bench_plays_the_engine_benchs_games(game: str) -> None:
    rules = registry.get(game)
    decisions, spent, listed = listing_playout(rules, 4, "bench-1", {})
    assert decisions == random_playout(rules, 4, "bench-1") and spent > 0 and listed >= decisions


def test_the_rows_name_each_option_set() -> None:
    rows = bench_legal(["santa-maria"], quick=True)
    assert [r[0] for r in rows[::2]] == ["legal santa-maria 4p", "legal santa-maria expansion=True 4p",
                                         "legal santa-maria expansion=True modules=['A', 'B', 'C'] 4p"]
    assert all(float(r[2]) > 0 for r in rows)
