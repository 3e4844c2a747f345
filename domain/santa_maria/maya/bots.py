"""The Maya's random player: any legal action, except that a trade session, a redraw and an offer
draft are brought to an end soon (a uniformly random session could trade back and forth long)."""

from __future__ import annotations

from domain.core import Action, RandomSource, choice

from ..state import State

CLOSERS = ("maya_end_trade", "maya_redraw_done", "maya_redraw_cancel", "maya_offer_send", "maya_offer_cancel")


def maya_bot(state: State, seat: int, rng: RandomSource, legal: list[Action]) -> Action:
    if state.pending is not None and state.pending.kind == "maya_trade" and rng.below(3) == 0:
        closing = [a for a in legal if a["type"] in CLOSERS]
        if closing:
            return choice(rng, closing)
    return choice(rng, legal)
