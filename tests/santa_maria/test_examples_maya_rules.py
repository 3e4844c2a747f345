"""Module D, the Maya city: the rules of §8.6 the worked examples (test_examples_maya_worked.py)
leave out — §2.2, §2.8, §8.6.3, §8.6.5, §8.6.9 — and the Maya's part of SM-EX-84. The Maya is
seat 0 (the page's seat 1), the colonists seats 1.. (the page's P2..)."""

from __future__ import annotations

import pytest

import domain.santa_maria as sm
from domain.core import ALL, Rng, fold
from domain.santa_maria.components import C
from domain.santa_maria.maya.data import M
from domain.santa_maria.state import replace

from .helpers import act, edit, goods, names, play, reject
from .maya_examples_helpers import P2, PRIEST, ex44, facts_of, pass_year
from .maya_helpers import MAYA, city, maya_start, step, temple, tokens, use

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
