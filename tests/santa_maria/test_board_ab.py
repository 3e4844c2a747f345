"""The web board and the button words with modules A and B (governors, specialists): a whole
seeded game draws from every view, and the parts of the two modules show."""

from __future__ import annotations

import html
from typing import Any

from flask import render_template

import domain.santa_maria as sm
from domain.core import Rng, fold
from service.web import boards

from ..test_web import (
    test_every_legal_action_of_a_whole_game_has_button_words_and_every_view_draws as whole_game,
)


def test_a_game_with_governors_and_specialists_draws_and_labels_every_action(app: Any) -> None:
    whole_game(app, "santa-maria", {"expansion": True, "modules": ["A", "B"], "colony_assignment": "random"})


def test_the_board_shows_governors_and_specialists(app: Any) -> None:
    options = {"expansion": True, "modules": ["A", "B"], "colony_assignment": "random", "governor_sign_rule": "quadrant"}
    state = fold(sm, None, sm.setup(options, 2, Rng("board-ab", "setup")))
    view = sm.view(state, 0)
    with app.test_request_context():
        page = html.unescape(render_template(boards.board_template("santa-maria", sm), view=view, seat=0, names=["Ann", "Bob"],
                                             info=boards.context(sm, view), players=[], to_act=sorted(sm.to_act(state))))
    assert "Governor:</b> row 1, column 1" in page and "(at the end: -12 VP)" in page
    assert page.count(">governor<") == 2  # on (1,1) of each colony
    assert "Specialists <span" in page and "12 face down" in page
    first = (state.specialist_row or ())[0]
    assert first is not None and boards.context(sm, view)["specialist"](first) in page
