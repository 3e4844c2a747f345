"""Module D on the web board: a seeded Maya game's every listed action has button words and the
board (board.html with the Maya city) draws from every seat's view."""

from __future__ import annotations

from typing import Any

from flask import render_template

import domain.santa_maria as sm
from domain.core import Rng, fold
from service.web import boards


def test_a_maya_game_draws_and_labels_every_action(app: Any) -> None:
    seats = 3
    state = fold(sm, None, sm.setup({"expansion": True, "modules": ["D"], "colony_assignment": "random"}, seats,
                                    Rng("maya-board", "setup")))
    names = [f"P{s}" for s in range(seats)]
    drawn = 0
    with app.test_request_context():
        for move in range(3000):
            if sm.outcome(state) is not None:
                break
            (seat,) = sm.to_act(state)
            for action in sm.legal_actions(state, seat):
                label = boards.action_label(sm, action)  # type: ignore[arg-type]
                assert label and "{" not in label, (action, label)
            if move % 7 == 0:
                for viewer in (*range(seats), None):
                    view = sm.view(state, viewer)
                    page = render_template(boards.board_template("santa-maria", sm), view=view, seat=viewer,  # type: ignore[arg-type]
                                           names=names, info=boards.context(sm, view), players=[],  # type: ignore[arg-type]
                                           to_act=sorted(sm.to_act(state)))
                    assert "The Maya city" in page
                    drawn += 1
            action = sm.BOTS["random"](state, seat, Rng(f"maya-board-{move}", "bot"))
            state = fold(sm, state, sm.decide(state, seat, action, Rng(f"maya-board-{move}", "decide")))
    assert sm.outcome(state) is not None and drawn
