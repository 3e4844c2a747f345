"""Felinia's facts in words (`describe`): what each viewer reads, never more than its redacted
fact carries (rules page §7)."""

from __future__ import annotations

import domain.felinia as fe
from domain.core import ALL
from domain.core.words import render

NAMES = ["Blue", "Red", "Green", "Yellow"]


def said(fact: dict[str, object], viewer: int | None) -> str:
    shown = fe.redact(fact, viewer)
    assert shown is not None
    return render(fe.describe(shown, viewer), NAMES)


def test_a_taken_trade_tile_is_named_to_its_owner_only() -> None:
    fact = {"t": "TradeTileTaken", "seat": 0, "province": "PU-F2", "tile": "T15"}
    assert said(fact, 0) == "Blue takes T15 (jaguar) at PU-F2."
    assert said(fact, 1) == said(fact, None) == "Blue takes the trade tile at PU-F2."
    assert said(fact, ALL) == said(fact, 0)


def test_a_kept_mysterious_place_is_named_to_its_owner_only() -> None:
    kept = {"t": "MysteryCardKept", "seat": 1, "card": "MP09", "auto": False, "goods_paid": "books"}
    assert said(kept, 1) == "Red keeps Library of Paws (MP09), handing in books."
    assert said(kept, 0) == "Red keeps a card, handing in books."
    drawn = {"t": "MysteryCardsDrawn", "seat": 1, "count": 2, "cards": ["MP09", "MP01"]}
    assert "Library of Paws" in said(drawn, 1) and said(drawn, 2) == "Red draws 2 mysterious place cards."
    none = {"t": "MysteryCardKept", "seat": 1, "card": None, "auto": True, "goods_paid": None}
    assert said(none, 0) == "Red can keep none of the drawn cards."


def test_special_tiles_and_their_income_are_named_to_their_owner_only() -> None:
    effect = {"t": "SpecialTileEffect", "seat": 2, "tile": "S7", "effect": "silver_income",
              "gains": [{"kind": "silver", "amount": 1, "lost": 0}], "goods": None, "removed": False}
    assert said(effect, 2) == "Green gains 1 silver from special tile S7."
    assert said(effect, 0) == "Green gains 1 silver from a special tile."
    income = {"t": "RewardGained", "seat": 2, "province": "BR-X3", "kind": "silver", "tile": "S7",
              "amount": 1, "lost": 0}
    assert said(income, 2) == "Green gains 1 silver at BR-X3 (tile S7)."
    assert said(income, 3) == "Green gains 1 silver at BR-X3 (a special tile)."
    windfall = {**effect, "tile": "S6", "effect": "windfall", "goods": "wine", "removed": True,
                "gains": [{"kind": "food", "amount": 1, "lost": 0}, {"kind": "gold", "amount": 1, "lost": 0},
                          {"kind": "silver", "amount": 1, "lost": 0}]}
    assert said(windfall, 0) == ("Green gains 1 food, 1 gold, 1 silver and 1 wine from special tile S6; "
                                 "the tile leaves the game.")


def test_setup_secrets_read_as_their_existence_only() -> None:
    shuffled = {"t": "DeckShuffled", "deck": ["D01"] * 20}
    assert said(shuffled, 0) == "The deck tiles are shuffled, blue-backed at the bottom."
    placed = {"t": "TradeTilesPlaced", "tiles": {"EM-F1": "T01"}, "face_up": False}
    assert said(placed, None) == "The trade tiles are laid on the factory sites, face down."


def test_moves_read_like_the_table() -> None:
    assert said({"t": "BidPlaced", "seat": 3, "target": "own_board", "circle": 2}, 0) == \
        "Yellow places a bid token on income circle 2 of their board."
    assert said({"t": "GoodsBought", "seat": 0, "market": "market1", "goods": "watches", "price": 4}, 1) == \
        "Blue buys 1 watch at market 1 for 4 silver."
    assert said({"t": "MerchantBoarded", "seat": 0, "ship": "ship2", "ship_seat": 0,
                 "goods": ["watches", "watches"], "silver": 1}, 1) == "Blue boards a merchant on Ship 2 for 2 watches and 1 silver."
    assert said({"t": "BidWithdrawn", "seat": 1, "venue": "guild", "auto": True, "reason": "no_option"}, 0) == \
        "Red takes back a bid token from the guild (no exchange is possible)."
    assert said({"t": "GameScored", "scores": [47, 30, 12]}, None) == "Final scores: Blue 47, Red 30, Green 12."
