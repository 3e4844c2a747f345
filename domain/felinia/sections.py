"""Which section of the rules page (shared/rules/felinia.md) produces each fact: what `replay why`
cites next to a fact's sentence. Data only; a fact two rules emit names a function of the fact.

Titles are the page's headings word for word. (Not to be confused with `components.SECTIONS`, the
sections of the component data file; the package exports this table as its SECTIONS.)

Two facts are laid by the setup (§1.13 steps 6 and 8) and by every preparation (§2.6 steps 2 and
4) with the same shape, so the fact alone cannot tell which: `DeckTilePlaced` and `MarketRefilled`
cite §2.6, where they recur every round.
"""

from __future__ import annotations

from domain.core.i18n import N_
from domain.core.rules import Fact
from domain.core.words import Sections

from .i18n import _


def _bidding_began(fact: Fact) -> str:
    """Round 1 starts at the end of the setup (§1.13 step 12); every later one at the end of the
    preparation (§2.6 step 6)."""
    return "1.13" if fact.get("round") == 1 else "2.6"


def _bid_withdrawn(fact: Fact) -> str:
    """The engine's automatic withdrawal (§2.3.5), else a `decline` at a market (§2.3.2) or at the
    guild (§2.3.3)."""
    if fact.get("auto"):
        return "2.3.5"
    return "2.3.3" if fact.get("venue") == "guild" else "2.3.2"


def _goods_exchanged(fact: Fact) -> str:
    """Options A (§2.3.3) and C, the advanced game's exchange for food (§5.2)."""
    return "5.2" if fact.get("option") == "goods_food" else "2.3.3"


def _reward_gained(fact: Fact) -> str:
    """A symbol on the province entered (§2.4.2), food being the advanced game's (§5.3); the extra
    unit of an income special tile names its tile (§5.5)."""
    if "tile" in fact:
        return "5.5"
    return "5.3" if fact.get("kind") == "food" else "2.4.2"


SECTIONS = Sections(
    "felinia.md",
    say=_,
    titles={
        "1.13": N_("Setup algorithm"),
        "2.2": N_("Bidding phase"),
        "2.3.1": N_("Venue loop"),
        "2.3.2": N_("A market turn"),
        "2.3.3": N_("A guild turn"),
        "2.3.4": N_("The boarding window"),
        "2.3.5": N_("Automatic withdrawal"),
        "2.4.1": N_("Which ships sail"),
        "2.4.2": N_("A merchant's expedition (basic game; advanced changes in 5.3)"),
        "2.5": N_("Storage phase"),
        "2.6": N_("Preparation for the next round"),
        "3.2": N_('Selling (the rulebook\'s "at any time")'),
        "4.1": N_("The two end triggers"),
        "4.2": N_("Scoring"),
        "5.2": N_("Trade phase: third exchange option"),
        "5.3": N_("Exploration changes"),
        "5.5": N_("Special trade tiles"),
        "6": N_("Variant for very experienced players (`open_deck`)"),
    },
    facts={
        # the setup (§1.13)
        "GameSetUp": "1.13",
        "FirstPlayerChosen": "1.13",
        "StartGoodsDealt": "1.13",
        "DeckShuffled": "1.13",
        "TradeTilesPlaced": "1.13",
        "MysteryDeckShuffled": "1.13",
        "BiddingBegan": _bidding_began,
        # bidding (§2.2; [BID-2] opens the trade phase)
        "BidPlaced": "2.2",
        "SilverGained": "2.2",
        "TradeBegan": "2.2",
        # trade (§2.3, the advanced exchange §5.2)
        "VenueTurn": "2.3.1",
        "BidWithdrawn": _bid_withdrawn,
        "GoodsBought": "2.3.2",
        "GoodsExchanged": _goods_exchanged,
        "BonusTileBought": "2.3.3",
        "MerchantBoarded": "2.3.4",
        "BoardingWindowClosed": "2.3.4",
        # exploration (§2.4, the advanced changes §5.3, special tiles §5.5)
        "ExplorationBegan": "2.4.1",
        "DeckTileDiscarded": "2.4.1",
        "ShipSailed": "2.4.1",
        "ShipReturned": "2.4.1",
        "ExpeditionBegan": "2.4.2",
        "MerchantMoved": "2.4.2",
        "ExpeditionBound": "2.4.2",
        "TradeTileRevealed": "2.4.2",
        "RewardGained": _reward_gained,
        "TradeTileTaken": "2.4.2",
        "MerchantSettled": "2.4.2",
        "MerchantReturnedHome": "2.4.2",
        "FoodSpent": "5.3",
        "MysteryCardsDrawn": "5.3",
        "MysteryCardKept": "5.3",
        "MysteryCardsReturned": "5.3",
        "SpecialTileEffect": "5.5",
        # storage (§2.5) and selling at any time (§3.2)
        "StorageBegan": "2.5",
        "StorageSlotBought": "2.5",
        "GoodsStored": "2.5",
        "ItemsSold": "3.2",
        # preparation (§2.6), the open deck variant (§6)
        "BidTokensReturned": "2.6",
        "DeckTilePlaced": "2.6",
        "MarketRefilled": "2.6",
        "DeckTopRevealed": "6",
        "FirstPlayerPassed": "2.6",
        # the end (§4)
        "GameEndTriggered": "4.1",
        "FinalSalesBegan": "4.1",
        "FinalSalesDone": "4.1",
        "GameScored": "4.2",
    },
)
