"""Errors as application/problem+json (RFC 9457) with a stable `code`."""

from __future__ import annotations

from typing import Any

from flask import Response, json

TITLES = {
    400: "Bad Request",
    401: "Unauthorized",
    403: "Forbidden",
    404: "Not Found",
    405: "Method Not Allowed",
    409: "Conflict",
    413: "Content Too Large",
    415: "Unsupported Media Type",
    422: "Unprocessable Content",
    500: "Internal Server Error",
}


class Problem(Exception):
    def __init__(self, status: int, code: str, detail: str, **extra: Any) -> None:
        super().__init__(detail)
        self.status = status
        self.code = code
        self.detail = detail
        self.extra = extra

    def response(self) -> Response:
        body = {
            "type": f"https://shiplog.dev/problems/{self.code}",
            "title": TITLES.get(self.status, "Error"),
            "status": self.status,
            "code": self.code,
            "detail": self.detail,
            **self.extra,
        }
        return Response(json.dumps(body), status=self.status, mimetype="application/problem+json")
