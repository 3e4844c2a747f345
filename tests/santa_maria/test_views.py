"""Hidden information (§9): what `reveals` marks, what views show each viewer, and the words of
redacted facts."""

from __future__ import annotations

import domain.santa_maria as sm
from domain.core import ALL, Rng, fold
from domain.core.words import render

from .helpers import act, edit, start


def test_reveals_marks_every_fact_that_turns_something_face_up() -> None:
    """§9.3: scholars, bishops, the display, town-hall scholars, a refilled dock, the final scores."""
    facts = sm.setup({"advanced_setup": True}, 2, Rng("reveal", "setup"))
    revealing = {f["t"] for f in facts if sm.reveals(f)}
    assert revealing == {"ScholarsRevealed", "BishopsRevealed", "DisplayDealt", "TownHallSetsDealt"}
    assert sm.reveals({"t": "DockRefilled", "dock": "coins", "tile": "ST01"})
    assert not sm.reveals({"t": "DockRefilled", "dock": "coins", "tile": None})
    assert sm.reveals({"t": "FinalScored", "seat": 0, "category": "ships", "vp": 3})
    for quiet in ("ShipDeckShuffled", "WhiteDiceRolled", "BlueDieGained", "FirstPlayerChosen", "DraftStarted"):
        assert not any(sm.reveals(f) for f in facts if f["t"] == quiet), quiet


def test_views_show_stacks_and_the_box_only_to_all() -> None:
    state = fold(sm, None, sm.setup({}, 3, Rng("views", "setup")))
    for viewer in (None, 0, 1, 2):
        view = sm.view(state, viewer)
        assert "hidden" not in view and view["ship_deck"] == 30 and view["stacks"] == {"double": 10, "triple": 10}
    hidden = sm.view(state, ALL)["hidden"]
    assert len(hidden["ship_deck"]) == 30 and len(hidden["boxed"]) == 7 + 3


def test_a_spectator_sees_no_vp_and_a_seat_only_its_own() -> None:
    state = edit(edit(start(), 0, vp=5), 1, vp=7)
    assert [p["vp"] for p in sm.view(state, None)["players"]] == [None, None]
    assert [p["vp"] for p in sm.view(state, 1)["players"]] == [None, 7]
    assert [p["vp"] for p in sm.view(state, ALL)["players"]] == [5, 7]


def test_a_hidden_award_reads_face_down() -> None:
    fact = {"t": "ConquistadorScored", "year": 1, "ranking": [0, 1], "awards": [[0, 4], [1, 0]]}
    assert sm.redact(fact, 1)["awards"] == [[0, None], [1, 0]]
    text = render(sm.describe(sm.redact(fact, 1), 1), ["Ann", "Bob"])
    assert "face down" in text and "4" not in text


def test_the_turn_goes_on_after_a_coin_activation() -> None:
    state, facts = act(edit(start(), 0, coins=1), 0, {"type": "activate_building", "cell": [2, 4]})
    assert facts[-1] == {"t": "TurnStarted", "seat": 1} and sm.view(state, None)["to_act"] == [1]
