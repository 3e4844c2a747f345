"""The tables the rule modules fill, each rule next to its own code (`phases/*.py`, `setup.py`,
`flow.py`), and `flow.decide` / `flow.legal_actions` read:

    commands      the handler of each action, by type and step (`@commands.command("ship", Step.SHIP)`)
    evolves       how each fact changes the state (`@evolves("GoodsShipped")`; `evolve` is `evolver`)
    offers        the legal actions at a player step (`@offers(Step.SHIP)`)
    automatic     what happens by itself at a step (`@automatic(Step.SHIP)`): it returns False when
                  the seat to act has a real choice, True when it emitted facts and the game
                  moves on (an automatic pass, the end of a phase, ...)
    entrants      who takes part in an expansion stage of a phase (`@entrants(Step.VILLA)`): the
                  changes that enter it, or None when nobody does (`stages.py` asks them only
                  when an expansion is in play)

These tables are module-global on purpose: they are the rulebook as data, filled once when the
package is imported (by the decorators) and never changed afterwards.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from domain.core import Action, RandomSource
from domain.core.commands import Commands
from domain.core.facts import Evolver, Tx

from .i18n import T
from .state import State

TITLE = "Puerto Rico"

commands = Commands(TITLE, words=T)
evolver = Evolver(TITLE)
evolves = evolver.evolves

Offer = Callable[[State, int], list[Action]]
Automatic = Callable[[Tx, RandomSource], bool]
Entrant = Callable[[State, Any, int], "dict[str, Any] | None"]  # (state, the stage, chooser)

OFFERS: dict[str, Offer] = {}
AUTOMATIC: dict[str, Automatic] = {}
ENTRANTS: dict[str, Entrant] = {}

F = TypeVar("F", bound=Callable[..., Any])


def _filler(table: dict[str, Any], what: str) -> Callable[..., Callable[[F], F]]:
    def at(*steps: str) -> Callable[[F], F]:
        def register(function: F) -> F:
            for member in steps:
                # Keyed by the step's text, the same string the state holds: a dictionary of
                # plain strings is looked up without comparing an enum member to the text
                # (these tables are read at every decision and automatic step).
                step = getattr(member, "value", member)
                if step in table:
                    raise ValueError(f"{TITLE}: two {what} for the step {step!r}")
                table[step] = function
            return function

        return register

    return at


# The options an automatic step listed at the state a decision ends at (`offered`), handed to the
# next `legal_actions` of that same state instead of listed again (a decision is followed by the
# listing of its state). One slot, (state, options), emptied when the options are handed out:
# the slot keeps its state alive, so no other object can take its identity, and a state never
# changes once a step found a real choice at it; another thread's decision overwriting the slot
# only makes this one list its options again.
OFFERED: list[tuple[State, list[Action]] | None] = [None]


def offered(s: State, options: list[Action]) -> bool:
    """An automatic step found a real choice at `s` (False, its answer): `options` are what the
    seat to act is offered there (`legal_actions` before any guest), kept for the listing."""
    OFFERED[0] = (s, options)
    return False


offers = _filler(OFFERS, "offers")
automatic = _filler(AUTOMATIC, "automatic steps")
entrants = _filler(ENTRANTS, "entrants")
