"""Who is asking, and the protection of the pages' forms.

The player cookie holds the player token itself (the server keeps only its hash): HttpOnly (no
script reads it), SameSite=Lax (another site's form post does not carry it) and Secure when the
page came over https. Every POST of the pages also needs Flask-WTF's CSRF token (a hidden
field of each form); the JSON API under /v1 is not affected (it takes Bearer tokens and JSON
bodies only). The key that signs the CSRF tokens comes from SHIPLOG_SECRET_KEY, or from a file
`web-secret` beside the SQLite store (made once, readable by its owner only), so every worker
of one server shares it.
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path
from typing import Any

from flask import Blueprint, Flask, Response, current_app, g, render_template, request
from flask.sessions import SecureCookieSession, SecureCookieSessionInterface
from flask.wrappers import Request
from flask_wtf.csrf import CSRFError, CSRFProtect

from ..application import Shiplog
from ..players import Player

COOKIE = "shiplog_player"
COOKIE_DAYS = 400  # the longest browsers keep a cookie
bp = Blueprint("web", __name__, template_folder="templates", static_folder="static", static_url_path="/web-static")
csrf = CSRFProtect()


def shiplog() -> Shiplog:
    return current_app.extensions["shiplog"]  # type: ignore[no-any-return]


def secret_key(env: Any) -> str:
    """SHIPLOG_SECRET_KEY, or the key kept in `web-secret` beside the SQLite store (./var)."""
    given = env.get("SHIPLOG_SECRET_KEY")
    if given:
        return str(given)
    database = str(env.get("SQLITE_DBNAME", ""))
    on_disk = database and database != ":memory:" and "mode=memory" not in database
    folder = Path(database.removeprefix("file:").split("?")[0]).parent if on_disk else Path("var")
    path = folder / "web-secret"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return path.read_text(encoding="utf-8").strip()
    except OSError:  # a read-only place: this process's own key (one worker only then)
        return secrets.token_urlsafe(32)
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        fh.write(secrets.token_urlsafe(32))
    return path.read_text(encoding="utf-8").strip()


class PageSessions(SecureCookieSessionInterface):
    """Sessions (the pages' CSRF tokens) belong to the web pages; the API (/v1, /healthz) works by
    token and never opens one, so its requests skip the signed cookie's serializer."""

    def open_session(self, app: Flask, request: Request) -> SecureCookieSession | None:
        if request.path.startswith(("/v1/", "/healthz")):
            return self.null_session_class()
        return super().open_session(app, request)


def init_session(app: Flask) -> None:
    app.session_interface = PageSessions()
    env = app.extensions["shiplog"].env
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = secret_key(env)
    app.config.update(
        WTF_CSRF_CHECK_DEFAULT=False,  # only the pages' forms: the blueprint asks (below)
        WTF_CSRF_TIME_LIMIT=None,  # a game page may stay open for days
        WTF_CSRF_SSL_STRICT=True,
        SESSION_COOKIE_HTTPONLY=True,
        SESSION_COOKIE_SAMESITE="Lax",
    )
    csrf.init_app(app)


@bp.before_request
def protect_forms() -> None:
    if request.method == "POST":
        csrf.protect()


@bp.errorhandler(CSRFError)
def form_refused(exc: CSRFError) -> tuple[str, int]:
    return render_template("message.html", title="This form was refused",
                           sentence=f"The form could not be checked ({exc.description}). Reload the page and "
                           "try again.", player=current_player()), 400


@bp.after_request
def no_store(response: Response) -> Response:
    """Pages show private things (your seat's secrets): browsers and proxies must not keep them."""
    if response.mimetype == "text/html":
        response.headers["Cache-Control"] = "no-store"
        response.headers.setdefault("X-Frame-Options", "DENY")
        response.headers.setdefault("Referrer-Policy", "same-origin")  # invitation links stay here
    return response


def player_token() -> str | None:
    token = request.cookies.get(COOKIE)
    return token if token and len(token) <= 200 and token.isprintable() else None


def current_player() -> Player | None:
    """The player whose token the cookie holds (None: no cookie, or a token nobody has)."""
    if "web_player" not in g:
        token = player_token()
        g.web_player = shiplog().player_by_token(token) if token else None
    return g.web_player  # type: ignore[no-any-return]


def remember(response: Response, token: str) -> Response:
    response.set_cookie(COOKIE, token, max_age=COOKIE_DAYS * 86_400, httponly=True, samesite="Lax",
                        secure=request.is_secure, path="/")
    return response


def forget(response: Response) -> Response:
    response.delete_cookie(COOKIE, path="/", httponly=True, samesite="Lax", secure=request.is_secure)
    return response
