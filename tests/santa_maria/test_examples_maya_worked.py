"""Module D, the Maya city: the worked examples of the rules page §10 (SM-EX-40..45, 78..81, 83,
85..88, 92). The Maya is seat 0 (the page's seat 1), the colonists seats 1.. (the page's P2..).
SM-EX-82 and SM-EX-84 need module C (test_examples_maya_c.py; the Maya's part of SM-EX-84 is in
test_examples_maya_rules.py)."""

from __future__ import annotations

from typing import Any

import domain.santa_maria as sm
from domain.core import Rng
from domain.santa_maria.maya.data import M
from domain.santa_maria.state import replace

from .helpers import act, edit, goods, names, play, reject
from .maya_examples_helpers import P2, PRIEST, ex44, facts_of, pass_year
from .maya_helpers import MAYA, at_node, city, maya_start, step, temple, tokens, use


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
