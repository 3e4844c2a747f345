"""The replay page's score chart ends on the final score (issue 27 item 10): from the move that
ends the game on, every point is the outcome's score of each seat, the end-of-game bonuses
counted (Puerto Rico's large buildings and nobles), for every viewer, in every recorded game
and in seeded bot games of every game."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Any

import pytest

from domain.core import ALL, Rng, fold, registry
from domain.core.record import replay_states
from domain.core.rules import GameRules
from service.web import boards
from tests.quickbots import quick_bots
from tests.test_web import sign_up

FIXTURES = sorted((Path(__file__).resolve().parent.parent / "fixtures").rglob("*.json"))


def final_scores(rules: GameRules, state: Any) -> list[int]:
    outcome = rules.outcome(state)
    assert outcome is not None
    return [r.score for r in sorted(outcome.results, key=lambda r: r.seat)]


def assert_chart_ends_on_the_outcome(rules: GameRules, states: list[Any], seats: int) -> None:
    """Every point from the first finished state on is the outcome's scores, as each viewer sees it."""
    over = [s for s in states if rules.outcome(s) is not None]
    assert over, "the game did not end"
    final = final_scores(rules, over[-1])
    for viewer in (ALL, None, *range(seats)):
        for state in over:
            assert boards.scores_at(rules, state, viewer, seats) == final, viewer


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_the_chart_of_every_fixture_ends_on_its_final_scores(path: Path) -> None:
    record = json.loads(path.read_text())
    rules = registry.get(record["game"])
    states = [state for _v, _event, state in replay_states(record) if state is not None]
    assert_chart_ends_on_the_outcome(rules, states, len(record["players"]))
    assert final_scores(rules, states[-1]) == [r["score"] for r in record["outcome"]["results"]]


@pytest.mark.parametrize("game", registry.products())
def test_the_chart_of_a_seeded_bot_game_ends_on_its_final_scores(game: str) -> None:
    rules = registry.get(game)
    seats = max(rules.MIN_SEATS, min(4, rules.MAX_SEATS))
    state = fold(rules, None, rules.setup({}, seats, Rng(f"chart-{game}", "setup")))
    bots = list(quick_bots(rules.BOTS).values())
    for move in range(5000):
        if rules.outcome(state) is not None:
            break
        seat = min(rules.to_act(state))
        action = bots[move % len(bots)](state, seat, Rng(f"chart-{move}", "bot"))
        state = fold(rules, state, rules.decide(state, seat, action, Rng(f"chart-{move}", "decide")))
    assert_chart_ends_on_the_outcome(rules, [state], seats)


def test_the_replay_page_ends_on_the_customs_house_and_guild_hall_bonuses(app: Any) -> None:
    """5 players, New Buildings and Nobles: random 1 ends with 26 VP of chips and buildings, and
    the guild hall, the customs house and the nobles bring 4 more: the legend (each line's last
    point) says 30, as the outcome does; so for every seat."""
    record = json.loads((FIXTURES[0].parent.parent / "puerto_rico" / "5p-new-buildings-nobles.json").read_text())
    result = {r["seat"]: r for r in record["outcome"]["results"]}[1]
    assert result["breakdown"]["guild_hall"] and result["breakdown"]["customs_house"] and result["score"] == 30
    game_id, _tokens, _host = app.extensions["shiplog"].import_record(record)
    page = html.unescape(sign_up(app, "eve").get(f"/games/{game_id}/replay").get_data(as_text=True))
    legend = re.findall(r'class="legend">([^<(]+) \((\d+)\)</text>', page)
    assert legend == [(p["name"], str(r["score"])) for p, r in zip(record["players"], record["outcome"]["results"],
                                                                   strict=True)]
    assert page.count("<polyline ") == len(record["players"])  # (the legend gives each line's last point)
