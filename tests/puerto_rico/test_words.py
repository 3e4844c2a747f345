"""Puerto Rico in words: sentences for facts the seeded games of tests/test_words.py rarely
reach, the variants of a fact (hospice, university, lighthouse, nobles, the wharf), the
redacted forms and the automatic steps. Seats 0, 1, 2 are Ann, Bob and Cy."""

from __future__ import annotations

from typing import Any

import pytest

import domain.puerto_rico as pr
from domain.core import ALL
from tests.test_words import said as words_of


def said(fact: dict[str, Any], viewer: int | None = ALL) -> str:
    return words_of(pr, fact, viewer)


@pytest.mark.parametrize(
    ("fact", "sentence"),
    [
        ({"t": "GoodsShipped", "seat": 0, "good": "corn", "ship": 1, "count": 3, "vp": 3},
         "Ann ships 3 corn on the 2nd-smallest cargo ship: 3 VP."),
        ({"t": "GoodsShipped", "seat": 1, "good": "coffee", "ship": "wharf", "count": 2, "vp": 3, "doubloons": 1},
         "Bob ships 2 coffee on the wharf: 3 VP and 1 doubloon (lighthouse)."),
        ({"t": "SmallWharfShipped", "seat": 2, "goods": {"corn": 2, "sugar": 1}, "count": 3, "vp": 1},
         "Cy ships 2 corn and 1 sugar with the small wharf: 1 VP."),
        ({"t": "ShipUnloaded", "ship": 0, "good": "indigo", "count": 4},
         "The smallest cargo ship is full and is unloaded: 4 indigo go back to the supply."),
        ({"t": "RoleSelected", "seat": 2, "role": "prospector_2", "doubloons": 1},
         "Cy takes the prospector role and the 1 doubloon on it."),
        ({"t": "HaciendaQuarryTaken", "seat": 0}, "Ann uses the hacienda to take a quarry."),
        ({"t": "HuntingLodgeRewarded", "seat": 0, "vp": 2},
         "Ann's hunting lodge earns 2 VP for the most empty island spaces."),
        ({"t": "GoodKept", "seat": 1, "good": "tobacco"}, "Bob keeps 1 tobacco in the storehouse."),
        ({"t": "PlantationTaken", "seat": 1, "kind": "indigo", "hospice": "ship_noble"},
         "Bob takes an indigo plantation, and the hospice puts a noble from the colonist ship on it."),
        ({"t": "BuildingBuilt", "seat": 0, "building": "coffee_roaster", "price": 0, "university": "ship", "church": 1},
         "Ann builds a coffee roaster for free; the university puts a colonist from the colonist ship on it; "
         "the church earns 1 VP."),
        ({"t": "BuildingBuilt", "seat": 2, "building": "large_market", "price": 3, "university": None, "black_market": 2},
         "Cy builds a large market for 3 doubloons; the black market covers 2 doubloons."),
        ({"t": "GoodsProduced", "production": [
            {"seat": 1, "goods": {"indigo": 3, "corn": 1}, "factory": 1, "aqueduct": {"indigo": 1}},
            {"seat": 2, "goods": {}, "factory": 0, "chapel": "vp", "vp": 1},
            {"seat": 0, "goods": {"sugar": 2}, "factory": 0, "jeweler": 3, "doubloons": 3}]},
         "Production: Bob 1 corn and 3 indigo (1 indigo of it from the aqueduct; 1 doubloon from the factory); "
         "Cy nothing (1 VP from the chapel); Ann 2 sugar (3 doubloons from the jeweler)."),
        ({"t": "CaptainBonusesPaid", "lighthouse": 2, "union_hall": [{"seat": 0, "vp": 2}, {"seat": 1, "vp": 1}]},
         "Before the shipping: Cy's lighthouse pays 1 doubloon, Ann's union hall earns 2 VP and "
         "Bob's union hall earns 1 VP."),
        ({"t": "GameEndTriggered", "reason": "city", "seat": 1},
         "The game will end after this round: Bob has filled the 12th city space."),
        ({"t": "ColonistsDistributed", "colonists": [0, 0, 0], "nobles": [1, 0, 1]},
         "The colonist ship is unloaded: 1 noble to Ann and 1 noble to Cy."),
        ({"t": "TileDiscarded", "seat": 0, "tile": "forest", "kind": "sugar", "worker": None, "by": "land_office",
          "doubloons": 1},
         "Ann sells a forest (sugar) to the land office for 1 doubloon."),
        ({"t": "GuestDeployed", "seat": 2, "to": "coffee", "piece": "noble"},
         "Cy moves a guest (noble) from the guest house to the coffee plantation."),
        ({"t": "BlackMarketPaid", "seat": 1, "item": "worker", "from": "windrose", "piece": "colonist"},
         "Bob pays the black market with a colonist from the windrose."),
        ({"t": "GameEnded", "reasons": ["vp"], "scores": [41, 38, 52]},
         "The game is over; final scores: Ann 41 VP, Bob 38 VP and Cy 52 VP."),
    ],
)
def test_facts_in_words(fact: dict[str, Any], sentence: str) -> None:
    assert said(fact) == sentence


def test_a_face_down_draw_names_its_kind_only_to_the_drawer() -> None:
    drawn = {"t": "TileDrawn", "seat": 1, "kind": "coffee", "source": "land_office"}
    assert said(drawn, 1) == "Bob draws a face-down plantation with the land office, for 1 doubloon: it is coffee (only Bob sees it)."
    for viewer in (0, 2, None):
        assert said(drawn, viewer) == "Bob draws a face-down plantation with the land office, for 1 doubloon."
    forest = {"t": "DrawnTilePlaced", "seat": 1, "kind": "coffee", "forest": True}
    assert said(forest, None) == "Bob places the drawn tile face down as a forest."
    assert said(forest, 1) == "Bob places the drawn coffee plantation face down as a forest (only Bob knows its kind)."
    face_up = {"t": "DrawnTilePlaced", "seat": 1, "kind": "coffee", "forest": False}
    assert said(face_up, 0) == "Bob places the drawn coffee plantation face up."


def test_the_pile_order_is_never_read_out() -> None:
    shuffled = {"t": "PlantationsShuffled", "tiles": ["corn", "coffee", "sugar"]}
    assert said(shuffled, ALL) == said(shuffled, 0) == "The plantation tiles are shuffled into a face-down pile of 3."


@pytest.mark.parametrize(
    ("fact", "sentence"),
    [
        ({"t": "Passed", "seat": 1, "phase": "trader", "auto": True},
         "Bob has nothing to do now in the trader phase and passes (automatic)."),
        ({"t": "Passed", "seat": 1, "phase": "trader"}, "Bob passes in the trader phase."),
        ({"t": "MayorPrivilegeTaken", "seat": 0, "colonists": 0, "auto": True},
         "The colonist supply is empty: Ann gets no extra colonist as mayor (automatic)."),
        ({"t": "GoodsStored", "seat": 2, "kept": None, "discarded": {"corn": 2}, "auto": True},
         "Cy cannot keep 2 corn: back to the supply (automatic)."),
        ({"t": "GoodsStored", "seat": 2, "kept": None, "discarded": {}, "auto": True},
         "Cy keeps every good left (automatic)."),
        ({"t": "GoodsStored", "seat": 2, "kept": "sugar", "discarded": {"sugar": 1, "corn": 1}},
         "Cy keeps 1 sugar on the windrose; 1 corn and 1 sugar go back to the supply."),
        ({"t": "ArrangementFinished", "seat": 0, "auto": True}, "Ann has nothing more to place (automatic)."),
        ({"t": "ColonistShipRefilled", "colonists": 0, "short": True},
         "The colonist supply is empty: the colonist ship cannot be refilled."),
    ],
)
def test_automatic_steps_say_so(fact: dict[str, Any], sentence: str) -> None:
    assert said(fact) == sentence
