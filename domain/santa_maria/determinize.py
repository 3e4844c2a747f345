"""`determinize(state, seat, rng)`: the hidden information dealt again as `seat` may imagine it
(the rules contract, domain/core/search.py; what is hidden: views.py and maya/views.py, §9).

Hidden from `seat`, each dealt again from one pool into the same places: the face-down double,
triple and special development stacks, the ship deck and the special ship stack, the
specialists' stack (module B), the scholars and bishops in the box, and with the Maya (module D)
its temple stacks, and its deck and hand: a colonist knows only their sizes (and how many cards
a redraw has marked), the Maya its hand and the cards it put under the deck (they stay at the
bottom, in their order). The other seats' VP totals (unless the table plays with open scores)
are guessed as the seat's own: nothing public tells them apart.
"""

from __future__ import annotations

from typing import Any

from domain.core import RandomSource
from domain.core.search import redeal

from .frozen import replace
from .state import State


def _again(rng: RandomSource, items: tuple[str, ...] | None) -> tuple[str, ...] | None:
    return None if items is None else redeal(rng, items, [len(items)])[0]


def determinize(state: State, seat: int, rng: RandomSource) -> State:
    double, triple = (redeal(rng, stack, [len(stack)])[0] for stack in state.stacks)
    changes: dict[str, Any] = {
        "stacks": (double, triple),
        "ship_deck": _again(rng, state.ship_deck),
        "boxed": _again(rng, state.boxed),
        "specialist_stack": _again(rng, state.specialist_stack),
        "special_stack": _again(rng, state.special_stack),
        "special_ships": _again(rng, state.special_ships),
    }
    if not state.open_scores:
        own = state.players[seat].vp
        changes["players"] = tuple(p if i == seat else replace(p, vp=own) for i, p in enumerate(state.players))
    state = replace(state, **changes)
    return _maya(state, seat, rng) if state.maya is not None else state


def _maya(state: State, seat: int, rng: RandomSource) -> State:
    maya = state.maya
    assert maya is not None
    medium, small = _again(rng, maya.medium), _again(rng, maya.small)
    if seat == maya.seat:  # its hand is its own; the cards it put under the deck lie at the bottom
        unknown = len(maya.deck) - len(maya.known_bottom)
        deck = (*redeal(rng, maya.deck[:unknown], [unknown])[0], *maya.deck[unknown:])
        return replace(state, maya=replace(maya, medium=medium, small=small, deck=deck))
    session = maya.session
    marks = None if session is None else session.marks
    hand, deck = redeal(rng, maya.hand + maya.deck, [len(maya.hand), len(maya.deck)])
    known = deck[len(deck) - len(maya.known_bottom):] if maya.known_bottom else ()
    changes: dict[str, Any] = {"medium": medium, "small": small, "hand": hand, "deck": deck, "known_bottom": known}
    if session is not None and marks:
        changes["session"] = replace(session, marks=hand[: len(marks)])
    return replace(state, maya=replace(maya, **changes))
