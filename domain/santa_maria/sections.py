"""Which section of the rules page (santa-maria.md) produces each fact: what `replay why` cites
next to a fact's sentence. Data only; a fact several rules emit names a function."""

from __future__ import annotations

from domain.core.i18n import N_
from domain.core.rules import Fact
from domain.core.words import Sections

from .i18n import _
from .maya import texts as maya

_DECISION = {"trade": "3.3", "ship": "3.4", "conquistador_extra": "3.5", "religion_extra": "3.6",
             "place_monk": "3.7", "road_tile": "4", "place_tile": "2.4", "expand_pay": "2.4",
             "meditation_extra": "4", "ambassador_line": "8.4"}


def _decision(fact: Fact) -> str:
    return _DECISION.get(fact.get("decision", ""), "2.3")


def _source(fact: Fact) -> str:
    """A gain: from a building (§3.2, §3.3), a mission (§3.7), a dock (§4), a pass space (§4), ..."""
    kind = str(fact.get("source", "")).partition(":")[0]
    return {"building": "3.2", "trade": "3.3", "mission": "3.7", "dock": "4", "pass": "4",
            "conquistador": "3.5", "taxation": "1.6"}.get(kind, "2.9")


def _paid(fact: Fact) -> str:
    return {"tile": "2.4", "trade": "3.3", "ship": "3.4", "religion": "3.6", "die": "2.6"}.get(str(fact.get("for", "")), "2.9")


SECTIONS = Sections(
    "santa-maria.md",
    say=_,
    titles={
        "1.6": N_("Scholar tiles"), "1.9": N_("Setup"), "2.1": N_("Game flow"), "2.3": N_("Decision points"),
        "2.4": N_("Main action A — expand the colony"), "2.5": N_("Main action B — activate one building with coins"),
        "2.6": N_("Main action C — activate a row or column with a die"), "2.8": N_("Free actions"),
        "2.9": N_("Goods handling"), "3.2": N_("Production"), "3.3": N_("Trade"), "3.4": N_("Sea trade"),
        "3.5": N_("Conquistador action"), "3.6": N_("Religion action"), "3.7": N_("Monk placement"),
        "3.8": N_("Gaining a blue die"), "4": N_("Passing"), "5": N_("End of year"), "6": N_("End of game scoring"),
        "7.1": N_("Advanced colony setup"), "7.2": N_("Variant: shared blue dice"), "7.3": N_("Solo play"),
        "8.1": N_("American Kingdoms — core changes"), "8.2": N_("Module A — Governor"), "8.3": N_("Module B — Specialists"),
        **maya.TITLES,  # module D
        "8.4": N_("Module C — Ambassadors"),
    },
    facts={
        "GameSetUp": "1.9", "BlueSupplySet": "1.9", "ShipsDealt": "1.9", "ShipDeckShuffled": "1.9",
        "ScholarsShuffled": "1.9", "BishopsShuffled": "1.9", "ScholarsRevealed": "1.9", "BishopsRevealed": "1.9",
        "TileStacksShuffled": "1.9", "FirstPlayerChosen": "1.9", "StartingGoodsGiven": "1.9",
        "ColoniesDealt": "1.9", "ColonyChosen": "1.9", "DraftStarted": "1.9",
        "TownHallSetsDealt": "7.1", "SetChosen": "7.1", "TownHallPlaced": "7.1", "SetsReturned": "7.1",
        "WhiteDiceRolled": lambda f: "5" if "year" in f else "1.9",  # a year end, or the setup
        "DisplayDealt": lambda f: "5" if "removed" in f else "1.9",
        "BlueDiceRolled": lambda f: "5" if "year" in f else "1.9",  # a year end, or the setup (shared dice)
        "BlueDieGained": "3.8", "BlueDieAddedToPool": "7.2",
        "YearStarted": "5", "TurnStarted": "2.1", "DecisionAsked": _decision, "Declined": _decision,
        "TileChosen": "2.4", "ExpandCancelled": "2.4", "TileBuilt": "2.4",
        "BuildingActivatedWithCoins": "2.5", "BuildingActivated": "2.6", "DieTaken": "2.6",
        "DieValueChanged": "2.6", "DiePlaced": "2.6",
        "GoodsGained": _source, "CoinsGained": _source, "VPGained": _source, "OverflowConverted": "2.9",
        "GoodsPaid": _paid, "CoinsPaid": lambda f: "2.6" if f.get("for") == "diagonal" else "3.5", "CoinsTransferred": "3.7", "GoodSold": "2.8", "GoodBought": "2.8",
        "TradeMade": "3.3", "ShipTaken": "3.4", "DockRefilled": "3.4",
        "ConquistadorAdvanced": "3.5", "ConquistadorBlocked": "3.5", "GoldFound": "3.5",
        "ReligionAdvanced": "3.6", "ReligionOverflowScored": "3.6", "MonkPlaced": "3.7",
        "Passed": "4", "RoadTilePlaced": "4", "DockIncomeTaken": "4",
        "ConquistadorScored": "5", "ConquistadorReset": "5", "BuildingsCleared": "5", "FirstPlayerSet": "5",
        "FinalGoodsSold": "6", "FinalScored": "6", "GameEnded": "6", "AchievementsReached": "7.3",
        "SpecialShipsShuffled": "8.1", "TownHallsShuffled": "8.1", "CocoaTokensGiven": "8.1", "CocoaGained": "8.1",
        "CocoaLost": "8.1", "CocoaPaid": "8.1", "MeditationSpaceUsed": "4", "BishopConquestScored": "5",
        **maya.SECTIONS,  # module D
        "AmbassadorDiceRolled": "8.4", "AmbassadorTaken": "8.4", "PassiveActivationStarted": "8.4",  # module C
        "GovernorsPlaced": "8.2", "GovernorMoved": "8.2", "GovernorBlocked": "8.2", "ColonistsScored": "8.2",  # module A
        "SpecialistsShuffled": "8.3", "SpecialistsDealt": "8.3", "SpecialistsDiscarded": "8.3",  # module B
        "SpecialistHired": "8.3", "ImprovementPlaced": "8.3", "SpecialistGoodsLost": "8.3",
    },
)
