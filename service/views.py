"""What the API, the web pages and the e-mails show of a game: who is looking (`identify`,
`viewer_of`), the game as they may see it (`game_view`), its log rows as they may see them
(`event_json`) and what happened since a seat's last move (`since_last_turn`).

`service/api.py` answers these as JSON, `service/web/` renders them; neither reaches into the other.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from domain.core import ALL
from domain.core.aggregate import Game, Status, public_seats
from domain.core.game.orders import SECRET, hidden_from, played_for
from domain.core.i18n import words_of
from domain.core.rules import GameRules, Viewer, action_for, redacted
from domain.core.words import described, render

from .readmodels import stamp

SINCE_EVENTS = 40  # at most this many events back for "since your last turn"
SINCE_SENTENCES = 12  # sentences listed (the game's log has the rest)


def identify(game: Game, token_hash: str | None, player: str | None) -> tuple[str, int | None] | None:
    """Who a token is at this game: the host, a seat (its seat token, or its player), or a
    player without a seat (a spectator); None when it is neither a token of the game nor a player's."""
    if token_hash is not None and token_hash == game.host_token_hash:
        return "host", None
    seat = game.seat_of(token_hash) if token_hash is not None else None
    if seat is None and player is not None:
        seat = game.seat_of_player(player)
    if seat is not None:
        return "seat", seat
    if player is None:
        return None if token_hash is not None else ("spectator", None)
    return ("host", None) if game.host_player == player else ("spectator", None)


def viewer_of(game: Game, kind: str, seat: int | None) -> Viewer:
    """While a game runs a seat sees its own secrets and nobody else's; the host keeps its powers
    but sees what a spectator sees. Once the game is over everything is shown to everyone."""
    if game.status in (Status.ACTIVE, Status.OPEN):
        return seat if kind == "seat" else None
    return ALL


def event_json(ev: Any, rules: GameRules, viewer: Viewer, names: list[str] | None = None) -> dict[str, Any]:
    """One event as `viewer` may see it; its facts also in words (`text`, with the players' `names`).
    A seat's secret (its standing orders, how a move was played for it: `orders.seat_secret`)
    is shown to that seat alone while the game runs: to anyone else an order's event is a row
    of type "Secret" that says nothing more, and a move played for the seat looks chosen."""
    kind, fields = type(ev), vars(ev)
    name = kind.__name__
    secret = hidden_from(name, fields, viewer)
    if secret and name != "ActionTaken":
        return {"version": ev.originator_version, "type": SECRET, "time": ev.timestamp.isoformat(), "seat": None}
    row: dict[str, Any] = {
        "version": ev.originator_version,
        "type": name,
        "time": ev.timestamp.isoformat(),
        "seat": kind.actor(fields),
    }
    if fields.get("facts") is not None:  # the rules' facts: game set up, action taken
        row["facts"] = redacted(rules, ev.facts, viewer)
        row["text"] = described(rules, row["facts"], viewer, names or [])
    if isinstance(ev, Game.ActionTaken):
        row["action"] = action_for(rules, ev.action, ev.seat, viewer)
        row["bot"] = ev.bot
        row["auto"] = None if secret else ev.auto
        row["order"] = None if secret else ev.order
        if row["auto"]:  # said before its first sentence (text[i] still says facts[i])
            said = render(played_for(ev.seat, ev.auto, ev.order), names or [])
            row["text"] = [" ".join([said, *row["text"][:1]]), *row["text"][1:]]
    detail = kind.detail(fields)
    if detail is not None:
        row["detail"] = detail
    said = kind.said(fields)
    if said is not None:
        row["text"] = [render(said, names or []), *row.get("text", [])]
    return row


def since_last_turn(stored: Sequence[Any], game: Game, seat: int, viewer: Viewer, names: list[str]) -> dict[str, Any]:
    """What happened after the seat's own last move (at most SINCE_EVENTS events back), as the
    viewer may see it: its sentences (the newest SINCE_SENTENCES, oldest first, and how many
    more) and the moves of every seat, for the board to light up."""
    recent = list(stored[-SINCE_EVENTS:])
    mine = [i for i, ev in enumerate(recent)
            if isinstance(ev, Game.ActionTaken) and ev.seat == seat and ev.bot is None and not ev.auto]
    rows = [event_json(ev, game.rules, viewer, names) for ev in recent[mine[-1] + 1 if mine else 0:]]
    sentences = [t for row in rows for t in row.get("text", [])]
    moves = [{"seat": row["seat"], "action": row["action"], "text": " ".join(row.get("text", []))}
             for row in rows if isinstance(row.get("action"), dict)]
    return {"sentences": sentences[-SINCE_SENTENCES:], "more": max(0, len(sentences) - SINCE_SENTENCES), "moves": moves}


def game_view(game: Game, kind: str, seat: int | None, current: Game | None = None) -> dict[str, Any]:
    current = current or game
    rules = game.rules
    outcome = game.outcome()
    request_ = game.undo_request
    return {
        "id": str(game.id),
        "game": game.game,
        "title": words_of(rules).gettext(rules.TITLE),  # in the reader's language
        "version": game.version,
        "status": game.status,
        "to_act": sorted(game.to_act()),
        "thinking": sorted(game.thinking()),
        "players": public_seats(game.seats),
        "viewer": kind,
        "seat": seat,
        "state": None if game.state is None else rules.view(game.state, viewer_of(current, kind, seat)),
        "outcome": outcome.to_json() if outcome is not None else None,
        "undo_request": None
        if request_ is None
        else {"seat": request_.seat, "to_version": request_.to_version, "accepted": sorted(request_.accepted)},
        "options": game.options,
        "rules_version": game.rules_version,
        "seed_commitment": game.seed_commitment,
        "client_seeded": game.client_seeded,
        "entropies": game.entropies,
        "seed": game.committed_seed if current.seed_revealed else None,
        "seed_salt": game.salt if current.seed_revealed else None,
        "organised": game.organised,
        "private": game.private,
        "host": game.host_player,
        "settings": game.settings,
        "clocks": [
            {"seat": s, "since": stamp(since), "deadline": stamp(d) if (d := game.deadline(s)) else None,
             "bank_seconds": game.bank.get(s),
             "days_off": [[stamp(b), stamp(e)] for b, e in game.days_off.get(s, ())]}
            for s, since in sorted(game.since.items())
        ],
    }
