"""Unit tests, one per rule, for what the worked examples (test_worked_examples_*.py) leave out:
the end of the game and scoring, views and hidden information (§7), robustness."""

from __future__ import annotations

import json

import pytest

import domain.puerto_rico as pr
from domain.core import ALL, IllegalAction, Rng

from .builder import act, board, finish_phase, game, of_type, player, rejected, start_role

# -- end of game and scoring -------------------------------------------------------------------


def test_game_ends_only_at_the_end_of_the_round_with_all_reasons() -> None:
    s = board(game(3), vp_supply=1, ships=[(4, None, 0), (5, None, 0), (6, None, 0)])
    s = player(s, 0, goods={"corn": 1})
    s, facts = start_role(s, 0, "captain")
    s, facts = act(s, 0, {"type": "ship", "good": "corn", "ship": 0})
    assert s.end_reasons == ("vp",) and not s.over
    s = board(s, colonist_supply=0)
    s, facts = act(s, s.turn, {"type": "select_role", "role": "mayor"})
    s, more = finish_phase(s)
    facts += more
    assert s.end_reasons == ("vp", "colonists")
    s, facts = act(s, s.turn, pr.legal_actions(s, s.turn)[0])
    s, more = finish_phase(s)
    ended = of_type(facts + more, "GameEnded")
    assert s.over and ended and ended[0]["reasons"] == ["vp", "colonists"]
    out = pr.outcome(s)
    assert out is not None and out.termination == "vp_exhausted+colonists_exhausted"
    assert ended[0]["scores"] == [r.score for r in sorted(out.results, key=lambda r: r.seat)]


def test_outcome_breakdown_adds_up_and_ranks_use_the_tie_break() -> None:
    s = game(3)
    s = player(s, 0, vp=10, buildings={"harbor": 1}, doubloons=1)  # 13
    s = player(s, 1, vp=12, buildings={"small_market": 0}, doubloons=2)  # 13
    s = player(s, 2, vp=13, doubloons=0, goods={"corn": 2})  # 13
    s = board(s, step="over", phase="over", turn=-1, end_reasons=("city",))
    out = pr.outcome(s)
    assert out is not None
    assert [r.score for r in out.results] == [13, 13, 13]
    assert [r.rank for r in out.results] == [3, 1, 1]
    assert out.winners == (1, 2) and out.termination == "city_filled"
    assert out.results[0].breakdown["buildings"] == 3 and out.results[0].breakdown["shipping"] == 10
    assert pr.outcome(game(3)) is None


# -- views and hidden information (§7) ---------------------------------------------------------


def test_views_hide_other_players_vp_and_the_pile_order() -> None:
    s = player(game(4), 1, vp=7)
    mine = pr.view(s, 1)
    theirs = pr.view(s, 2)
    spectator = pr.view(s, None)
    host = pr.view(s, ALL)
    assert mine["players"][1]["vp"] == 7 and theirs["players"][1]["vp"] is None
    assert all(p["vp"] is None for p in spectator["players"])
    assert "plantation_draw_pile_order" not in theirs and "plantation_draw_pile_order" not in spectator
    assert host["plantation_draw_pile_order"] and host["players"][1]["vp"] == 7
    assert theirs["plantation_draw_pile"] == len(s.draw_pile)
    json.dumps(host)


def test_final_view_reveals_the_scores() -> None:
    s = player(game(2), 1, vp=7)
    s = board(s, step="over", phase="over", turn=-1)
    v = pr.view(s, None)
    assert v["players"][1]["vp"] == 7 and v["final"][1]["score"] == 7


def test_redact_hides_the_shuffled_order_from_everybody_but_the_host() -> None:
    shuffled = pr.setup({}, 3, Rng("r", "setup"))[1]
    for viewer in (None, 0, 1, 2):
        assert pr.redact(shuffled, viewer) == {"t": "PlantationsShuffled", "count": 47}
    assert pr.redact(shuffled, ALL) == shuffled
    shipped = {"t": "GoodsShipped", "seat": 0, "good": "corn", "ship": 1, "count": 3, "vp": 4}
    assert pr.redact(shipped, 2) == shipped  # single awards are public (§7)


# -- robustness --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("action", "code"),
    [
        (None, "action.malformed"),
        ([], "action.malformed"),
        ({"type": None}, "action.malformed"),
        ({"type": "teleport"}, "action.unknown_type"),
        ({"type": "ship", "good": "corn", "ship": 0}, "action.not_now"),
        ({"type": "select_role"}, "action.malformed"),
        ({"type": "select_role", "role": "mayor", "extra": 1}, "action.malformed"),
        ({"type": "select_role", "role": ["mayor"]}, "action.malformed"),  # not a name: a list
        ({"type": "select_role", "role": "pirate"}, "role.unknown"),  # a name, of no role
    ],
)
def test_malformed_actions_are_rejected(action: object, code: str) -> None:
    assert rejected(game(4), 0, action) == code  # type: ignore[arg-type]


def test_not_your_turn_and_game_over() -> None:
    s = game(4)
    assert rejected(s, 1, {"type": "select_role", "role": "mayor"}) == "turn.not_yours"
    assert pr.legal_actions(s, 1) == [] and pr.to_act(s) == frozenset({0})
    over = board(s, step="over", phase="over", turn=-1)
    with pytest.raises(IllegalAction) as exc:
        pr.decide(over, 0, {"type": "pass"}, Rng("x", "y"))
    assert exc.value.code == "game.over" and pr.to_act(over) == frozenset()
