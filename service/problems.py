"""Errors as application/problem+json (RFC 9457) with a stable `code`."""

from __future__ import annotations

from collections.abc import Mapping
from http import HTTPStatus
from typing import Any

from flask import Response, json

PROBLEM_JSON = "application/problem+json"

# Codes that are not 422: who may act, and conflicts with the game's state.
STATUS_BY_CODE = {
    "turn.not_yours": 403, "game.over": 409, "undo.game_over": 409, "game.unknown": 422, "game.not_started": 409,
    "join.started": 409, "join.full": 409, "join.seat_taken": 409, "join.already_seated": 409, "leave.started": 409,
    "resign.already": 409, "stand_in.already": 409, "return.not_away": 409, "message.too_often": 429,
    "seat.resigned": 403, "seat.stood_in": 403,  # a seat a bot plays has no moves, take-backs or resignation of its own
    "order.not_found": 404, "order.too_often": 429,
}


class Problem(Exception):
    """An answer other than success: status, a stable dotted code and a sentence a player understands.

    `headers` go on the response (Allow, Retry-After, WWW-Authenticate); `extra` fields go in the body.
    """

    def __init__(self, status: int, code: str, detail: str, headers: Mapping[str, str] | None = None,
                 **extra: Any) -> None:
        super().__init__(detail)
        self.status = status
        self.code = code
        self.detail = detail
        self.headers = dict(headers or {})
        self.extra = extra

    def response(self) -> Response:
        body = {
            "type": f"https://shiplog.dev/problems/{self.code}",
            "title": HTTPStatus(self.status).phrase,
            "status": self.status,
            "code": self.code,
            "detail": self.detail,
            **self.extra,
        }
        headers = dict(self.headers)
        if self.status == 401:
            headers.setdefault("WWW-Authenticate", 'Bearer realm="shiplog"')
        return Response(json.dumps(body), status=self.status, mimetype=PROBLEM_JSON, headers=headers)
