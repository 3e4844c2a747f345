"""The analysis of a finished game (domain/core/analysis.py, `replay analyse`): the strong search
bot's verdict on every decision of a recorded game, with a tiny budget (the verdicts' quality is
the bot's, measured by `replay bench --only bots`; here: which decisions, what is told, that the
same seed gives the same analysis, and that each search sees only what its seat saw).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from domain.core import registry, search
from domain.core.analysis import MIN_LOSS, Analysis, analyse, costly_lines, decisions_of
from domain.core.codec import state_hash
from domain.core.rng import Rng
from domain.core.rules import fold
from replay.cli import main

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
SANTA_MARIA = FIXTURES / "santa_maria" / "2p.json"
TINY = {"iterations": 2, "horizon": 3}


def record_of(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8"))  # type: ignore[no-any-return]


@pytest.fixture(scope="module")
def record() -> dict[str, Any]:
    return record_of(SANTA_MARIA)


@pytest.fixture(scope="module")
def analysed(record: dict[str, Any]) -> Analysis:
    return analyse(record, "docs", **TINY)


def test_the_analysis_of_a_fixture_is_the_same_for_the_same_seed(record: dict[str, Any], analysed: Analysis) -> None:
    again = analyse(record, "docs", **TINY)
    assert again == analysed
    assert Analysis.from_json(json.loads(json.dumps(analysed.to_json()))) == analysed  # as stored, read back


def test_every_decision_a_seat_chose_in_turn_among_several_actions_is_assessed(record: dict[str, Any], analysed: Analysis) -> None:
    rules = registry.get(record["game"])
    chosen = [ev for ev in record["events"] if ev["type"] == "ActionTaken"]
    found = decisions_of(record)
    assert 0 < len(found) < len(chosen)  # some moves had only one legal action
    assert [d.version for d in analysed.decisions] == [version for version, *_rest in found]
    for d, (_version, seat, played, before) in zip(analysed.decisions, found, strict=True):
        legal = rules.legal_actions(before, seat)
        assert d.seat == seat and d.played == played and d.choices == len(legal) > 1
        assert d.best in legal  # the search's choice is a legal action of that position
        assert 0.0 <= d.played_chance <= 1.0 and 0.0 <= d.best_chance <= 1.0
        assert sum(d.chances) == pytest.approx(1.0, abs=1e-3)  # every seat's chance, shared out
        assert d.chances[seat] == d.played_chance
        assert d.loss == round(max(0.0, d.best_chance - d.played_chance), 6)


def test_a_costly_move_says_what_the_search_would_have_played_and_both_chances(record: dict[str, Any], analysed: Analysis) -> None:
    names = [p["name"] for p in record["players"]]
    costly = analysed.costliest()
    assert costly, "a tiny search disagrees with a random bot's moves somewhere"
    assert all(d.loss >= MIN_LOSS and d.instead for d in costly)
    per_seat = [sum(1 for d in costly if d.seat == s) for s in range(analysed.seats)]
    assert max(per_seat) <= 3
    lines = costly_lines(analysed, record, names)
    for d, line in lines:
        assert line.startswith(f"Move {d.version}: ")
        assert f"{round(100 * d.best_chance)}% instead of {round(100 * d.played_chance)}%" in line
        assert names[d.seat] in line
    rules = registry.get(record["game"])
    d = costly[0]
    before = next(b for v, _s, _a, b in decisions_of(record) if v == d.version)
    assert list(d.instead) == rules.decide(before, d.seat, d.best, Rng("docs", f"instead:{d.version}"))


def test_the_assessment_of_a_decision_uses_only_what_the_seat_saw(record: dict[str, Any]) -> None:
    """The position's hidden information changed (another deal of it), the seat's view the same:
    the same verdict, to the last chance."""
    rules = registry.get(record["game"])
    game = rules.BOTS["search-strong"].game  # type: ignore[attr-defined]
    budget = search.Budget(iterations=2, horizon=3)
    compared = 0
    for version, seat, _played, before in decisions_of(record)[::5]:
        other = rules.determinize(before, seat, Rng(str(version), "another truth"))  # type: ignore[attr-defined]
        assert rules.view(other, seat) == rules.view(before, seat)
        if state_hash(other) == state_hash(before):
            continue
        rng = Rng("same", str(version))
        assert search.assess(game, other, seat, rng, budget) == search.assess(game, before, seat, Rng("same", str(version)), budget)
        compared += 1
    assert compared >= 3


def test_replay_analyse_prints_what_docs_replay_md_shows(record: dict[str, Any], analysed: Analysis) -> None:
    """docs/replay.md, "Analysing a finished game": the session as written, and the same analysis
    as the domain's."""
    page = (FIXTURES.parent / "docs" / "replay.md").read_text(encoding="utf-8").split("## Analysing a finished game", 1)[1]
    block = page.split("```\n", 2)[1].splitlines()
    command, shown = block[0], block[1:]
    assert command == "$ replay analyse fixtures/santa_maria/2p.json --iterations 2 --horizon 3 --seed docs"
    argv = [a.replace("fixtures/", f"{FIXTURES}/") for a in command.split()[3:]]
    result = CliRunner().invoke(main, ["analyse", *argv])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[-len(shown):] == shown  # (the progress bar goes to stderr)
    names = [p["name"] for p in record["players"]]
    lines = costly_lines(analysed, record, names)
    assert lines and all(f"  {line}" in shown for _d, line in lines)
    assert shown[0].startswith(f"{len(analysed.decisions)} decisions assessed by search-strong (2 iterations, horizon 3")


def test_replay_analyse_refuses_a_game_that_is_not_over(record: dict[str, Any], tmp_path: Path) -> None:
    running = dict(record, status="active", events=record["events"][:10])
    path = tmp_path / "running.json"
    path.write_text(json.dumps(running), encoding="utf-8")
    result = CliRunner().invoke(main, ["analyse", str(path), "--iterations", "1"])
    assert result.exit_code == 2
    assert "not over" in result.output


def test_a_seat_alone_against_nobody_keeps_its_own_chance() -> None:
    """Shared-out chances add up to one, except a seat alone (Santa Maria solo): where it stands
    level with its start, an even chance, not a certain win."""
    rules = registry.get("santa-maria")
    game = rules.BOTS["search-strong"].game  # type: ignore[attr-defined]
    state = fold(rules, None, rules.setup(rules.check_options({}, 1), 1, Rng("solo", "setup")))
    assert search.chances(game, state, solo=game.evaluate(state)[0]) == [0.5]
