"""Puerto Rico (base game, 2-5 players, New Buildings and Nobles expansions) as a pure rules engine.

    >>> from domain.core import Rng, fold
    >>> import domain.puerto_rico as pr
    >>> state = fold(pr, None, pr.setup({}, 4, Rng("seed", "setup")))
    >>> pr.legal_actions(state, state.turn)[0]
    {'type': 'select_role', 'role': 'settler'}

Rules page: shared/rules/puerto-rico.md (section numbers § in comments refer to it). Notes on
rulebook differences and the ambiguity resolutions chosen: docs/puerto-rico.md.

Organised like the rulebook: `setup.py` (options, setup, the New Buildings draft), `flow.py`
(role selection, the end of a phase, a round and the game; `decide` and `legal_actions`),
`phases/` (one module per phase, each with its base and expansion rules, legal actions,
automatic steps and fact handlers), and the small shared modules `tables.py` (what the phase
modules register), `stages.py` (who acts next), `common.py` and `tiles.py`.
"""

from __future__ import annotations

from domain.core.i18n import N_

from .bots import BOTS
from .conditions import CONDITIONS
from .determinize import determinize
from .flow import decide, evolve, legal_actions, to_act
from .scoring import outcome
from .sections import SECTIONS
from .setup import OPTIONS, check_options, setup
from .state import State
from .views import redact, reveals, view
from .words import describe

NAME = "puerto-rico"
TITLE = "Puerto Rico"  # (translated as i18n.TITLE)
RULES_VERSION = "2"  # 2: the New Buildings and Nobles expansions
BLURB = N_(
    "Plantations, a growing city and cargo ships bound for the Old World. Each round every player "
    "in turn chooses a role (settler, mayor, builder, craftsman, trader, captain or prospector); "
    "everyone then acts in that phase, the chooser with a privilege. Plant, man your buildings, "
    "produce, sell and ship goods for victory points. For 2 to 5 players, with the New Buildings "
    "and Nobles expansions."
)

# What `make bench` measures: (options, pure-engine playouts, event-sourced playouts).
BENCH_CASES: list[tuple[dict[str, object], int, int]] = [
    ({}, 500, 500),
    ({"expansions": ["new_buildings"]}, 500, 100),
    ({"expansions": ["nobles"]}, 500, 100),
    ({"expansions": ["new_buildings", "nobles"]}, 500, 100),
]
MIN_SEATS = 2
MAX_SEATS = 5

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
    "State",
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
