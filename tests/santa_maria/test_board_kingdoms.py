"""The web board and the button words with the American Kingdoms core (§8.1, §9.1): every action
listed in a whole expansion game has words, and the board draws from every seat's view."""

from __future__ import annotations

from typing import Any

import pytest
from flask import render_template

from domain.core import Rng, fold, registry
from service.web import boards


@pytest.mark.parametrize("options", [{"expansion": True}, {"expansion": True, "advanced_setup": True},
                                     {"expansion": True, "modules": ["A", "B", "C"]},
                                     {"expansion": True, "modules": ["A", "B", "C", "D"]}])
def test_every_action_of_an_expansion_game_has_words_and_every_view_draws(app: Any, options: dict[str, Any]) -> None:
    rules = registry.get("santa-maria")
    seats = 3
    state = fold(rules, None, rules.setup(options, seats, Rng("kingdom-labels", "setup")))
    names = [f"P{s}" for s in range(seats)]
    drawn = ""
    with app.test_request_context():
        for move in range(3000):
            if rules.outcome(state) is not None:
                break
            seat = min(rules.to_act(state))
            for action in rules.legal_actions(state, seat):
                label = boards.action_label(rules, action)
                assert label and "{" not in label, (action, label)
            if move % 10 == 0:
                for viewer in (*range(seats), None):
                    view = rules.view(state, viewer)
                    drawn = render_template(boards.board_template("santa-maria", rules), view=view, seat=viewer, names=names,
                                            info=boards.context(rules, view), players=[], to_act=sorted(rules.to_act(state)))
            bot = rules.BOTS["random"] if move % 2 else rules.BOTS["greedy"]
            action = bot(state, seat, Rng(f"kingdom-labels-{move}", "bot"))
            for fact in rules.decide(state, seat, action, Rng(f"kingdom-labels-{move}", "decide")):
                assert rules.describe(rules.redact(fact, 0), 0)
                state = rules.evolve(state, fact)
        assert rules.outcome(state) is not None
    assert 'data-dock="special"' in drawn and "Cocoa" in drawn
