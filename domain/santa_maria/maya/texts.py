"""The rules-page sections of the Maya's facts, as data: the shared sections.py reads them (maya/words.py
has the Maya's own sentences, i18n.py the words of its decisions)."""

from __future__ import annotations

from domain.core.i18n import N_

TITLES = {
    "8.6.2": N_("Maya setup"), "8.6.3": N_("Maya goods rules"), "8.6.4": N_("Gold, conquistador track and religion with the Maya"),
    "8.6.5": N_("Maya turn: one of four actions"), "8.6.6": N_("Temples"), "8.6.7": N_("End of year and end of game for the Maya"),
    "8.6.8": N_("Maya and the other modules"),
}
SECTIONS = {
    "MayaSetUp": "8.6.2", "TemplesDealt": "8.6.2", "TempleStacksShuffled": "8.6.2", "MayaDeckShuffled": "8.6.2",
    "MayaCardsDrawn": "8.6.5", "VaultGoldAdded": "8.6.4", "VaultGoldTaken": "8.6.4", "MayaGoodsGained": "8.6.3",
    "MayaGoodsPaid": "8.6.3", "MayaTokenAdded": "8.6.6", "MayaDieStarted": "8.6.5", "MayaDieMoved": "8.6.5",
    "MayaBuildingActivated": "8.6.5", "MayaDiePlaced": "8.6.5", "MayaDieUseEnded": "8.6.5", "HighPriestPlaced": "8.6.5",
    "HighPriestTaken": "8.6.6", "MayaCardPlayed": "8.6.5", "CardTucked": "8.6.5", "MayaBuildingBuilt": "8.6.5",
    "TempleLevelCompleted": "8.6.6", "TempleTileRevealed": "8.6.6", "MayaRoadPlaced": "8.6.6",
    "MayaTemplesScored": "8.6.5", "TradeSessionOpened": "8.6.5", "TradeSessionClosed": "8.6.5",
    "MayaExchangeMade": "8.6.5", "MayaRedrawStarted": "8.6.5", "MayaRedrawMarked": "8.6.5",
    "MayaRedrawCancelled": "8.6.5", "MayaCardsRedrawn": "8.6.5", "TradeOfferOpened": "8.6.5",
    "TradeOfferItemAdded": "8.6.5", "TradeOfferItemRemoved": "8.6.5", "TradeOffered": "8.6.5",
    "TradeOfferAnswered": "8.6.5", "TradeOfferCancelled": "8.6.5", "MayaCityCleared": "8.6.7",
    "MayaSimulationStarted": "8.6.8", "MayaSimulationEnded": "8.6.8",
}
