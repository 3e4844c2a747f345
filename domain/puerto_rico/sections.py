"""Which section of the rules page (shared/rules/puerto-rico.md) produces each fact: what
`replay why` cites next to a fact's sentence. Data only; a fact two rules emit names a function."""

from __future__ import annotations

from domain.core.rules import Fact
from domain.core.words import Sections

PHASES = {"settler": "4.1", "mayor": "4.2", "builder": "4.3", "craftsman": "4.4", "trader": "4.5",
          "captain": "4.6", "prospector": "4.7"}


def _phase(fact: Fact) -> str:
    """A pass or the end of a phase: that phase's section (the draft and role selection: §3.2)."""
    return PHASES.get(str(fact.get("phase")), "3.2")


SECTIONS = Sections(
    "puerto-rico.md",
    titles={
        "1.3": "Setup procedure",
        "3.2": "One round",
        "2.4": "New Buildings expansion table and effects",
        "2.5": "Nobles expansion table and effects",
        "4.1": "Settler — new plantations",
        "4.2": "Mayor — new colonists",
        "4.3": "Builder — construction",
        "4.4": "Craftsman — production",
        "4.5": "Trader — selling",
        "4.6": "Captain — shipping",
        "4.7": "Prospector",
        "4.8": "Guest house free command (New Buildings)",
        "5.1": "End triggers",
        "5.2": "Final score",
        "6.2": "New Buildings expansion",
        "8": "Randomness",
    },
    facts={
        # setup and the round (§1.3, §3.2, §6.2 the draft, §8 shuffles)
        "GameSetUp": "1.3",
        "PlantationsShuffled": "8",
        "BuildingDrafted": "6.2",
        "RoleSelected": "3.2",
        "RoundEnded": "3.2",
        "Passed": _phase,
        "PhaseEnded": _phase,
        # settler (§4.1), with the New Buildings' forest house (§2.4) and the Nobles' hunting lodge (§2.5)
        "PlantationsDrawn": "4.1",
        "PlantationTaken": "4.1",
        "QuarryTaken": "4.1",
        "HaciendaTileDrawn": "4.1",
        "HaciendaQuarryTaken": "4.1",
        "TileDrawn": "4.1",
        "DrawnTilePlaced": "4.1",
        "TileDiscarded": "4.1",
        "PlantationRowDiscarded": "4.1",
        "ForestTaken": "2.4",
        "HuntingLodgeRewarded": "2.5",
        # mayor (§4.2), the Nobles' villa (§2.5)
        "MayorPrivilegeTaken": "4.2",
        "PieceTaken": "4.2",
        "ColonistsDistributed": "4.2",
        "ColonistPlaced": "4.2",
        "ColonistRemoved": "4.2",
        "ColonistsAssigned": "4.2",
        "ArrangementFinished": "4.2",
        "ColonistShipRefilled": "4.2",
        "VillaUsed": "2.5",
        # builder (§4.3), the black market (§2.4), the guest house (§4.8)
        "BuildingBuilt": "4.3",
        "BlackMarketUsed": "2.4",
        "BlackMarketPaid": "2.4",
        "GuestDeployed": "4.8",
        # craftsman, trader, prospector (§4.4, §4.5, §4.7), the Nobles' land office (§2.5)
        "GoodsProduced": "4.4",
        "CraftsmanBonusTaken": "4.4",
        "GoodSold": "4.5",
        "TradingHouseEmptied": "4.5",
        "LandOfficeBought": "2.5",
        "ProspectorPrivilegeTaken": "4.7",
        # captain (§4.6), the small wharf (§2.4), the royal supplier (§2.5)
        "CaptainBonusesPaid": "4.6",
        "GoodsShipped": "4.6",
        "LoadingEnded": "4.6",
        "GoodsWarehoused": "4.6",
        "GoodKept": "4.6",
        "GoodsStored": "4.6",
        "ShipUnloaded": "4.6",
        "SmallWharfLoaded": "2.4",
        "SmallWharfShipped": "2.4",
        "RoyalSupplierUsed": "2.5",
        # the end (§5)
        "GameEndTriggered": "5.1",
        "GameEnded": "5.2",
    },
)
