"""Which section of the rules page (shared/rules/navegador.md) produces each fact: what
`replay why` cites next to a fact's sentence. Data only; a fact two rules emit names a function."""

from __future__ import annotations

from domain.core.i18n import N_
from domain.core.rules import Fact
from domain.core.words import Sections

from .i18n import _


def _card_passed(fact: Fact) -> str:
    """The Navegador card moves on after it is used (§4.2) or when its deadline passes (§4.3)."""
    return "4.2" if fact.get("reason") == "used" else "4.3"


SECTIONS = Sections(
    "navegador.md",
    say=_,
    titles={
        "1.10": N_("Setup"),
        "2.1": N_("Turn sequence"),
        "2.2": N_("Moving on the rondel"),
        "2.4": N_("Workers"),
        "2.5": N_("Ships"),
        "2.6": N_("Sailing and exploring"),
        "2.7": N_("Colony"),
        "2.8": N_("Buildings"),
        "2.9": N_("Market"),
        "2.10": N_("Privilege"),
        "2.12": N_("End of turn"),
        "3.2": N_("When the new phase takes effect"),
        "4.1": N_("Initial holder and the orange ship"),
        "4.2": N_("Using the card"),
        "4.3": N_("The deadline and the penalty"),
        "5.1": N_("End triggers and the final round"),
        "5.2": N_("Scoring"),
        "5.3": N_("The king's privilege"),
        "5.4": N_("Winner and tie-breaks"),
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
