"""What the game page gives its board script (DESIGN.md "The board is the input"): the viewer's
legal actions, each with its button words and what it would do (what happened since the
viewer's last move is `service.views.since_last_turn`, which the e-mails say too).

What an action would do is the sentence the replay's "what else could I have done" writes
(`domain.core.dispute.attempt`): on a running game the answer is for the seat alone, stops
before a random draw or anything hidden, and shows only what the seat may see. Nothing is
stored.
"""

from __future__ import annotations

from typing import Any

from domain.core.aggregate import Game
from domain.core.dispute import Position, attempt
from domain.core.rules import Action

from . import boards


def legal_choices(game: Game, seat: int, actions: list[Action], names: list[str]) -> list[dict[str, Any]]:
    """Each legal action of `seat`: the action, its JSON as the fallback form posts it, its
    button words (no two alike) and what it would do, in words."""
    position = Position(game.rules, game.version, game.state, over=False)
    out = []
    for action, label in zip(actions, boards.unique_labels(game.rules, actions), strict=True):
        answer = attempt(position, seat, action, seat, names)
        hint = " ".join(answer.text) if answer.accepted else (answer.message or "")
        if answer.note:
            hint = f"{hint} {answer.note}".strip()
        out.append({"action": action, "json": boards.canonical(action), "label": label, "hint": hint})
    return out
