"""Every recorded game in fixtures/ passes `replay verify` and `replay fairness`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from replay.cli import main

FIXTURES = sorted(Path(__file__).resolve().parent.parent.joinpath("fixtures").rglob("*.json"))


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_fixture_verifies_and_is_fair(path: Path) -> None:
    record = json.loads(path.read_text())
    assert record["status"] == "finished" and record["outcome"]["winners"]
    verify = CliRunner().invoke(main, ["verify", str(path)])
    assert verify.exit_code == 0, verify.output
    fairness = CliRunner().invoke(main, ["fairness", str(path)])
    assert fairness.exit_code == 0, fairness.output


def test_there_are_fixtures_for_every_player_count_of_each_game() -> None:
    from domain.core import registry

    for game in registry.products():
        rules = registry.get(game)
        folder = game.replace("-", "_")
        counts = {len(json.loads(p.read_text())["players"]) for p in FIXTURES if p.parent.name == folder}
        assert set(range(rules.MIN_SEATS, rules.MAX_SEATS + 1)) <= counts, (game, counts)


def test_puerto_rico_fixtures_cover_each_expansion_and_both() -> None:
    sets = {
        tuple(json.loads(p.read_text())["options"].get("expansions", []))
        for p in FIXTURES if p.parent.name == "puerto_rico"
    }
    assert {(), ("new_buildings",), ("nobles",), ("new_buildings", "nobles")} <= sets


def test_santa_maria_fixtures_cover_each_setup_and_variant() -> None:
    options = [json.loads(p.read_text())["options"] for p in FIXTURES if p.parent.name == "santa_maria"]
    assert any(o.get("colony_assignment", "draft") == "draft" and not o.get("advanced_setup") for o in options)
    assert any(o.get("colony_assignment") == "random" for o in options)
    assert any(o.get("advanced_setup") for o in options) and any(o.get("shared_blue_dice") for o in options)
    assert any(o.get("open_scores") for o in options)
    assert any(o.get("expansion") and not o.get("modules") for o in options)  # the American Kingdoms core
    modules = {tuple(o.get("modules", ())) for o in options if o.get("expansion")}
    assert {("A",), ("B",), ("C",), ("D",), ("A", "B", "C"), ("C", "D"), ("A", "B", "C", "D")} <= modules  # each alone, together


def test_felinia_fixtures_cover_both_rule_sets_and_each_variant() -> None:
    options = [json.loads(p.read_text())["options"] for p in FIXTURES if p.parent.name == "felinia"]
    assert {o["mode"] for o in options} == {"basic", "advanced"}
    for flag in ("open_deck", "lenient_expedition", "allow_two_player_basic"):
        assert any(o[flag] for o in options), flag
