"""Which section of the rules page (shared/rules/navegador.md) produces each fact: what
`replay why` cites next to a fact's sentence. Data only; a fact two rules emit names a function."""

from __future__ import annotations

from domain.core.rules import Fact
from domain.core.words import Sections


def _card_passed(fact: Fact) -> str:
    """The Navegador card moves on after it is used (§4.2) or when its deadline passes (§4.3)."""
    return "4.2" if fact.get("reason") == "used" else "4.3"


SECTIONS = Sections(
    "navegador.md",
    titles={
        "1.10": "Setup",
        "2.1": "Turn sequence",
        "2.2": "Moving on the rondel",
        "2.4": "Workers",
        "2.5": "Ships",
        "2.6": "Sailing and exploring",
        "2.7": "Colony",
        "2.8": "Buildings",
        "2.9": "Market",
        "2.10": "Privilege",
        "2.12": "End of turn",
        "3.2": "When the new phase takes effect",
        "4.1": "Initial holder and the orange ship",
        "4.2": "Using the card",
        "4.3": "The deadline and the penalty",
        "5.1": "End triggers and the final round",
        "5.2": "Scoring",
        "5.3": "The king's privilege",
        "5.4": "Winner and tie-breaks",
    },
    facts={
        "GameSetUp": "1.10",
        "ColoniesDealt": "1.10",
        "FirstPlayerChosen": "1.10",
        "OrangeShipPlaced": "4.1",
        "TurnStarted": "2.1",
        "RondelMoved": "2.2",
        "WorkersHired": "2.4",
        "ShipsBuilt": "2.5",
        "ShipsMoved": "2.6",
        "RegionExplored": "2.6",
        "ColonyFounded": "2.7",
        "BuildingBuilt": "2.8",
        "GoodsSold": "2.9",
        "GoodsProcessed": "2.9",
        "PrivilegeTaken": "2.10",
        "ActionEnded": "2.12",
        "TurnEnded": "2.12",
        "PhaseStarted": "3.2",
        "NavegadorUsed": "4.2",
        "NavegadorPassed": _card_passed,
        "GameEndTriggered": "5.1",
        "FinalRoundStarted": "5.1",
        "GameScored": "5.2",
        "KingsPrivilegePlaced": "5.3",
        "GameEnded": "5.4",
    },
)
