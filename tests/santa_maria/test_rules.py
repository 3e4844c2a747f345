"""One test per rule not covered by a worked example: every refusal code of §12.4 that the base
game can reach, the scholars' abilities (§1.6), the colony draft (§1.9 step 13) and solo setup."""

from __future__ import annotations

from typing import Any

import pytest

import domain.santa_maria as sm
from domain.core import IllegalAction, Rng, fold
from domain.santa_maria.state import Phase, replace

from .helpers import NO_DICE, Dice, act, at, edit, goods, on, play, reject, start, use

P1, P2 = 0, 1


def test_colony_draft_runs_counter_clockwise_from_the_right_of_the_first_player() -> None:
    """§1.9 step 13: seats N, N-1, ..., 1 relative to the first player; a board is taken once."""
    state = fold(sm, None, sm.setup({}, 3, Rng("draft", "setup")))
    first = state.first
    order = [(first - k) % 3 for k in range(1, 4)]
    assert state.phase is Phase.DRAFT_COLONY and sm.to_act(state) == {order[0]}
    reject(state, order[0], {"type": "pass", "space": 1}, "action.not_now")
    state, _ = act(state, order[0], {"type": "choose_colony", "board": "colony_3"})
    reject(state, order[1], {"type": "choose_colony", "board": "colony_3"}, "setup.board_taken")
    with pytest.raises(IllegalAction) as err:
        sm.decide(state, order[0], {"type": "choose_colony", "board": "colony_1"}, NO_DICE)
    assert err.value.code == "turn.not_yours"
    state, _ = act(state, order[1], {"type": "choose_colony", "board": "colony_1"})
    state, facts = act(state, order[2], {"type": "choose_colony", "board": "colony_4"})
    assert [f["t"] for f in facts][-2:] == ["YearStarted", "TurnStarted"]
    assert state.phase is Phase.PLAY and sm.to_act(state) == {first} and state.players[order[0]].board == "colony_3"


def test_solo_setup() -> None:
    """§7.3: 3 white dice, 3 blue dice (1 taken), 3 coins and 2 wood; always the first player."""
    state = fold(sm, None, sm.setup({"colony_assignment": "random"}, 1, Rng("solo", "setup")))
    p = state.players[0]
    assert (len(state.white_pool), state.blue_supply, p.coins, p.good("wood"), state.first) == (3, 2, 3, 2, 0)


@pytest.mark.parametrize(
    ("action", "code"),
    [
        (None, "action.malformed"),
        ({"type": "fly"}, "action.unknown_type"),
        ({"type": "pass"}, "action.malformed"),
        ({"type": "pass", "space": "1"}, "action.malformed"),
        ({"type": "pass", "space": 6}, "pass.bad_space"),
        ({"type": "activate_building", "cell": [2, 2]}, "activate.not_a_building"),
        ({"type": "activate_building", "cell": [0, 2]}, "action.malformed"),
        ({"type": "expand", "tile": "D99"}, "action.malformed"),
        ({"type": "expand", "tile": "D06"}, "expand.tile_not_available"),
        ({"type": "sell", "good": "sugar"}, "sell.none"),
        ({"type": "sell", "good": "cocoa"}, "action.malformed"),
        ({"type": "trade", "option": None}, "turn.no_decision_pending"),
        ({"type": "religion_extra", "pay": None}, "turn.no_decision_pending"),
        (use("white", 1, 1, "row"), "die.bad_line"),
        (use("white", 1, 2, "column", "none"), "die.bad_adjust"),
        (use("white", 1, 1, "column", "coins"), "die.bad_adjust"),
        (use("blue", "b1", 1, "column"), "die.bad_line"),
        (use("blue", "b2", 2, "row"), "die.not_available"),
        (use("white", 6, 1, "column"), "die.cannot_pay"),
        ({"type": "use_die", "die": {"kind": "white", "face": 1}, "value": 1, "adjust": "none", "line": "row", "x": 1},
         "action.malformed"),
    ],
)
def test_refusals_have_the_pages_codes(action: Any, code: str) -> None:
    state = edit(start(), P1, coins=0, wood=0)
    state = replace(state, white_pool=(1, 6))
    reject(state, P1, action, code)


def test_coin_activation_and_purchase_need_the_coins() -> None:
    state = edit(start(), P1, coins=0)
    reject(state, P1, {"type": "activate_building", "cell": [2, 4]}, "activate.cannot_pay")
    reject(state, P1, {"type": "buy", "good": "wood"}, "buy.cannot_pay")


def test_expand_needs_a_placement_and_the_cost() -> None:
    state = edit(start(), P1, wood=1, grain=0)
    reject(state, P1, {"type": "expand", "tile": "D01"}, "expand.cannot_pay")
    full = edit(start(), P1, wood=2, grid=tuple("prod_wood" if i % 2 else "" for i in range(36)))
    full = edit(full, P1, grid=tuple("prod_wood" if (i // 6 + i % 6) % 2 else "" for i in range(36)))
    reject(full, P1, {"type": "expand", "tile": "D01"}, "expand.no_placement")


def test_a_pass_space_holds_one_player() -> None:
    """§4: pass.space_taken."""
    state, _ = act(start(), P1, {"type": "pass", "space": 1})
    reject(state, P2, {"type": "pass", "space": 1}, "pass.space_taken")


def test_decisions_answer_only_the_decision_waiting() -> None:
    """§2.3: turn.wrong_decision; free actions at a decision are allowed."""
    state = edit(start(), P1, coins=3, wood=1)
    state, _ = act(state, P1, {"type": "activate_building", "cell": [3, 6]})
    reject(state, P1, {"type": "religion_extra", "pay": None}, "turn.wrong_decision")
    reject(state, P1, {"type": "trade", "option": 4, "pay": {"wood": 1}}, "trade.bad_option")
    reject(state, P1, {"type": "trade", "option": 1, "pay": {"gem": 1}}, "trade.cannot_pay")
    with pytest.raises(IllegalAction) as err:
        sm.decide(state, P2, {"type": "sell", "good": "wood"}, NO_DICE)
    assert err.value.code == "turn.not_yours"
    state, _ = play(state, P1, {"type": "sell", "good": "wood"}, {"type": "buy", "good": "wood"})
    assert state.pending is not None and state.players[P1].coins == 0


def test_religion_extra_costs_grain_or_gold() -> None:
    state = edit(start(), P1, coins=3)
    state, _ = act(state, P1, {"type": "activate_building", "cell": [4, 5]})
    reject(state, P1, {"type": "religion_extra", "pay": "grain"}, "religion.cannot_pay")
    reject(state, P1, {"type": "religion_extra", "pay": "coins"}, "religion.cannot_pay")  # no Theology


def test_the_game_over_refuses_everything() -> None:
    state = replace(start(), phase=Phase.OVER, scored=((), ()))
    with pytest.raises(IllegalAction) as err:
        sm.decide(state, P1, {"type": "pass", "space": 1}, NO_DICE)
    assert err.value.code == "game.over"


# -- scholars (§1.6, DEFINED HERE) -------------------------------------------------------------------


def test_philosophy_lets_a_blue_die_activate_a_column() -> None:
    state = edit(start(), P1, personal_scholar="SCH_PHILOSOPHY", blue=[("b1", 4)], wood=0)
    state, _ = act(state, P1, use("blue", "b1", 4, "column"))
    assert goods(state, P1) == {"wood": 1} and on(state, P1, 2, 4) == "b1"


def test_mathematics_makes_the_first_step_free() -> None:
    state = edit(start(), P1, personal_scholar="SCH_MATHEMATICS", coins=1)
    state = replace(state, white_pool=(2,))
    state, facts = act(state, P1, use("white", 2, 4, "column"))
    assert next(f for f in facts if f["t"] == "DieValueChanged")["paid"] == 1 and state.players[P1].coins == 0


def test_economics_buys_for_2_coins() -> None:
    state = edit(start(), P1, personal_scholar="SCH_ECONOMICS", coins=2, wood=0)
    state, _ = act(state, P1, {"type": "buy", "good": "grain"})
    assert state.players[P1].coins == 0 and goods(state, P1) == {"grain": 1}


def test_architecture_saves_a_wood() -> None:
    state = edit(start(), P1, personal_scholar="SCH_ARCHITECTURE", wood=1)
    state, _ = play(state, P1, {"type": "expand", "tile": "D01"}, {"type": "place_tile", "anchor": [5, 1], "rotation": 0})
    assert goods(state, P1) == {} and at(state, P1, 5, 1) == "prod_wood"


def test_engineering_lowers_coin_activations() -> None:
    state = edit(start(), P1, personal_scholar="SCH_ENGINEERING", coins=2)
    state, _ = act(state, P1, {"type": "activate_building", "cell": [2, 4]})
    state, _ = act(state, P2, {"type": "pass", "space": 1})
    state, _ = act(state, P1, {"type": "activate_building", "cell": [3, 2]})
    assert state.players[P1].coins == 0 and on(state, P1, 2, 4) == "$1" and on(state, P1, 3, 2) == "$1"


def test_diplomacy_places_monks_for_free() -> None:
    from domain.santa_maria.components import C

    m2 = C.monk_places.index("mission_2")
    state = replace(start(), monk_places=tuple((P2,) if i == m2 else () for i in range(10)))
    state = edit(state, P1, personal_scholar="SCH_DIPLOMACY", religion=3, coins=1)
    state, _ = play(state, P1, {"type": "activate_building", "cell": [4, 5]}, {"type": "place_monk", "place": "mission_2"})
    assert state.players[P1].coins == 0 and state.players[P2].coins == 4


def test_theology_pays_the_extra_step_with_2_coins() -> None:
    state = edit(start(), P1, personal_scholar="SCH_THEOLOGY", coins=3)
    state, _ = play(state, P1, {"type": "activate_building", "cell": [4, 5]}, {"type": "religion_extra", "pay": "coins"},
                    rng=Dice(5))
    assert state.players[P1].religion == 2 and state.players[P1].coins == 0


def test_strategy_buys_an_extra_conquistador_step() -> None:
    state = edit(start(), P1, personal_scholar="SCH_STRATEGY", coins=1)
    state, _ = act(state, P1, {"type": "activate_building", "cell": [5, 3]})
    reject(state, P1, {"type": "conquistador_extra", "pay": "coins"}, "conquistador.cannot_pay")
    rich = edit(start(), P1, personal_scholar="SCH_STRATEGY", coins=2)
    rich, _ = play(rich, P1, {"type": "activate_building", "cell": [5, 3]}, {"type": "conquistador_extra", "pay": "coins"})
    assert rich.players[P1].conquistador == 2 and rich.players[P1].coins == 0


def test_the_town_hall_must_lie_inside_the_colony() -> None:
    state = fold(sm, None, sm.setup({"advanced_setup": True}, 2, Rng("hall", "setup")))
    (seat,) = sm.to_act(state)
    state, _ = act(state, seat, {"type": "choose_set", "set": "S1"})
    reject(state, seat, {"type": "place_town_hall", "anchor": [6, 6], "rotation": 0}, "townhall.out_of_bounds")


def test_every_year_three_turn_game_ends_with_a_ranking() -> None:
    """§2.1: three years, then the final scoring; the outcome ranks every seat."""
    state = start()
    rng = Dice(*[1] * 40)
    for _ in range(3):
        (first,) = sm.to_act(state)
        state, _ = act(state, first, {"type": "pass", "space": 1}, rng)
        (second,) = sm.to_act(state)
        state, _ = act(state, second, {"type": "pass", "space": 3}, rng)
    result = sm.outcome(state)
    assert result is not None and sorted(r.rank for r in result.results) == [1, 2]


def test_replay_show_draws_the_text_board(tmp_path: Any) -> None:
    """`replay show` prints the game's text board (the view as the seat saw it, hidden VP as ?)."""
    from pathlib import Path

    from click.testing import CliRunner

    from replay.cli import main

    fixture = Path(__file__).resolve().parents[2] / "fixtures" / "santa_maria" / "2p.json"
    out = CliRunner().invoke(main, ["show", str(fixture), "--at", "20", "--as", "0"])
    assert out.exit_code == 0, out.output
    assert "  1    Sh" in out.output and "VP ?" in out.output and "pass spaces" in out.output
