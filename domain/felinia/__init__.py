"""Felinia (Michael Schacht, Matagot 2010) for 2-4 players, as a pure rules engine.

    >>> from domain.core import Rng, fold
    >>> import domain.felinia as fe
    >>> state = fold(fe, None, fe.setup({}, 4, Rng("seed", "setup")))
    >>> fe.legal_actions(state, state.first)[0]
    {'type': 'place_bid', 'target': 'own_board'}

Rules: ../shared/rules/felinia.md (the "rules page"); the Russian rulebook wins where they
disagree (docs/felinia.md lists every case). Component data: components.json.
"""

from __future__ import annotations

from domain.core.i18n import N_

from .bots import BOTS
from .conditions import CONDITIONS
from .determinize import determinize
from .flow import decide, legal_actions
from .phases.mystery import redact_action
from .scoring import outcome
from .sections import SECTIONS
from .setup import MAX_SEATS, MIN_SEATS, OPTIONS, check_options, setup
from .state import commands, evolve, to_act
from .views import redact, reveals, view
from .words import describe

NAME = "felinia"
TITLE = "Felinia"  # (translated as i18n.TITLE)
RULES_VERSION = "2"  # 2: a seat may sell out of turn (FE-AMB-10); records of 1 replay unchanged
BLURB = N_(
    "Merchants of Katzburg sail to the five kingdoms of the cats, for 2 to 4 players. Bid for the goods "
    "of the markets and the exchanges of the guild, pay the goods a ship asks for to put your merchants "
    "aboard, and when it sails walk them three steps inland to found a trading post on a trade tile, "
    "collecting spice, gold, silver and goods on the way. Sets of portraits, groups of neighbouring "
    "posts, gold, spice and goods score at the end; the advanced game adds food, mysterious places and "
    "special tiles."
)

# What `make bench` measures (options, pure-engine playouts, event-sourced playouts): uniformly
# random games, basic with 4 players and the advanced game.
# Selling «в любое время (!)» (§3.2, FE-AMB-10): the one action a seat may take out of turn.
OUT_OF_TURN = commands.out_of_turn

BENCH_CASES: list[tuple[dict[str, object], int, int]] = [({}, 500, 100), ({"mode": "advanced"}, 500, 100)]

__all__ = [
    "BENCH_CASES",
    "BLURB", "BOTS", "CONDITIONS", "MAX_SEATS", "MIN_SEATS", "NAME", "OPTIONS", "OUT_OF_TURN", "RULES_VERSION", "SECTIONS", "TITLE",
    "check_options", "decide", "determinize", "describe", "evolve", "legal_actions", "outcome", "redact",
    "redact_action", "reveals", "setup", "to_act", "view",
]
