"""Which section of the rules page (shared/rules/puerto-rico.md) produces each fact: what
`replay why` cites next to a fact's sentence. Each module cites its own facts next to their
handlers (its `CITES`); this gathers them with the titles of the sections cited."""

from __future__ import annotations

from domain.core.words import Sections

from . import flow, setup, tiles
from .phases import (
    builder,
    captain,
    captain_start,
    craftsman,
    guests,
    mayor,
    prospector,
    settler,
    storage,
    trader,
)

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
        **setup.CITES,
        **flow.CITES,
        **tiles.CITES,
        **settler.CITES,
        **mayor.CITES,
        **builder.CITES,
        **guests.CITES,
        **craftsman.CITES,
        **trader.CITES,
        **prospector.CITES,
        **captain_start.CITES,
        **captain.CITES,
        **storage.CITES,
    },
)
