"""The Flask app factory (Flask tutorial style): `create_app(test_config=None)`."""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

from flask import Flask, Response, jsonify
from werkzeug.exceptions import HTTPException

from . import openapi
from .api import bp
from .application import Shiplog
from .problems import Problem
from .settings import describe_store, store_env

MAX_BODY = 64 * 1024
log = logging.getLogger("shiplog")


def create_app(test_config: Mapping[str, Any] | None = None, app_env: Mapping[str, str] | None = None) -> Flask:
    app = Flask(__name__)
    app.config.update(MAX_CONTENT_LENGTH=MAX_BODY, JSON_SORT_KEYS=False)
    if test_config:
        app.config.update(test_config)
    env = store_env(app_env)
    app.extensions["shiplog"] = Shiplog(env)
    app.extensions["shiplog.store"] = describe_store(env)
    app.register_blueprint(bp)
    document = openapi.build()

    @app.get("/v1/openapi.json")
    def openapi_json() -> Response:
        return jsonify(document)

    @app.get("/healthz")
    def healthz() -> Response | tuple[Response, int]:
        from domain.core import registry

        try:
            app.extensions["shiplog"].recorder.max_notification_id()
        except Exception as exc:  # the store is down: say so, do not crash
            log.warning("health check failed: %r", exc)
            return Problem(503, "store.unavailable", "The event store cannot be reached.").response(), 503
        return jsonify({"status": "ok", "store": app.extensions["shiplog.store"], "games": registry.names()})

    @app.errorhandler(Problem)
    def problem(exc: Problem) -> Response:
        return exc.response()

    @app.errorhandler(HTTPException)
    def http_error(exc: HTTPException) -> Response:
        status = exc.code or 500
        codes = {404: "route.not_found", 405: "method.not_allowed", 413: "body.too_large", 400: "request.bad"}
        detail = {
            413: f"The request body is larger than {MAX_BODY // 1024} KiB.",
            404: "There is nothing at this address.",
        }.get(status, exc.description or "The request could not be handled.")
        return Problem(status, codes.get(status, f"http.{status}"), detail).response()

    @app.errorhandler(Exception)
    def unexpected(exc: Exception) -> Response:
        log.exception("unexpected error")
        return Problem(500, "server.error", "Something went wrong on the server; nothing was changed.").response()

    return app


def start_background(app: Flask) -> None:
    """The ticker of this worker (timeouts, notifications), unless SHIPLOG_TICK_SECONDS is 0."""
    from .clocks import Ticker

    interval = float(app.extensions["shiplog"].env.get("SHIPLOG_TICK_SECONDS", "30"))
    if interval > 0:
        app.extensions["shiplog.ticker"] = Ticker(app.extensions["shiplog"], interval).start()
