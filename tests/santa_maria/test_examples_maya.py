"""Module D, the Maya city: the worked examples of the rules page §10 (SM-EX-40..45, 78..81, 83,
85..88, 92) and the rules of §8.6 they stand for. The Maya is seat 0 (the page's seat 1), the
colonists seats 1.. (the page's P2..). SM-EX-82 and SM-EX-84 need module C."""

from __future__ import annotations

from typing import Any

import pytest

import domain.santa_maria as sm
from domain.core import ALL, Rng, fold
from domain.santa_maria.components import C
from domain.santa_maria.maya.data import M
from domain.santa_maria.state import replace

from .helpers import act, edit, goods, names, play, reject
from .maya_helpers import MAYA, at_node, city, maya_start, step, temple, tokens, use

P2 = 1  # the page's seat 2: the first colonist
PRIEST = {"type": "maya_high_priest", "node": "B2_1"}


def facts_of(facts: list[dict[str, Any]], t: str) -> list[dict[str, Any]]:
    return [f for f in facts if f["t"] == t]


def test_sm_ex_40_maya_protects_gold() -> None:
    state = maya_start(2)
    state = edit(state, MAYA, conquistador=2)
    state = edit(state, P2, conquistador=2, coins=10)
    state = city(state, vault=3, priests=1)
    # the Maya's warrior action (B6_3, m_warrior) 2 -> 3 (a gold symbol): supply -> vault
    state, facts = play(state, MAYA, {"type": "maya_high_priest", "node": "B6_3"}, temple(None))
    assert state.players[MAYA].conquistador == 3 and state.maya.vault == 4
    assert facts_of(facts, "VaultGoldAdded") == [{"t": "VaultGoldAdded", "gold": 1, "source": "warrior"}]
    # red 2 -> 3: the Maya crossed it first, no gold
    state, facts = act(state, P2, {"type": "activate_building", "cell": [4, 2]})
    assert state.players[P2].conquistador == 3 and goods(state, P2).get("gold", 0) == 0 and state.maya.vault == 4
    # red on to 6 (the Maya still at 3): the gold comes from the vault
    state = replace(edit(state, P2, conquistador=5, occupant=("",) * 36), current=P2)
    state, facts = act(state, P2, {"type": "activate_building", "cell": [4, 2]})
    assert state.players[P2].conquistador == 6
    assert facts_of(facts, "VaultGoldTaken") == [{"t": "VaultGoldTaken", "seat": P2, "gold": 1}]
    assert state.maya.vault == 3 and goods(state, P2)["gold"] == 1


def test_sm_ex_41_maya_path_choice() -> None:
    state = maya_start(2, white_pool=(4, 4, 5, 5, 6, 6))
    state, _ = act(state, MAYA, use(4))
    assert sm.legal_actions(state, MAYA) == [step("B4_1")]
    state, facts = act(state, MAYA, step("B4_1"))
    assert names(facts)[:3] == ["MayaDieMoved", "MayaBuildingActivated", "MayaGoodsGained"]
    assert tokens(state)["cocoa"] == (2, 2)
    assert {a["to"] for a in sm.legal_actions(state, MAYA) if a["type"] == "maya_step"} == {None, "B4_2"}
    state, _ = act(state, MAYA, step("B4_2"))
    reject(state, MAYA, step(None), "maya.cannot_stop")
    assert {a["to"] for a in sm.legal_actions(state, MAYA) if a["type"] == "maya_step"} == {"B4_3", "B3_3", "B5_3"}
    reject(state, MAYA, step("B2_3"), "maya.bad_path")  # only across a road tile on road_3
    with_tile = city(state, roads=("road_3",))
    assert step("B2_3") in sm.legal_actions(with_tile, MAYA)
    state, _ = act(state, MAYA, step("B4_3"))
    assert step(None) in sm.legal_actions(state, MAYA)
    reject(state, MAYA, step("B4_4"), "maya.bad_path")  # an empty place with nothing free beyond it


def ex42() -> Any:
    state = maya_start(2, white_pool=(1, 1, 2, 2, 3, 4))
    return city(
        edit(state, MAYA, coins=0),
        tokens={"cocoa": (1, 2), "grain": (1, 1), "wood": (1, 1), "gem": (1, 1), "sugar": (0, 1)},
        tops={"construction": "TL1", "gold": "TL3"})


def test_sm_ex_42_maya_temple_level() -> None:
    state = ex42()
    state, _ = play(state, MAYA, use(4), step("B4_1"), step("B4_2"), step("B4_3"), step(None))
    assert tokens(state) == {"cocoa": (2, 2), "grain": (1, 1), "wood": (1, 1), "gem": (1, 1), "sugar": (1, 1)}
    assert at_node(state, "B4_3") == "w4"
    reject(state, MAYA, temple("trade"), "maya.not_adjacent")  # road 4 borders gold and construction
    state, facts = act(state, MAYA, temple("construction"))
    assert tokens(state) == {"cocoa": (1, 2), "grain": (1, 1), "wood": (0, 1), "gem": (0, 1), "sugar": (1, 1)}
    assert state.maya.level("construction") == 1 and state.players[MAYA].coins == 2
    assert facts_of(facts, "TempleTileRevealed") == [{"t": "TempleTileRevealed", "district": "construction", "tile": "TM1"}]
    assert state.maya.tops[M.districts.index("construction")] == "TM1"
    assert state.current == P2 and state.maya.die is None


def test_sm_ex_43_maya_temple_scoring_at_its_pass() -> None:
    state = maya_start(2)
    state = city(state, levels={"construction": 2}, tucked=tuple((c, "construction") for c in ("MC13", "MC14", "MC15", "MC16")))
    state, facts = act(state, MAYA, {"type": "pass", "space": 1})
    assert state.players[MAYA].coins == 4 and state.players[MAYA].vp == 8
    scored = facts_of(facts, "MayaTemplesScored")[0]
    assert scored["vp"] == 8 and scored["by_district"]["construction"] == [4, 2]
    assert sm.redact(scored, P2)["vp"] is None and sm.redact(scored, MAYA)["vp"] == 8
    assert state.players[MAYA].passed and state.current == P2


def ex44() -> Any:
    state = maya_start(2)
    state = edit(state, MAYA, coins=0)
    state = edit(state, P2, coins=2, wood=0)
    return city(state, tokens={"wood": (1, 1), "cocoa": (0, 2), "gem": (0, 1), "sugar": (0, 1), "grain": (0, 1)})


def test_sm_ex_44_maya_trades_with_a_colonist() -> None:
    state = ex44()
    state, _ = play(state, MAYA, {"type": "maya_play_card", "card": "MC05", "half": "trade"},
                    {"type": "maya_offer_open", "to": P2})
    reject(state, MAYA, {"type": "maya_end_trade"}, "maya.session_busy")
    add = {"type": "maya_offer_add", "side": "get", "item": "coin"}
    state, _ = play(state, MAYA, {"type": "maya_offer_add", "side": "give", "item": "wood"}, add, add)
    reject(state, MAYA, add, "offer.bad_item")  # P2 holds only 2 coins
    sent, _ = act(state, MAYA, {"type": "maya_offer_send"})
    assert sm.to_act(sent) == frozenset({P2})
    reject(sent, P2, {"type": "sell", "good": "wood"}, "turn.not_yours")
    reject(sent, P2, {"type": "buy", "good": "wood"}, "turn.not_yours")
    assert sorted(a["accept"] for a in sm.legal_actions(sent, P2)) == [False, True]
    declined, _ = act(sent, P2, {"type": "offer_reply", "accept": False})
    assert sm.to_act(declined) == frozenset({MAYA}) and declined.maya.session.offer is None
    assert declined.players[MAYA].coins == 1 and goods(declined, P2) == {} and tokens(declined)["wood"] == (1, 1)
    state, _ = act(sent, P2, {"type": "offer_reply", "accept": True})
    assert sm.to_act(state) == frozenset({MAYA})
    state, facts = act(state, MAYA, {"type": "maya_end_trade"})
    assert tokens(state)["wood"] == (0, 1) and state.players[MAYA].coins == 3
    assert goods(state, P2) == {"wood": 1} and state.players[P2].coins == 0
    assert ("MC05", "trade") in state.maya.tucked and state.current == P2


def test_sm_ex_45_high_priest() -> None:
    state = city(maya_start(2), priests=1, tokens={"wood": (0, 1), "cocoa": (1, 2), "grain": (1, 1)})
    state, _ = play(state, MAYA, PRIEST, temple(None))
    assert tokens(state)["wood"] == (1, 1) and at_node(state, "B2_1") == "priest" and state.maya.priests == 0
    state = replace(state, current=MAYA)
    reject(state, MAYA, PRIEST, "maya.no_priest")
    assert not state.maya.free("B2_1")


def test_sm_ex_78_maya_technology() -> None:
    state = maya_start(2, white_pool=(2, 4, 4, 5, 5, 6))
    state = edit(state, MAYA, coins=1)
    state = city(state, hand=("MC10", "MC11", "MC21"), tokens={"cocoa": (1, 2), "grain": (1, 1)})
    state, _ = act(state, MAYA, use(2, 3))
    assert state.players[MAYA].coins == 0
    reject(state, MAYA, {"type": "maya_technology", "card": "MC10"}, "maya.tech_value")
    state, facts = act(state, MAYA, {"type": "maya_technology", "card": "MC11"})
    assert state.players[MAYA].religion == 1 and state.pending.kind == "religion_extra"
    reject(state, MAYA, {"type": "religion_extra", "pay": "gold"}, "religion.cannot_pay")
    state, facts = act(state, MAYA, {"type": "religion_extra", "pay": None})
    assert ("MC11", "technology") in state.maya.tucked and state.pending.kind == "maya_step"
    reject(state, MAYA, {"type": "maya_technology", "card": "MC21"}, "maya.tech_used")
    state, _ = play(state, MAYA, step("B3_1"), step(None), temple(None))
    assert tokens(state)["cocoa"] == (2, 2) and at_node(state, "B3_1") == "w3"
    assert state.maya.hand == ("MC10", "MC21")
    reject(replace(state, current=MAYA), MAYA, {"type": "maya_technology", "card": "MC21"}, "maya.no_die_use")


def test_sm_ex_79_maya_pass_spaces_4_and_5() -> None:
    state = city(maya_start(2), tokens={"sugar": (0, 1), "cocoa": (2, 2), "grain": (1, 1), "wood": (1, 1), "gem": (1, 1)})
    state, _ = act(state, MAYA, {"type": "pass", "space": 4})
    assert sm.legal_actions(state, MAYA) == [{"type": "maya_pass_flip", "good": "sugar"}]
    reject(state, MAYA, {"type": "maya_pass_flip", "good": "gem"}, "maya.bad_reward")
    state, facts = act(state, MAYA, {"type": "maya_pass_flip", "good": "sugar"})
    assert tokens(state)["sugar"] == (1, 1) and state.players[MAYA].passed
    assert facts_of(facts, "MayaTemplesScored")[0]["vp"] == 0
    # (b) space 5: a festival level, its reward (2 cards) and the scoring of that level
    state = city(maya_start(2), tokens={"wood": (1, 1), "grain": (1, 1), "sugar": (1, 1), "cocoa": (1, 2)},
                 tops={"festival": "TL3"}, tucked=(("MC13", "festival"),))
    state, _ = act(state, MAYA, {"type": "pass", "space": 5})
    # every district may be built at space 5; construction's TL4 needs a gem the Maya lacks
    assert [a["district"] for a in sm.legal_actions(state, MAYA)] == [None, "festival", "gold"]
    reject(state, MAYA, temple("construction"), "maya.cannot_pay")
    state, facts = act(state, MAYA, temple("festival"))
    assert tokens(state) == {"wood": (0, 1), "grain": (0, 1), "sugar": (0, 1), "cocoa": (1, 2)}
    assert state.maya.level("festival") == 1 and state.maya.hand[-2:] == ("MC06", "MC07")
    drawn = facts_of(facts, "MayaCardsDrawn")[0]
    assert sm.redact(drawn, P2)["count"] == 2 and "cards" not in sm.redact(drawn, P2)
    assert sm.redact(drawn, MAYA)["cards"] == ["MC06", "MC07"]
    assert state.maya.tops[M.districts.index("festival")] == "TM1"
    assert facts_of(facts, "MayaTemplesScored")[0]["vp"] == 1 and state.players[MAYA].vp == 1


def pass_year(state: Any, rng: Any, maya_space: int = 1, other_space: int = 2) -> tuple[Any, list[dict[str, Any]]]:
    """Everybody passes (the Maya on `maya_space`, colonists from `other_space` on), answering the
    pass spaces' questions with a decline."""
    every: list[dict[str, Any]] = []
    space = other_space
    year = state.year
    while state.year == year and sm.outcome(state) is None:
        (seat,) = sm.to_act(state)
        if state.pending is not None:
            legal = sm.legal_actions(state, seat)
            action = next(a for a in legal if None in a.values() or a.get("accept") is False) if any(
                None in a.values() for a in legal) else legal[0]
        elif seat == MAYA:
            action = {"type": "pass", "space": maya_space}
        else:
            action = {"type": "pass", "space": space}
            space += 1
        state, facts = act(state, seat, action, rng)
        every += facts
    return state, every


def test_sm_ex_80_high_priest_in_a_later_year() -> None:
    for reuse in (True, False):
        state = city(maya_start(2, high_priest_reuse=reuse), priests=1)
        state, _ = play(state, MAYA, PRIEST, temple(None))
        state, facts = pass_year(state, Rng("ex80", "year"), maya_space=1, other_space=3)
        assert state.year == 2 and state.current == MAYA and at_node(state, "B2_1") == ""
        assert facts_of(facts, "MayaCityCleared") == [{"t": "MayaCityCleared", "priests_back": 1 if reuse else 0}]
        if reuse:
            state, _ = act(state, MAYA, PRIEST, Rng("ex80", "y2"))
            assert at_node(state, "B2_1") == "priest"
        else:
            reject(state, MAYA, PRIEST, "maya.no_priest")


def test_sm_ex_81_maya_final_sale() -> None:
    state = maya_start(2, year=3)
    state = edit(state, MAYA, coins=1)
    state = city(state, vault=4, tokens={"cocoa": (1, 2), "grain": (1, 1), "wood": (1, 1), "gem": (1, 1), "sugar": (0, 1)})
    state, facts = pass_year(state, Rng("ex81", "end"), maya_space=3, other_space=1)
    assert sm.outcome(state) is not None
    assert facts_of(facts, "FinalGoodsSold")[0] == {"t": "FinalGoodsSold", "seat": MAYA,
                                                   "goods": {"wood": 1, "grain": 1, "cocoa": 1, "gem": 1}, "coins": 4}
    assert state.players[MAYA].coins == 5
    assert {"t": "FinalScored", "seat": MAYA, "category": "maya_goods", "vp": 1} in facts
    assert state.maya.vault == 4


def test_no_final_sale_at_the_end_of_years_1_and_2() -> None:
    state = city(maya_start(2), tokens={"grain": (1, 1), "wood": (1, 1)})
    state, facts = pass_year(state, Rng("sale", "y1"), maya_space=3)
    assert not facts_of(facts, "FinalGoodsSold") and tokens(state)["grain"] == (1, 1)


def test_sm_ex_83_vault_refill_and_gold_from_a_building() -> None:
    state = maya_start(3)
    state = city(state, vault=1)
    state, facts = pass_year(state, Rng("ex83", "y1"), maya_space=3, other_space=1)
    assert {"t": "VaultGoldAdded", "gold": 3, "source": "year"} in facts and state.maya.vault == 4
    state = replace(edit(state, P2, cells={(3, 3): "prod_gold"}, coins=2), current=P2)
    state, facts = act(state, P2, {"type": "activate_building", "cell": [3, 3]})
    assert state.players[P2].coins == 1 and state.maya.vault == 3 and goods(state, P2)["gold"] == 1
    assert facts_of(facts, "VaultGoldTaken") == [{"t": "VaultGoldTaken", "seat": P2, "gold": 1}]


def test_sm_ex_85_construction_card() -> None:
    state = maya_start(2, white_pool=(2, 4, 4, 5, 5, 6))
    state = edit(state, MAYA, coins=0)
    state = city(state, hand=("MC05",), tokens={"wood": (1, 1), "cocoa": (1, 2), "grain": (1, 1)})
    state, _ = act(state, MAYA, {"type": "maya_play_card", "card": "MC05", "half": "construction"})
    reject(state, MAYA, {"type": "maya_build", "node": "B2_1"}, "maya.not_empty_place")
    state, _ = act(state, MAYA, {"type": "maya_build", "node": "B2_2"})
    assert tokens(state)["wood"] == (0, 1) and state.maya.built[M.nodes.index("B2_2")] == "wooden"
    assert state.maya.wooden == 5 and ("MC05", "construction") in state.maya.tucked
    state = replace(state, current=MAYA)
    state, _ = play(state, MAYA, use(2), step("B2_1"), step("B2_2"), step(None), temple(None))
    assert tokens(state)["wood"] == (1, 1) and state.players[MAYA].conquistador == 1
    assert state.players[MAYA].coins == 1 and at_node(state, "B2_2") == "w2"


def test_a_construction_half_without_a_tile_or_a_place_cannot_be_played() -> None:
    state = city(maya_start(2), hand=("MC05",), tokens={"wood": (1, 1)}, wooden=0)
    reject(state, MAYA, {"type": "maya_play_card", "card": "MC05", "half": "construction"}, "maya.no_building_place")
    state = city(maya_start(2), hand=("MC05",), tokens={"wood": (0, 1)})
    reject(state, MAYA, {"type": "maya_play_card", "card": "MC05", "half": "construction"}, "maya.cannot_pay")
    reject(state, MAYA, {"type": "maya_play_card", "card": "MC05", "half": "technology"}, "maya.bad_half")
    reject(state, MAYA, {"type": "maya_play_card", "card": "MC06", "half": "trade"}, "maya.card_not_in_hand")


def test_sm_ex_86_road_tile_reward() -> None:
    state = maya_start(2, white_pool=(2, 4, 4, 5, 5, 6))
    state = city(state, tops={"technology": "TL4"}, tokens={"wood": (1, 1), "grain": (0, 1), "gem": (1, 1)})
    state, _ = play(state, MAYA, use(6), step("B6_1"), step(None))
    assert tokens(state)["grain"] == (1, 1)
    reject(state, MAYA, temple("festival"), "maya.not_adjacent")  # road 6 borders technology only
    state, _ = act(state, MAYA, temple("technology"))
    assert tokens(state) == {"wood": (0, 1), "grain": (0, 1), "gem": (0, 1)}
    assert state.pending.kind == "maya_road" and len(sm.legal_actions(state, MAYA)) == 4
    state, _ = act(state, MAYA, {"type": "maya_road", "slot": "road_3"})
    assert state.maya.roads == ("road_3",) and state.maya.road_tiles == 2 and state.maya.level("technology") == 1
    state = replace(state, current=MAYA)
    state, _ = play(state, MAYA, use(4), step("B4_1"), step("B4_2"))
    assert step("B2_3") in sm.legal_actions(state, MAYA)


def test_sm_ex_87_colonist_at_3_gold_on_a_vault_gold_symbol() -> None:
    state = maya_start(2)
    state = city(edit(state, MAYA, conquistador=2), vault=2)
    state = replace(edit(state, P2, gold=3, coins=1, conquistador=5), current=P2)
    state, facts = act(state, P2, {"type": "activate_building", "cell": [4, 2]})
    assert state.players[P2].conquistador == 6
    assert facts_of(facts, "OverflowConverted") == [{"t": "OverflowConverted", "seat": P2, "good": "gold", "units": 1,
                                                     "coins": 2}]
    assert state.players[P2].coins == 2 and state.maya.vault == 2 and goods(state, P2)["gold"] == 3


class Rolls:
    def __init__(self, *faces: int) -> None:
        self.faces = list(faces)

    def below(self, n: int) -> int:
        return self.faces.pop(0) - 1


def test_sm_ex_88_maya_monk_symbol() -> None:
    state = maya_start(2)
    state = edit(state, MAYA, religion=1)
    state = city(state, priests=1, tokens={"cocoa": (2, 2), "grain": (1, 1), "wood": (1, 1), "gem": (1, 1), "sugar": (1, 1)})
    state, facts = act(state, MAYA, {"type": "maya_high_priest", "node": "B1_3"}, Rolls(3))
    gained = facts_of(facts, "BlueDieGained")[0]
    assert gained["face"] == 3 and gained["usable_this_year"] and len(state.players[MAYA].blue) == 2
    assert state.pending.kind == "maya_monk_reward"
    reject(state, MAYA, {"type": "maya_monk_reward", "choice": "flip:gem"}, "maya.bad_reward")
    state, facts = act(state, MAYA, {"type": "maya_monk_reward", "choice": "draw_card"})
    assert state.maya.hand[-1] == "MC06" and sm.redact(facts_of(facts, "MayaCardsDrawn")[0], P2)["count"] == 1
    state, _ = play(state, MAYA, {"type": "religion_extra", "pay": None}, temple(None))
    assert state.players[MAYA].religion == 2 and at_node(state, "B1_3") == "priest"


def test_sm_ex_92_maya_redraw() -> None:
    state = maya_start(2)
    state = city(state, hand=("MC01", "MC02", "MC05"),
                 deck=("MC13", "MC14", "MC15", "MC16", "MC17", "MC18", "MC19", "MC20", "MC21", "MC22"))
    state, _ = play(state, MAYA, {"type": "maya_play_card", "card": "MC05", "half": "trade"}, {"type": "maya_redraw_start"})
    reject(state, MAYA, {"type": "maya_redraw_done"}, "maya.redraw_empty")
    state, _ = act(state, MAYA, {"type": "maya_redraw_mark", "card": "MC02"})
    reject(state, MAYA, {"type": "maya_redraw_mark", "card": "MC02"}, "maya.card_not_in_hand")
    reject(state, MAYA, {"type": "maya_end_trade"}, "maya.session_busy")
    state, facts = play(state, MAYA, {"type": "maya_redraw_mark", "card": "MC01"}, {"type": "maya_redraw_done"})
    redrawn = facts_of(facts, "MayaCardsRedrawn")[0]
    assert redrawn["put_under"] == ["MC02", "MC01"] and redrawn["drawn"] == ["MC13", "MC14"]
    assert sm.redact(redrawn, P2)["put_under"] == 2 and sm.redact(redrawn, None)["drawn"] == 2
    assert state.maya.deck[-2:] == ("MC02", "MC01") and state.maya.hand == ("MC13", "MC14")
    assert sm.view(state, MAYA)["maya"]["known_bottom"] == ["MC02", "MC01"]
    assert sm.view(state, P2)["maya"]["known_bottom"] is None and sm.view(state, P2)["maya"]["hand"] is None
    state, _ = act(state, MAYA, {"type": "maya_end_trade"})
    assert state.players[MAYA].coins == 2 and ("MC05", "trade") in state.maya.tucked
    reject(replace(state, current=MAYA), MAYA, {"type": "maya_redraw_start"}, "turn.no_decision_pending")


# -- the Maya's other rules (§2.2, §2.8, §8.6.3, §8.6.5, §8.6.9) ---------------------------------------


def test_colonist_main_actions_are_refused_to_the_maya_and_the_maya_s_to_colonists() -> None:
    state = maya_start(2)
    reject(state, MAYA, {"type": "expand", "tile": state.display[0]}, "maya.colonist_only")
    reject(state, MAYA, {"type": "use_die", "die": {"kind": "white", "face": 1}, "value": 1, "adjust": "none",
                         "line": "column"}, "maya.colonist_only")
    reject(state, MAYA, {"type": "activate_building", "cell": [6, 6]}, "maya.no_coin_activation")
    reject(state, MAYA, {"type": "sell", "good": "wood"}, "maya.cannot_sell")
    colonist = replace(state, current=P2)
    reject(colonist, P2, {"type": "maya_use_die", "die": {"kind": "white", "face": 1}, "value": 1, "adjust": "none"},
           "maya.not_maya")
    reject(colonist, P2, {"type": "maya_play_card", "card": "MC01", "half": "trade"}, "maya.not_maya")
    reject(colonist, P2, PRIEST, "maya.not_maya")


def test_the_maya_s_die_checks_in_order() -> None:
    state = maya_start(2, white_pool=(1, 2, 2, 3, 4, 5))
    state = edit(state, MAYA, coins=0)
    reject(state, MAYA, use(6), "die.not_in_pool")
    reject(state, MAYA, use(1, 3, "gold"), "die.bad_adjust")
    reject(state, MAYA, use(1, 1, "coins"), "die.bad_adjust")
    reject(state, MAYA, use(1, 3, "coins"), "maya.cannot_pay")
    reject(state, MAYA, {"type": "maya_use_die", "die": {"kind": "ambassador", "color": "white"}, "value": 1,
                         "adjust": "none"}, "die.not_available")
    full = city(state, occupant=tuple("priest" if M.road[n] == 1 else "" for n in M.nodes))
    reject(full, MAYA, use(1), "maya.no_free_building")
    limit = edit(state, MAYA, white_taken=3)
    reject(limit, MAYA, use(1), "die.white_limit")
    state, _ = act(state, MAYA, use(1, 3, "cocoa"))
    assert tokens(state)["cocoa"] == (0, 2) and state.maya.die.value == 3


def test_the_maya_buys_into_an_empty_token_with_maya_free_buy() -> None:
    state = city(edit(maya_start(2), MAYA, coins=3), tokens={"wood": (0, 1), "grain": (1, 1)})
    reject(state, MAYA, {"type": "buy", "good": "grain"}, "buy.storage_full")
    reject(state, MAYA, {"type": "buy", "good": "sugar"}, "buy.not_simple")
    state, _ = act(state, MAYA, {"type": "buy", "good": "wood"})
    assert tokens(state)["wood"] == (1, 1) and state.players[MAYA].coins == 0 and goods(state, MAYA) == {}
    off = city(edit(maya_start(2, maya_free_buy=False), MAYA, coins=3), tokens={"wood": (0, 1)})
    reject(off, MAYA, {"type": "buy", "good": "wood"}, "maya.cannot_buy")


def test_exchanges_with_the_supply() -> None:
    state = city(edit(maya_start(2), MAYA, coins=1), hand=("MC05",),
                 tokens={"cocoa": (1, 2), "grain": (0, 1), "wood": (1, 1), "sugar": (0, 1)})
    state, _ = act(state, MAYA, {"type": "maya_play_card", "card": "MC05", "half": "trade"})
    assert state.players[MAYA].coins == 2
    reject(state, MAYA, {"type": "maya_exchange", "id": "sell", "good": "sugar"}, "maya.cannot_pay")
    reject(state, MAYA, {"type": "maya_exchange", "id": "buy_simple", "good": "wood"}, "maya.no_room")
    state, _ = play(state, MAYA, {"type": "maya_exchange", "id": "buy_cocoa"},
                    {"type": "maya_exchange", "id": "sell", "good": "wood"},
                    {"type": "maya_exchange", "id": "buy_simple", "good": "grain"})
    assert tokens(state)["cocoa"] == (2, 2) and tokens(state)["grain"] == (1, 1) and tokens(state)["wood"] == (0, 1)
    assert state.players[MAYA].coins == 0
    reject(state, MAYA, {"type": "maya_exchange", "id": "buy_cocoa"}, "maya.cannot_pay")
    for action, code in (({"type": "maya_redraw_mark", "card": "MC01"}, "maya.no_redraw"),
                         ({"type": "maya_offer_send"}, "offer.none_open"),
                         ({"type": "maya_offer_open", "to": MAYA}, "offer.bad_seat"),
                         ({"type": "maya_offer_open", "to": 2}, "offer.bad_seat")):
        reject(state, MAYA, action, code)


def test_gold_in_an_offer_moves_through_the_vault() -> None:
    state = ex44()
    state = edit(state, P2, gold=1, coins=0)
    state = city(state, vault=2)
    state, _ = play(state, MAYA, {"type": "maya_play_card", "card": "MC05", "half": "trade"},
                    {"type": "maya_offer_open", "to": P2}, {"type": "maya_offer_add", "side": "get", "item": "gold"},
                    {"type": "maya_offer_add", "side": "give", "item": "gold"},
                    {"type": "maya_offer_add", "side": "give", "item": "gold"},
                    {"type": "maya_offer_remove", "side": "give", "item": "gold"})
    reject(state, MAYA, {"type": "maya_offer_remove", "side": "give", "item": "coin"}, "offer.bad_item")
    state, _ = act(state, MAYA, {"type": "maya_offer_send"})
    state, facts = act(state, P2, {"type": "offer_reply", "accept": True})
    assert goods(state, P2) == {"gold": 1} and state.maya.vault == 2
    assert [f["t"] for f in facts if f["t"].startswith("Vault")] == ["VaultGoldAdded", "VaultGoldTaken"]


def test_cocoa_in_an_offer_goes_through_the_colonist_s_cocoa_tokens() -> None:
    """§8.6.5 with the core's cocoa (§8.1): a colonist offers cocoa from its full cocoa tokens (no
    more than it holds), and cocoa the Maya gives fills the colonist's empty tokens; what does not
    fit is lost, without coins (SM-EX-31)."""
    state = edit(ex44(), P2, cocoa_tokens=2, cocoa=1)
    get = {"type": "maya_offer_add", "side": "get", "item": "cocoa"}
    state, _ = play(state, MAYA, {"type": "maya_play_card", "card": "MC05", "half": "trade"},
                    {"type": "maya_offer_open", "to": P2}, get)
    reject(state, MAYA, get, "offer.bad_item")  # P2 has one full cocoa token
    state, _ = act(state, MAYA, {"type": "maya_offer_send"})
    state, facts = act(state, P2, {"type": "offer_reply", "accept": True})
    assert state.players[P2].cocoa == 0 and tokens(state)["cocoa"] == (1, 2)
    assert facts_of(facts, "CocoaPaid") == [{"t": "CocoaPaid", "seat": P2, "cocoa": 1, "for": "maya_trade"}]
    state = city(state, tokens={**tokens(state), "cocoa": (2, 2)})
    state = edit(state, P2, cocoa=1)
    give = {"type": "maya_offer_add", "side": "give", "item": "cocoa"}
    state, _ = play(state, MAYA, {"type": "maya_offer_open", "to": P2}, give, give, {"type": "maya_offer_send"})
    state, facts = act(state, P2, {"type": "offer_reply", "accept": True})
    assert state.players[P2].cocoa == 2 and tokens(state)["cocoa"] == (0, 2) and state.players[P2].coins == 2
    assert [(f["t"], f["cocoa"]) for f in facts if f["t"].startswith("Cocoa")] == [("CocoaGained", 1), ("CocoaLost", 1)]


def test_solo_maya() -> None:
    facts = sm.setup({"expansion": True, "modules": ["D"]}, 1, Rng("solo", "setup"))
    state = __import__("domain.core", fromlist=["fold"]).fold(sm, None, facts)
    assert state.maya.vault == 1 and state.players[0].coins == 2 and sm.to_act(state) == frozenset({0})
    assert "FirstPlayerChosen" not in names(facts) and "DraftStarted" not in names(facts)
    state = city(state, hand=("MC05",))
    state, _ = act(state, 0, {"type": "maya_play_card", "card": "MC05", "half": "trade"})
    reject(state, 0, {"type": "maya_offer_open", "to": 1}, "offer.supply_only")
    state, _ = act(state, 0, {"type": "maya_end_trade"})
    state, facts = pass_year(state, Rng("solo", "y1"), maya_space=3)
    assert {"t": "VaultGoldAdded", "gold": 1, "source": "year"} in facts and state.maya.vault == 2


def test_setup_with_the_maya() -> None:
    facts = sm.setup({"expansion": True, "modules": ["D"], "colony_assignment": "random"}, 3, Rng("setup", "maya"))
    state = __import__("domain.core", fromlist=["fold"]).fold(sm, None, facts)
    assert [p.coins for p in state.players] == [2, 3, 4] and [p.good("wood") for p in state.players] == [0, 2, 2]
    assert state.players[0].board == "" and all(p.board for p in state.players[1:])
    assert len(state.white_pool) == 9 and all(len(p.blue) == 1 for p in state.players)
    assert state.maya.vault == 3 and len(state.maya.hand) == 5 and len(state.maya.deck) == 19
    assert tokens(state) == {"wood": (1, 1), "grain": (1, 1), "cocoa": (1, 2), "gem": (0, 1), "sugar": (0, 1)}
    assert all(state.maya.tops) and len(state.maya.medium) == len(state.maya.small) == 5
    shuffled = next(f for f in facts if f["t"] == "MayaDeckShuffled")
    for viewer in (None, 0, 1, 2):
        assert sm.redact(shuffled, viewer)["order"] == 24
    assert sm.view(state, 1)["maya"]["hand"] is None and sm.view(state, 0)["maya"]["hand"] == list(state.maya.hand)
    assert sm.view(state, ALL)["maya"]["hidden"]["deck"] == list(state.maya.deck)
    drafted = sm.setup({"expansion": True, "modules": ["D"], "advanced_setup": True}, 3, Rng("setup", "maya"))
    assert next(f for f in drafted if f["t"] == "DraftStarted")["order"] == [2, 1]
    sets = next(f for f in drafted if f["t"] == "TownHallSetsDealt")["sets"]
    assert C.cocoa_town_hall not in [th for _, th, _ in sets] and len(sets) == 4  # no S5 with D (§8.6)


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_town_halls_deal_no_colony_to_the_maya(seats: int) -> None:
    """§8.1 setup 6 with module D (§8.6): the town halls go to the colonists only, from the 4 base
    ones (no cocoa colony, no TH_cocoa); the Maya's seat gets no colony and no cocoa token (its
    cocoa is on its storage tokens, §8.6.3); 4 colonists and the Maya use all 4 town halls."""
    modules = ["C", "D"] if seats == 5 else ["D"]
    for k in range(6):
        facts = sm.setup({"expansion": True, "modules": modules}, seats, Rng("setup", f"maya-halls-{seats}-{k}"))
        shuffled = next(f for f in facts if f["t"] == "TownHallsShuffled")
        assert sorted(shuffled["order"]) == sorted(C.town_halls) and shuffled["dealt"] == seats - 1
        boards = next(f for f in facts if f["t"] == "ColoniesDealt")["boards"]
        assert boards[0] == "" and boards[1:] == [C.town_hall_board[h] for h in shuffled["order"][: seats - 1]]
        assert sorted({f["seat"] for f in facts if f["t"] == "CocoaTokensGiven"}) == list(range(1, seats))
        assert all(f["tokens"] == f["full"] == C.cocoa_each for f in facts if f["t"] == "CocoaTokensGiven")
        state = fold(sm, None, facts)
        assert state.players[0].board == "" and state.players[0].cocoa is None and state.maya is not None
        assert all(p.board and p.cocoa == C.cocoa_each for p in state.players[1:])
        assert set(shuffled["order"][seats - 1:]) <= set(state.boxed)  # the undealt town halls, unseen


def test_temple_rewards_and_checks() -> None:
    """§8.6.6: trade → a reserve token (maya_token), gold → a high priest; a finished temple and a
    cost the Maya cannot pay are refused."""
    state = maya_start(2, white_pool=(1, 2, 3, 4, 5, 6))
    state = city(state, tokens={"wood": (1, 1), "gem": (1, 1), "cocoa": (2, 2), "grain": (1, 1)},
                 tops={"trade": "TL1"}, levels={"festival": 3}, reserve=(0, 0, 0, 1, 1))
    state, _ = play(state, MAYA, use(2), step("B2_1"), step(None))
    reject(state, MAYA, temple("festival"), "maya.temple_complete")
    state, _ = act(state, MAYA, temple("trade"))
    assert sm.legal_actions(state, MAYA) == [{"type": "maya_token", "good": "sugar"}, {"type": "maya_token", "good": "gem"}]
    reject(state, MAYA, {"type": "maya_token", "good": "wood"}, "maya.bad_reward")
    state, facts = act(state, MAYA, {"type": "maya_token", "good": "gem"})
    assert tokens(state)["gem"] == (1, 2) and state.maya.reserve == (0, 0, 0, 1, 0)
    assert names(facts)[-2:] == ["TempleTileRevealed", "TurnStarted"]  # the reward, then the next tile
    state = replace(state, current=MAYA)
    state = city(state, tokens={"grain": (1, 1), "sugar": (1, 1), "cocoa": (2, 2), "wood": (1, 1)}, tops={"gold": "TL2"})
    state, facts = play(state, MAYA, use(3), step("B3_1"), step(None), temple("gold"))
    assert "HighPriestTaken" in names(facts) and state.maya.priests == 1 and state.maya.priest_supply == 2
    state = replace(state, current=MAYA)
    state = city(state, tops={"construction": "TS5"}, levels={"construction": 2})
    state, _ = play(state, MAYA, use(4), step("B4_1"), step(None))
    reject(state, MAYA, temple("construction"), "maya.cannot_pay")


def test_what_reveals_and_what_stays_hidden() -> None:
    state = maya_start(2, open_scores=False)
    assert sm.reveals({"t": "MayaCardsDrawn", "seat": MAYA, "cards": ["MC01"]})
    assert sm.reveals({"t": "MayaCardPlayed", "seat": MAYA, "card": "MC01", "half": "trade"})
    assert sm.reveals({"t": "TempleTileRevealed", "district": "gold", "tile": "TM1"})
    assert not sm.reveals({"t": "MayaGoodsGained", "seat": MAYA, "goods": {"wood": 1}, "lost": {}, "source": "x"})
    marked = {"t": "MayaRedrawMarked", "seat": MAYA, "card": "MC02"}
    assert sm.redact(marked, P2)["card"] is None and sm.redact(marked, None)["card"] is None
    assert sm.redact(marked, MAYA) == marked and sm.redact(marked, ALL) == marked
    stacks = {"t": "TempleStacksShuffled", "medium": ["TM1", "TM2"], "small": ["TS1"]}
    assert sm.redact(stacks, MAYA) == {**stacks, "medium": 2, "small": 1}
    view = sm.view(state, P2)["maya"]
    assert view["hand"] is None and view["hand_size"] == 5 and "hidden" not in view
    assert view["temple_stacks"] == {"medium": 5, "small": 5} and view["temples"]["gold"] == {"levels": 0, "top": "TL3"}
    opened = {"t": "MayaTemplesScored", "seat": MAYA, "by_district": {}, "vp": 3, "open": True}
    assert sm.redact(opened, P2)["vp"] == 3


def test_a_redraw_is_paid_when_done_and_a_buy_in_between_can_leave_it_unpaid() -> None:
    state = city(edit(maya_start(2), MAYA, coins=3), tokens={"wood": (0, 1), "grain": (1, 1)})
    state, _ = play(state, MAYA, {"type": "maya_play_card", "card": "MC05", "half": "trade"},
                    {"type": "maya_redraw_start"}, {"type": "maya_redraw_mark", "card": "MC01"},
                    {"type": "buy", "good": "wood"})
    assert state.players[MAYA].coins == 1
    state = edit(state, MAYA, coins=0)
    reject(state, MAYA, {"type": "maya_redraw_done"}, "maya.cannot_pay")
    state, _ = act(state, MAYA, {"type": "maya_redraw_cancel"})
    assert state.maya.session.marks is None and "MC01" in state.maya.hand


def test_sm_ex_84_maya_simulates_an_ambassador_die_its_part() -> None:
    """SM-EX-84, the Maya's part (module C's passive order puts the task `maya_simulation` in the
    Maya's place; here it is run directly): the simulated die 4 moves like a die of the Maya's, fills
    the cocoa and sugar tokens and leaves no die in the city."""
    from domain.core import fold
    from domain.core.facts import Tx
    from domain.santa_maria.flow import run

    state = city(maya_start(2), tokens={"cocoa": (0, 1), "sugar": (0, 1), "grain": (1, 1)}, hand=("MC12",))
    tx = Tx(state, sm.evolve)
    run(tx, MAYA, [("maya_simulation", 4)], Rng("ex84", "sim"))
    state = fold(sm, state, tx.facts)
    assert sm.to_act(state) == frozenset({MAYA}) and state.pending.kind == "maya_simulate"
    assert sorted(a["accept"] for a in sm.legal_actions(state, MAYA)) == [False, True]
    declined, _ = act(state, MAYA, {"type": "maya_simulate", "accept": False})
    assert declined.maya.die is None and declined.pending is None
    state, _ = act(state, MAYA, {"type": "maya_simulate", "accept": True})
    assert state.maya.die.simulated and state.maya.die.value == 4
    state, _ = play(state, MAYA, step("B4_1"), {"type": "maya_technology", "card": "MC12"}, step("B4_2"), step("B4_3"))
    assert tokens(state)["cocoa"] == (1, 1) and tokens(state)["sugar"] == (1, 1)
    state, facts = play(state, MAYA, step(None), temple(None))
    assert "MayaSimulationEnded" in names(facts) and "MayaDiePlaced" not in names(facts)
    assert state.maya.free("B4_1") and state.maya.free("B4_3") and state.maya.die is None
    assert ("MC12", "technology") in state.maya.tucked and state.white_pool == (1, 1, 2, 2, 3, 3)


def test_no_simulation_without_a_reachable_free_building() -> None:
    from domain.core import fold
    from domain.core.facts import Tx
    from domain.santa_maria.flow import run

    state = city(maya_start(2), occupant=tuple("priest" if M.road[n] == 6 else "" for n in M.nodes))
    tx = Tx(state, sm.evolve)
    run(tx, MAYA, [("maya_simulation", 6)], Rng("sim", "none"))
    assert "DecisionAsked" not in names(tx.facts)
    assert fold(sm, state, tx.facts).maya.die is None


def test_with_modules_a_and_b_the_maya_has_no_governor_and_hires_nobody() -> None:
    """§8.6.8 with A and B: every colony gets its governor on the start cell, the Maya (no colony)
    none; the specialists are dealt as usual, and the Maya's dice never ask to hire (its die use
    is maya_use_die, not use_die's hire step)."""
    facts = sm.setup({"expansion": True, "modules": ["A", "B", "C", "D"]}, 5, Rng("setup", "maya-abcd"))
    state = fold(sm, None, facts)
    assert state.maya is not None and "GovernorsPlaced" in names(facts) and "SpecialistsDealt" in names(facts)
    assert state.players[MAYA].occupant.count("G") == 0
    assert all(p.occupant.count("G") == 1 for p in state.players[1:])
    white = min(state.white_pool)
    state, facts = act(state, MAYA, use(white))
    assert not [f for f in facts if f["t"] == "DecisionAsked" and f["decision"] == "hire"]
    assert sm.view(state, None)["players"][MAYA].get("governor") is None
