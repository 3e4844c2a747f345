"""WSGI entry point for gunicorn and friends: `gunicorn service.wsgi:app`.

Under `shiplog serve` (SHIPLOG_BACKGROUND=1) each worker also runs the background ticker."""

import os
from collections.abc import Callable, Iterable
from typing import Any

from .app import create_app, start_background

StartResponse = Callable[..., Any]
Wsgi = Callable[[dict[str, Any], StartResponse], Iterable[bytes]]


def whole_bodies(wsgi: Wsgi) -> Wsgi:
    """Answers of a known length handed over as one piece (a list), streams as they are.

    werkzeug hands every answer over as an iterator; granian sends a list in one call, but
    pulls an iterator piece by piece from Python and then closes it (three calls back into
    Python per answer). Only answers with a Content-Length are joined: a live stream
    (service/live.py) has none and keeps flowing."""

    def app(environ: dict[str, Any], start_response: StartResponse) -> Iterable[bytes]:
        sized = False

        def start(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> Any:
            nonlocal sized
            sized = any(name.lower() == "content-length" for name, _ in headers)
            return start_response(status, headers, exc_info)

        body = wsgi(environ, start)
        if not sized or isinstance(body, list):
            return body
        try:
            return [b"".join(body)]
        finally:
            close = getattr(body, "close", None)
            if close is not None:
                close()

    return app


flask_app = create_app()
if os.environ.get("SHIPLOG_BACKGROUND") == "1":
    start_background(flask_app)
app = whole_bodies(flask_app)
