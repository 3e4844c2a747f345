"""The bots of a game that do not search (a move in microseconds or milliseconds): the tests that
play whole games with every bot use these; the search bots have their own (tests/test_search.py)."""

from __future__ import annotations

from collections.abc import Mapping

from domain.core import search
from domain.core.rules import Bot


def quick_bots(bots: Mapping[str, Bot]) -> dict[str, Bot]:
    """`bots` (a game's BOTS) without its search bots, in their order."""
    return {name: bot for name, bot in bots.items() if not search.searching(bot)}
