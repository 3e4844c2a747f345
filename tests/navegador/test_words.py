"""Navegador in words: the variants of a fact and the face-down colony tiles. Seats 0, 1, 2
are Ann, Bob and Cy."""

from __future__ import annotations

from typing import Any

import pytest

import domain.navegador as nav
from domain.core import ALL
from tests.test_words import said as words_of


def said(fact: dict[str, Any], viewer: int | None = ALL) -> str:
    return words_of(nav, fact, viewer)


@pytest.mark.parametrize(
    ("fact", "sentence"),
    [
        ({"t": "RondelMoved", "seat": 0, "from": "sailing", "to": "ships", "distance": 5,
          "ships_paid": {"guine": 1, "portugal": 1}},
         "Ann moves the rondel stone 5 spaces to Ships, paying 2 ships (1 from Guiné and 1 from Portugal)."),
        ({"t": "RondelMoved", "seat": 1, "from": None, "to": "market_2", "distance": 0, "ships_paid": {}},
         "Bob places the rondel stone on Market."),
        ({"t": "WorkersHired", "seat": 2, "count": 2, "real": 1, "virtual": 1, "paid": 100, "received": 100},
         "Cy hires 2 workers for 100 Cr; 1 virtual one is sold to the bank for 100 Cr."),
        ({"t": "ShipsBuilt", "seat": 0, "count": 1, "real": 1, "virtual": 0, "paid": 50, "received": 0},
         "Ann builds 1 ship in Portugal for 50 Cr."),
        ({"t": "RegionExplored", "seat": 1, "region": "cabo_da_boa_esperanca",
          "sources": [{"from": "angola", "count": 2}, {"from": "guine", "count": 1}], "ships_lost": 1,
          "tiles_revealed": ["gold_50"], "bonus": 50, "phase_pending": 2},
         "Bob explores Cabo da Boa Esperança with 3 ships from Angola and Guiné, losing 1 ship; the colony "
         "gold 50 turns face up; Bob receives 50 Cr; phase 2 begins when this sailing ends."),
        ({"t": "NavegadorPassed", "from": 0, "to": 2, "reason": "deadline", "orange_ship": None},
         "Ann passes the Navegador card to Cy unused: the stone reached the orange ship."),
        ({"t": "KingsPrivilegePlaced", "seat": 1, "kind": "none", "how": "forced"},
         "Bob has no free privilege cell: the king's privilege scores nothing."),
        ({"t": "KingsPrivilegePlaced", "seat": 1, "kind": "church", "how": "forced"},
         "Bob places the king's privilege in the church column (automatic: the only free column)."),
        ({"t": "PhaseStarted", "phase": 3, "privileges_added": {"colony": 1, "factory": 0, "explorer": 1,
                                                                "shipyard": 1, "church": 1}},
         "Phase 3 begins: new privileges enter the gallery (1 colony, 1 explorer, 1 shipyard and 1 church)."),
        ({"t": "GoodsProcessed", "seat": 2, "good": "sugar", "count": 3, "unit_income": 30, "row_before": 4,
          "row_after": 1, "orange_used": True},
         "Cy processes 3 sugar at 30 Cr each (90 Cr), with the orange factory's help; the sugar price rises 3 rows."),
        ({"t": "GameEndTriggered", "seat": 0, "reason": "nagasaki"},
         "Ann has explored Nagasaki: the game ends after a final round."),
        ({"t": "GameScored", "scores": [120, 133, 98], "ranks": [2, 1, 3]},
         "Final scores: Ann 120 VP (2nd), Bob 133 VP (1st) and Cy 98 VP (3rd)."),
    ],
)
def test_facts_in_words(fact: dict[str, Any], sentence: str) -> None:
    assert said(fact) == sentence


def test_the_face_down_colony_tiles_are_named_only_in_the_full_record() -> None:
    dealt = {"t": "ColoniesDealt", "stacks": {"guine": ["gold_70", "gold_100"], "bahia": ["sugar_50"]},
             "removed": ["gold_40", "spice_90"]}
    spectator = said(dealt, None)
    assert spectator == said(dealt, 0) == "The colony tiles are dealt face down onto 2 regions; 2 tiles leave the game unseen."
    assert said(dealt, ALL) == (
        "The colony tiles are dealt face down onto 2 regions; 2 tiles leave the game unseen (gold 40 and spice 90)."
    )
