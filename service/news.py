"""What an e-mail says of one game (a *section*), as its player may see it, when the mail is made.

A section is written from the game as it stands when its mail is made (service/batching.py),
not from the occasion's moment: the moves since the player's last turn are the game page's own
list (`views.since_last_turn`, the log's sentences redacted for that seat, never the raw
events), the deadline is the seat's deadline now, the take-back names the seat that asks, a
game over carries the ranking with the scores. It is stored in the mail's payload, so a copy
sent again says the same; its sentences are in the language spoken when it is made (the
player's: service/batching.py).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from domain.core.aggregate import Game, Status

from .mails import Links
from .readmodels import stamp
from .views import since_last_turn, viewer_of


def names_of(game: Game) -> list[str]:
    return [s.get("name") or "" for s in game.seats]


def section(game: Game, stored: Sequence[Any], occasion: Mapping[str, Any], links: Links) -> dict[str, Any]:
    """The section of a mail for one occasion (its `kind` and `seat`) of `game`; `stored`: the
    game's events (the newest are enough: `since_last_turn` looks 40 back at most)."""
    kind, seat = occasion["kind"], int(occasion["seat"])
    names = names_of(game)
    out: dict[str, Any] = {
        "kind": kind,
        "seat": seat,
        "game": {"id": str(game.id), "game": game.game, "title": game.rules.TITLE, "players": [s.get("name") for s in game.seats],
                 "status": str(game.status), "version": game.version, "url": links.game(game.id)},
    }
    if kind in ("turn", "reminder"):
        if game.status == Status.ACTIVE:
            since = since_last_turn(stored, game, seat, viewer_of(game, "seat", seat), names)
            out["since"], out["more"] = since["sentences"], since["more"]
        deadline = game.deadline(seat)
        out["deadline"] = stamp(deadline) if deadline is not None else None
        out["on_timeout"] = game.settings.get("on_timeout")
    if kind == "undo" and game.undo_request is not None:
        out["asker"] = names[game.undo_request.seat]
    if kind == "ended":
        outcome = game.outcome()
        results = sorted(outcome.results, key=lambda r: (r.rank, r.seat)) if outcome is not None else []
        out["ranking"] = [{"rank": r.rank, "name": names[r.seat], "score": r.score, "seat": r.seat} for r in results]
        out["termination"] = outcome.termination if outcome is not None else None
    return out
