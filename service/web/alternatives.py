"""The replay page's question (issue 16, item 4): "what else could this seat have done here?" At
the version shown, the legal actions of a seat, each with what it would have caused in words, and
a form that tries any action and shows the rules' answer. The same functions and the same
secrecy as GET /v1/games/{id}/versions/{n}/actions and POST .../try (service/disputes.py): a
finished game is public (any seat, everything shown, draws from the revealed seed); while a game
runs only a seat asks, about itself, from what it could see then. Nothing is stored: the form is
a GET, like the slider.
"""

from __future__ import annotations

import json
from typing import Any

from domain.core.aggregate import Game, Status
from domain.core.dispute import Answer, Position, attempt, legal
from domain.core.i18n import _
from domain.core.rules import ALL

from ..parsing import parse_json
from ..problems import Problem
from . import boards
from .session import shiplog

MAX_TRIED = 4000  # characters of a tried action's JSON


def _answer(answer: Answer, label: str, taken: bool = False) -> dict[str, Any]:
    return {"label": label, "accepted": answer.accepted, "code": answer.code, "message": answer.message,
            "text": list(answer.text), "note": answer.note, "taken": taken,
            "json": json.dumps(answer.action, separators=(",", ":"), sort_keys=True)}


def _tried(position: Position, seat: int, viewer: Any, names: list[str], raw: str) -> dict[str, Any] | None:
    raw = raw.strip()
    if not raw:
        return None
    if len(raw) > MAX_TRIED:
        return {"json": raw[:80], "accepted": False, "code": "action.too_large", "message": _("This action is too long to try."),
                "text": [], "note": None, "label": ""}
    try:
        action = parse_json(raw.encode("utf-8", "surrogatepass"))  # the API's rules for a body: depth, numbers, text
    except Problem as exc:
        message = (_('This is not JSON: write the action as on the API, e.g. {example}.', example='{"type": "pass"}')
                   if exc.code == "body.malformed_json" else exc.detail)
        return {"json": raw, "accepted": False, "code": "action.malformed", "message": message,
                "text": [], "note": None, "label": ""}
    answer = attempt(position, seat, action, viewer, names)
    shown = _answer(answer, "")
    shown["json"] = raw
    return shown


def panel(current: Game, kind: str, own: int | None, at: int, names: list[str], taken_next: Any,
          ask: int | None, tried: str) -> dict[str, Any]:
    """What the panel shows at version `at`: who may ask, the seat asked about, its legal actions
    then with their answers (the one taken next marked), and the tried action's answer."""
    running = current.status in (Status.ACTIVE, Status.OPEN)
    if running and (kind != "seat" or own is None):
        return {"allowed": False}
    then = shiplog().get_game(current.id, at)
    position = Position(current.rules, at, then.state, then.status != Status.ACTIVE,
                        seed=current.seed if current.seed_revealed else None)
    if running:
        seat, viewer, choices = own, own, [own]
    else:
        to_act = sorted(position.to_act())
        seat = ask if ask is not None and ask < len(current.seats) else (to_act[0] if to_act else 0)
        viewer, choices = ALL, list(range(len(current.seats)))
    assert seat is not None
    rules = current.rules
    actions = legal(position, seat)
    rows = [_answer(attempt(position, seat, a, viewer, names), boards.action_label(rules, a),
                    taken=taken_next is not None and taken_next.get("seat") == seat and taken_next.get("action") == a)
            for a in actions]
    return {"allowed": True, "running": running, "seat": seat, "choices": choices, "to_act": sorted(position.to_act()),
            "actions": rows, "tried": _tried(position, seat, viewer, names, tried),
            "example": rows[0]["json"] if rows else json.dumps({"type": "pass"})}
