"""What the game page gives its board script (DESIGN.md "The board is the input"): the viewer's
legal actions, each with its button words and what it would do, and what happened since the
viewer's last move.

What an action would do is the sentence the replay's "what else could I have done" writes
(`domain.core.dispute.attempt`): on a running game the answer is for the seat alone, stops
before a random draw or anything hidden, and shows only what the seat may see. Nothing is
stored.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from domain.core.aggregate import Game
from domain.core.dispute import Position, attempt
from domain.core.rules import Action, Viewer

from ..views import event_json
from . import boards

SINCE_EVENTS = 40  # at most this many events back for "since your last turn"
SINCE_SENTENCES = 12  # sentences listed above the board (the log below has the rest)


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


def since_last_turn(stored: Sequence[Any], game: Game, seat: int, viewer: Viewer, names: list[str]) -> dict[str, Any]:
    """What happened after the seat's own last move (at most SINCE_EVENTS events back), as the
    viewer may see it: its sentences (the newest SINCE_SENTENCES, oldest first, and how many
    more) and the moves of every seat, for the board to light up."""
    recent = list(stored[-SINCE_EVENTS:])
    mine = [i for i, ev in enumerate(recent) if isinstance(ev, Game.ActionTaken) and ev.seat == seat and ev.bot is None]
    rows = [event_json(ev, game.rules, viewer, names) for ev in recent[mine[-1] + 1 if mine else 0:]]
    sentences = [t for row in rows for t in row.get("text", [])]
    moves = [{"seat": row["seat"], "action": row["action"], "text": " ".join(row.get("text", []))}
             for row in rows if isinstance(row.get("action"), dict)]
    return {"sentences": sentences[-SINCE_SENTENCES:], "more": max(0, len(sentences) - SINCE_SENTENCES), "moves": moves}
