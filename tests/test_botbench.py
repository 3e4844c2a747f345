"""`replay bench --only bots` split between processes (replay/botbench.py): games started at
SHIPLOG_BENCH_BOT_FROM are the games of that number in a whole run (the same seeds and seats),
and the logs of the parts combined give the whole run's counts.

The heuristic bot stands in for the search bot here (a quick game); the figures themselves are a
benchmark, never a test.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from domain.core import registry, search
from replay import botbench


def _run(monkeypatch: pytest.MonkeyPatch, log: Path, games: int, first: int) -> list[botbench.Row]:
    monkeypatch.setenv("SHIPLOG_BENCH_BOT", "greedy")
    monkeypatch.setenv("SHIPLOG_BENCH_BOT_FROM", str(first))
    monkeypatch.setenv("SHIPLOG_BENCH_BOT_LOG", str(log))
    return botbench.bench_bots(games, ["puerto-rico"], out=lambda _line: None)


def _without_cpu(rows: list[botbench.Row]) -> list[botbench.Row]:
    return [row for row in rows if not row[1].startswith("CPU")]


def test_split_runs_combine_to_the_whole_run(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    whole = _run(monkeypatch, tmp_path / "whole.jsonl", 3, 0)
    _run(monkeypatch, tmp_path / "a.jsonl", 1, 0)
    _run(monkeypatch, tmp_path / "b.jsonl", 2, 1)
    parts = botbench.combined([tmp_path / "a.jsonl", tmp_path / "b.jsonl"])
    assert _without_cpu(parts) == _without_cpu(whole)
    assert parts[0][2].endswith("/3 (0; 0)")  # three games, each counted once

    def games(name: str) -> list[dict[str, object]]:
        logged = [json.loads(line) for line in (tmp_path / name).read_text().splitlines()]
        return [{k: v for k, v in game.items() if k != "cpu"} for game in logged]

    assert games("a.jsonl") + games("b.jsonl") == games("whole.jsonl")
    assert [g["seat"] for g in games("whole.jsonl")] == [0, 1, 2]  # the bot's seat turns with the game number
    assert all(len(g["scores"]) == 4 for g in games("whole.jsonl"))  # type: ignore[arg-type]


def test_a_game_logged_twice_counts_once(tmp_path: Path) -> None:
    line = '{"case": "bots x 4p", "bot": "b", "against": "g", "game": 0, "seat": 0, "rank": 1, "shared": false, "scores": [3, 1, 1, 1], "cpu": [0.5]}\n'
    (tmp_path / "log.jsonl").write_text(line + line)
    assert botbench.combined([tmp_path / "log.jsonl"])[0][2] == "1/1 (0; 0)"


def test_a_budget_variant_is_played_and_named_apart(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("SHIPLOG_BENCH_BOT", "search-strong")
    monkeypatch.setenv("SHIPLOG_BENCH_BOT_BUDGET", "iterations=2,horizon=3")
    monkeypatch.setenv("SHIPLOG_BENCH_BOT_LOG", str(tmp_path / "log.jsonl"))
    rows = botbench.bench_bots(1, ["puerto-rico"], out=lambda _line: None)
    assert rows[0][1].startswith("search-strong[iterations=2,horizon=3] wins vs greedy")
    assert json.loads((tmp_path / "log.jsonl").read_text())["bot"] == "search-strong[iterations=2,horizon=3]"
    assert botbench.budget_changes("iterations=120, exploration=0.5,others_search=true") == {
        "iterations": 120, "exploration": 0.5, "others_search": True}
    variant = botbench._searcher(registry.get("puerto-rico"), "search-strong", None, {"iterations": 2, "horizon": 3})
    assert isinstance(variant, search.SearchBot) and (variant.budget.iterations, variant.budget.horizon) == (2, 3)
    with pytest.raises(ValueError, match="no budget field 'depth'"):
        botbench.budget_changes("depth=3")
