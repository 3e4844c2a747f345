"""The Flask app factory (Flask tutorial style): `create_app(test_config=None)`."""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable, Iterable, Mapping
from typing import Any

import orjson
from eventsourcing.persistence import PersistenceError
from flask import Flask, Response, current_app, request
from flask.json.provider import DefaultJSONProvider
from werkzeug.exceptions import HTTPException
from werkzeug.middleware.proxy_fix import ProxyFix

from domain.core import registry
from domain.core.i18n import _

from . import schemas
from .analysis_routes import bp as analyses_bp
from .api import bp
from .application import Shiplog
from .clocks import Ticker
from .disputes import bp as disputes_bp
from .languages import init_languages
from .openapi import ApiBlueprint, http_problem, init_api, problems
from .order_routes import bp as orders_bp
from .parsing import MAX_BODY, limit_bodies
from .player_routes import bp as players_bp
from .problems import Problem
from .ratelimits import KINDS, RateLimits, rate_limited
from .settings import describe_store, store_env
from .store import check_at_start, check_writable, problem_for
from .table_routes import bp as tables_bp
from .web import init_web

log = logging.getLogger("shiplog")
health = ApiBlueprint("health", __name__, description="liveness and the store's health")


@health.route("/healthz", methods=["GET"])
@health.response(200, schemas.HealthSchema)
@problems(health, 503)
def healthz() -> dict[str, Any]:
    """Liveness and a store check: the store can be reached and written to."""
    try:
        check_writable(current_app.extensions["shiplog"])
    except PersistenceError as exc:  # a full disk, a read-only or unreachable store: say so
        log.warning("health check failed: %r", exc)
        raise problem_for(exc) from None
    return {"status": "ok", "store": current_app.extensions["shiplog.store"], "games": registry.names()}


class JsonAnswers(DefaultJSONProvider):
    """Flask's JSON answers (sorted keys, compact, ASCII), written by orjson: the same bytes as
    Flask's own provider for everything it takes, in a tenth of the time. What orjson would
    write otherwise (non-ASCII text, which Flask escapes; keys that are not strings; integers
    beyond 64 bits) goes through Flask's provider as before. Floats below 1e-4 or from 1e16 up
    are written in orjson's exponent form (2.5e-7 where Python writes 2.5e-07): the same numbers."""

    OPTIONS = orjson.OPT_SORT_KEYS | orjson.OPT_APPEND_NEWLINE | orjson.OPT_PASSTHROUGH_DATETIME \
        | orjson.OPT_PASSTHROUGH_DATACLASS  # dates and dataclasses as Flask writes them (its `default`)

    def response(self, *args: Any, **kwargs: Any) -> Response:
        if self.compact is False or (self.compact is None and self._app.debug):
            return super().response(*args, **kwargs)  # indented: Flask's
        try:
            body = orjson.dumps(self._prepare_response_obj(args, kwargs), default=self.default, option=self.OPTIONS)
        except TypeError:
            return super().response(*args, **kwargs)
        if not body.isascii():
            return super().response(*args, **kwargs)
        return self._app.response_class(body, mimetype=self.mimetype)


class ShiplogFlask(Flask):
    """Flask, asking once per function whether it is a coroutine function: Flask asks
    `inspect.iscoroutinefunction` of every hook and view of every request (nine a request
    here), and the answer never changes."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._synced: dict[Callable[..., Any], Callable[..., Any]] = {}

    def ensure_sync(self, func: Callable[..., Any]) -> Callable[..., Any]:
        try:
            return self._synced[func]
        except KeyError:
            synced = self._synced[func] = super().ensure_sync(func)
            return synced
        except TypeError:  # not hashable
            return super().ensure_sync(func)


def create_app(test_config: Mapping[str, Any] | None = None, app_env: Mapping[str, str] | None = None) -> Flask:
    app = ShiplogFlask(__name__)
    app.json = JsonAnswers(app)
    env = store_env(app_env)
    app.config.update(
        MAX_CONTENT_LENGTH=MAX_BODY,
        JSON_SORT_KEYS=False,
        **{setting: int(env.get(setting, default)) for setting, default, _sentence in KINDS.values()},
    )
    if test_config:
        app.config.update(test_config)
    check_at_start(env)  # a damaged SQLite file stops the start with a clear message
    app.extensions["shiplog"] = Shiplog(env)
    app.extensions["shiplog.store"] = describe_store(env)
    app.extensions["shiplog.limits"] = RateLimits(app.extensions["shiplog"].readmodels.view)
    proxies = int(env.get("SHIPLOG_PROXIES", "0"))
    if proxies > 0:  # the client's address and scheme as the trusted proxies in front say
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=proxies, x_proto=proxies)  # type: ignore[method-assign]
    app.wsgi_app = limit_bodies(app.wsgi_app)  # type: ignore[method-assign]
    init_languages(app)  # each request in its reader's language (service/languages.py)
    api = init_api(app)
    api.register_blueprint(bp)
    api.register_blueprint(players_bp)
    api.register_blueprint(tables_bp)
    api.register_blueprint(disputes_bp)
    api.register_blueprint(orders_bp)
    api.register_blueprint(analyses_bp)
    api.register_blueprint(health)
    init_web(app)  # the web pages (service/web)
    app.view_functions["v1.create_game"] = counted("games", app.view_functions["v1.create_game"])
    app.view_functions["players.register"] = counted("players", app.view_functions["players.register"])
    app.view_functions["analyses.start_analysis"] = counted("analyses", app.view_functions["analyses.start_analysis"])
    app.after_request(careful_headers)

    @app.errorhandler(Problem)
    def problem(exc: Problem) -> Response:
        return exc.response()

    @app.errorhandler(PersistenceError)
    def store_failed(exc: PersistenceError) -> Response:
        log.error("store failure: %r", exc)
        return problem_for(exc).response()

    @app.errorhandler(HTTPException)
    def http_error(exc: HTTPException) -> Response:
        return http_problem(exc).response()

    @app.errorhandler(Exception)
    def unexpected(exc: Exception) -> Response:
        log.exception("unexpected error")
        return Problem(500, "server.error", _("Something went wrong on the server; nothing was changed.")).response()

    return app


def counted(kind: str, view: Callable[..., Any]) -> Callable[..., Any]:
    """Creating a game and signing up start new work: each counts against its client's limit a
    minute (service/ratelimits.py), the web pages' forms and the API alike; no other request
    pays for the check."""

    @functools.wraps(view)
    def limited(*args: Any, **kwargs: Any) -> Any:
        rate_limited(kind)
        return view(*args, **kwargs)

    return limited


def careful_headers(response: Response) -> Response:
    """Never sniff a type; answers to a POST or PATCH (new tokens, secrets, invitations) are not
    to be kept by any cache."""
    response.headers["X-Content-Type-Options"] = "nosniff"
    if request.method not in ("GET", "HEAD") and "Cache-Control" not in response.headers:
        response.headers["Cache-Control"] = "no-store"
    return response


def start_background(app: Flask) -> None:
    """The ticker of this worker (timeouts, notifications, analyses, search bots' moves), unless
    SHIPLOG_TICK_SECONDS is 0; the work a request asks for in the background (an analysis, a
    search bot's move) starts at once in a thread of this worker."""
    app.extensions["shiplog"].background = True
    interval = float(app.extensions["shiplog"].env.get("SHIPLOG_TICK_SECONDS", "30"))
    if interval > 0:
        app.extensions["shiplog.ticker"] = Ticker(app.extensions["shiplog"], interval).start()


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
            sized = any(name.lower() == "content-length" for name, _value in headers)
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
