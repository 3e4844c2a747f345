"""Navegador (Mac Gerdts, PD-Verlag 2010) for 2-5 players, as a pure rules engine.

    >>> from domain.core import Rng, fold
    >>> import domain.navegador as nav
    >>> state = fold(nav, None, nav.setup({}, 4, Rng("seed", "setup")))
    >>> nav.legal_actions(state, state.current)[0]
    {'type': 'move_rondel', 'space': 'market_1', 'pay_ships': {}}

Rules: ../shared/rules/navegador.md (the "rules page"), the Russian rulebook wins where they
disagree (docs/navegador.md lists every case). Component data: components.json.
"""

from __future__ import annotations

from domain.core.i18n import N_

from .bots import BOTS
from .conditions import CONDITIONS
from .decide import decide, legal_actions, to_act
from .determinize import determinize
from .evolve import evolve
from .scoring import outcome
from .sections import SECTIONS
from .setup import MAX_SEATS, MIN_SEATS, OPTIONS, check_options, setup
from .views import redact, reveals, view
from .words import describe

NAME = "navegador"
TITLE = "Navegador"  # (translated as i18n.TITLE)
RULES_VERSION = "1"
BLURB = N_(
    "Portugal in the age of discovery, for 2 to 5 players. Move your stone around the rondel to hire "
    "workers, build ships, sail out and explore the sea route to the East, found colonies, build "
    "factories, shipyards and churches, trade sugar, gold and spice at the market, or take privileges "
    "that make a kind of holding worth more at the end. Rounding the Cape and reaching Malacca open "
    "new phases; Nagasaki or an empty building board ends the game."
)

# What `make bench` measures (options, pure-engine playouts, event-sourced playouts): uniformly
# random games last about 4,900 moves, so fewer of them than for shorter games.
BENCH_CASES: list[tuple[dict[str, object], int, int]] = [({}, 100, 20)]

__all__ = [
    "BENCH_CASES",
    "BLURB",
    "BOTS",
    "CONDITIONS",
    "MAX_SEATS",
    "MIN_SEATS",
    "NAME",
    "RULES_VERSION",
    "SECTIONS",
    "TITLE",
    "OPTIONS",
    "check_options",
    "decide",
    "determinize",
    "describe",
    "evolve",
    "legal_actions",
    "outcome",
    "redact",
    "reveals",
    "setup",
    "to_act",
    "view",
]
