"""Module C in views, words and boards (§8.4, §9.1): the ambassador dice, who took them, the
die on a building, the passive activations and the `ambassador_line` decision are public and
said in words."""

from __future__ import annotations

from html import unescape
from pathlib import Path
from typing import Any

import jinja2

import domain.santa_maria as sm
from domain.core import ALL, Rng, fold
from domain.core.words import render
from domain.santa_maria import board
from domain.santa_maria.text import board_text
from service.web.boards import add_filters
from service.web.texts import board_words

from .helpers import act
from .test_examples_ambassadors import P1, P2, amb, start_c, with_scholar

NAMES = ["Ann", "Bob", "Cid"]


def say(fact: dict[str, object], viewer: int | None = None) -> str:
    return render(sm.describe(sm.redact(fact, viewer), viewer), NAMES)


def test_the_ambassador_dice_are_public_in_every_view() -> None:
    state, _ = act(start_c(2, white=4, blue=2), P1, amb("white", 4, "column"))
    for viewer in (None, P1, P2, ALL):
        shown = sm.view(state, viewer)
        assert shown["ambassadors"] == {"white": {"face": 4, "taken_by": P1}, "blue": {"face": 2, "taken_by": None}}
        assert shown["players"][P1]["colony"][1][3]["occupant"] == "aw4"


def test_no_module_c_fact_hides_or_reveals_anything() -> None:
    facts = sm.setup({"expansion": True, "modules": ["C"]}, 3, Rng("c-views", "setup"))
    rolled = next(f for f in facts if f["t"] == "AmbassadorDiceRolled")
    assert not sm.reveals(rolled) and sm.redact(rolled, None) == rolled
    _, facts = act(start_c(2, white=4), P1, amb("white", 4, "column"))
    for f in facts:
        assert sm.redact(f, P2) == f or f["t"] == "VPGained"
        assert not sm.reveals(f)


def test_module_c_facts_in_words() -> None:
    assert say({"t": "AmbassadorDiceRolled", "white": 4, "blue": 2}) == "The ambassador dice are rolled onto their tokens: white 4, blue 2."
    assert say({"t": "AmbassadorDiceRolled", "white": 4, "blue": 2, "year": 2}).startswith("The ambassador dice are rolled back on")
    assert say({"t": "AmbassadorTaken", "seat": 0, "color": "white", "face": 4}) == "Ann takes the white ambassador die, showing 4, with its token."
    assert say({"t": "PassiveActivationStarted", "seat": 1, "line": "column", "value": 4, "color": "white"}) == (
        "Bob activates their column 4 with the white ambassador die (no die stays).")
    assert say({"t": "DiePlaced", "seat": 0, "die": "ab2", "cell": [2, 4]}) == "Ann leaves the blue ambassador die on row 2, column 4."
    assert "diagonal" in say({"t": "DecisionAsked", "seat": 1, "decision": "ambassador_line", "line": "column", "value": 1,
                              "color": "white", "then": []})
    assert say({"t": "DieValueChanged", "seat": 0, "die": {"kind": "ambassador", "color": "white"}, "from": 4, "to": 5, "paid": 1}) == (
        "Ann turns the die from 4 to 5 for 1 coin.")


def test_every_fact_of_a_module_c_game_has_words() -> None:
    state = fold(sm, None, facts := sm.setup({"expansion": True, "modules": ["C"], "colony_assignment": "random"}, 3, Rng("w", "setup")))
    rng = Rng("w", "play")
    while sm.outcome(state) is None:
        (seat,) = sm.to_act(state)
        new = sm.decide(state, seat, sm.BOTS["greedy"](state, seat, rng), rng)
        facts += new
        state = fold(sm, state, new)
    assert {"AmbassadorTaken", "PassiveActivationStarted"} <= {f["t"] for f in facts}
    for f in facts:
        for viewer in (None, 0):
            assert say(f, viewer).endswith(".")


def test_button_words_and_occupants() -> None:
    assert board.action_label(amb("blue", 2, "row")) == "Blue ambassador die → row 2, then everybody else"
    assert board.action_label(amb("white", 5, "column", "coins")) == "White ambassador die set to 5 for coins → column 5, then everybody else"
    assert board.action_label({"type": "ambassador_line", "line": "diagonal"}) == "Activate the diagonal for 1 coin (Archery)"
    assert board.action_label({"type": "ambassador_line", "line": "row"}) == "Activate the ambassador's row"
    assert board.occupant_words("aw4") == "white ambassador die 4" and board.occupant_words("ab2") == "blue ambassador die 2"


def render_board(shown: dict[str, Any], seat: int, info: dict[str, Any]) -> str:
    """The game's board.html as the pages draw it (with their filters)."""
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(Path(sm.__file__).parent), autoescape=True)
    add_filters(env)
    env.globals.update(zip(("_", "ngettext", "pgettext"), board_words(sm.__name__), strict=True))  # the game's words, as the pages bind them
    return env.get_template("board.html").render(view=shown, seat=seat, names=NAMES[:2], info=info, to_act=shown["to_act"])


def test_the_boards_show_the_ambassador_dice() -> None:
    state, _ = act(start_c(2, white=4, blue=2), P1, amb("white", 4, "column"))
    shown = sm.view(state, P2)
    text = board_text(shown, NAMES[:2])
    assert "ambassador dice white 4 taken by Ann  blue 2 on its token" in text and "Wd aw4" in text
    info = board.context(shown)
    assert info["white_limit"] == 2 and board.context(sm.view(fold(sm, None, sm.setup({}, 2, Rng("b", "setup"))), None))["white_limit"] == 3
    html = render_board(shown, P2, info)
    assert "Ambassadors (module C)" in html and "Ambassador dice:" in html and "taken by" in html and "on its token" in html and "white ambassador die 4" in html


def test_the_board_names_the_ambassador_line_decision() -> None:
    state = with_scholar(start_c(2, blue=6), P2, "SCH_ARCHERY")
    state, _ = act(state, P1, amb("blue", 6, "row"))
    shown = sm.view(state, P2)
    assert shown["pending"]["decision"] == "ambassador_line" and shown["to_act"] == [P2]
    shown["players"][P2]["personal_scholar"] = None  # Archery's printed data is the expansion core's (components.json)
    html = unescape(render_board(shown, P2, board.context(shown)))  # (a sentence's apostrophe is escaped as &#39;)
    assert "in the passive activation after Ann's ambassador die, Bob decides whether to activate the diagonal (Archery)" in html
