"""Santa Maria (Kristian Amundsen Østby and Eilif Svensson, Aporta Games 2017) for 1-4 players,
the base game with the advanced (town hall draft) setup, the shared blue dice variant and solo
play, as a pure rules engine.

    >>> from domain.core import Rng, fold
    >>> import domain.santa_maria as sm
    >>> state = fold(sm, None, sm.setup({"colony_assignment": "random"}, 2, Rng("seed", "setup")))
    >>> sorted(sm.to_act(state)) == [state.first]
    True

Rules: ../shared/rules/santa-maria.md §0-§7, §9-§12 (the "rules page"); the Russian rulebook
wins where they disagree (docs/santa-maria.md lists every case). Component data:
components.json. The American Kingdoms expansion's core (§8.1, option `expansion`) lives in
kingdoms.py; its modules A-D are refused until they are playable (setup.PLAYABLE).
"""

from __future__ import annotations

from domain.core.i18n import N_

from . import kingdomwords  # noqa: F401 (the American Kingdoms' and the ambassadors' sentences)
from .bots import BOTS
from .conditions import CONDITIONS
from .determinize import determinize
from .flow import to_act
from .rules import decide, legal_actions
from .scoring import outcome
from .sections import SECTIONS
from .setup import MAX_SEATS, MIN_SEATS, OPTIONS, check_options, setup
from .state import evolve
from .views import redact, redact_action, reveals, view
from .words import describe

NAME = "santa-maria"
TITLE = "Santa Maria"  # (translated as i18n.TITLE)
RULES_VERSION = "1"
BLURB = N_(
    "Colonists in the New World, for 1 to 4 players over three years. Grow your colony with tiles of "
    "buildings and roads, then activate its rows and columns with blue and white dice or single buildings "
    "with coins: produce wood, grain, sugar, gems and gold, trade them, ship them for income when you pass, "
    "send conquistadors after gold and climb the religion track to place monks with scholars, bishops and "
    "missions. The happiest colony wins."
)

# What `make bench` measures (options, pure-engine playouts, event-sourced playouts): uniformly
# random games are short (random players pass early), about 100 decisions for 4 players.
# American Kingdoms: the core alone, and with modules A+B+C (about 100 and 140 decisions, 1.5-2x
# the base game's time per game), fewer games so `make bench` stays short.
BENCH_CASES: list[tuple[dict[str, object], int, int]] = [
    ({}, 300, 60),
    ({"expansion": True}, 100, 20),
    ({"expansion": True, "modules": ["A", "B", "C"]}, 100, 20),
]

__all__ = [
    "BENCH_CASES", "BLURB", "BOTS", "CONDITIONS", "SECTIONS", "MAX_SEATS", "MIN_SEATS", "NAME", "OPTIONS", "RULES_VERSION", "TITLE",
    "check_options", "decide", "determinize", "describe", "evolve", "legal_actions", "outcome", "redact", "redact_action", "reveals", "setup",
    "to_act", "view",
]
