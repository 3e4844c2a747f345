"""Felinia's SECTIONS: the rules-page section `replay why` cites for each fact (the shared tests
in tests/test_disputes.py check that every fact with words has one and every fixture fact
resolves). The titles are the page's headings word for word; the page lives outside the
repository, so no test reads it."""

from __future__ import annotations

import pytest

import domain.felinia as fe
from domain.felinia import components


def test_the_package_exports_the_rules_sections_and_the_component_data_keeps_its_own() -> None:
    assert fe.SECTIONS.page == "felinia.md"
    assert "player_counts" in components.SECTIONS  # the data file's sections, a different thing


@pytest.mark.parametrize(("fact", "number"), [
    ({"t": "BiddingBegan", "round": 1, "first": 0}, "1.13"),
    ({"t": "BiddingBegan", "round": 2, "first": 1}, "2.6"),
    ({"t": "BidWithdrawn", "seat": 0, "venue": "market2", "auto": True, "reason": "market_empty"}, "2.3.5"),
    ({"t": "BidWithdrawn", "seat": 0, "venue": "market2", "auto": False, "reason": None}, "2.3.2"),
    ({"t": "BidWithdrawn", "seat": 0, "venue": "guild", "auto": False, "reason": None}, "2.3.3"),
    ({"t": "GoodsExchanged", "seat": 0, "option": "goods_spice"}, "2.3.3"),
    ({"t": "GoodsExchanged", "seat": 0, "option": "goods_food"}, "5.2"),
    ({"t": "RewardGained", "seat": 0, "province": "PU-X1", "kind": "gold", "amount": 1, "lost": 0}, "2.4.2"),
    ({"t": "RewardGained", "seat": 0, "province": "PU-X1", "kind": "food", "amount": 1, "lost": 0}, "5.3"),
    ({"t": "RewardGained", "seat": 0, "province": "PU-X1", "kind": "silver", "tile": "S7", "amount": 1, "lost": 0}, "5.5"),
    ({"t": "RewardGained", "seat": 0, "province": "PU-X1", "kind": "gold", "tile": None, "amount": 1, "lost": 0}, "5.5"),
    ({"t": "DeckTopRevealed", "tile": "D07"}, "6"),
])
def test_a_fact_two_rules_emit_cites_the_one_that_produced_it(fact: dict[str, object], number: str) -> None:
    section = fe.SECTIONS(fact)
    assert section is not None and section.number == number
