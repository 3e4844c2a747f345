"""Which section of the rules page (shared/rules/puerto-rico.md) produces each fact: what
`replay why` cites next to a fact's sentence. Each module cites its own facts next to their
handlers (its `CITES`); this gathers them with the titles of the sections cited."""

from __future__ import annotations

from domain.core.i18n import N_
from domain.core.words import Sections

from . import flow, setup, tiles
from .i18n import _
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
    say=_,
    titles={
        "1.3": N_("Setup procedure"),
        "3.2": N_("One round"),
        "2.4": N_("New Buildings expansion table and effects"),
        "2.5": N_("Nobles expansion table and effects"),
        "4.1": N_("Settler — new plantations"),
        "4.2": N_("Mayor — new colonists"),
        "4.3": N_("Builder — construction"),
        "4.4": N_("Craftsman — production"),
        "4.5": N_("Trader — selling"),
        "4.6": N_("Captain — shipping"),
        "4.7": N_("Prospector"),
        "4.8": N_("Guest house free command (New Buildings)"),
        "5.1": N_("End triggers"),
        "5.2": N_("Final score"),
        "6.2": N_("New Buildings expansion"),
        "8": N_("Randomness"),
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
