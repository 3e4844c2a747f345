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
