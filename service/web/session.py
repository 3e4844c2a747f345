"""Who is asking, and the protection of the pages and their forms.

The player cookie holds a session (`signins.py`), never the player token: HttpOnly (no script
reads it), SameSite=Lax (another site's form post does not carry it) and Secure when the page
came over https (behind a proxy: when SHIPLOG_PROXIES trusts its X-Forwarded-Proto). Every POST
of the pages also needs Flask-WTF's CSRF token (a hidden field of each form), renewed whenever
someone signs in or out; the JSON API under /v1 is not affected (it takes Bearer tokens and JSON
bodies only). The key that signs the CSRF tokens comes from SHIPLOG_SECRET_KEY, or from a file
`web-secret` beside the SQLite store (made once, readable by its owner only), so every worker
of one server shares it. Every page is sent with a Content-Security-Policy (`policy.py`).
"""

from __future__ import annotations

from flask import Blueprint, Flask, Response, current_app, g, render_template, request, session
from flask.sessions import SecureCookieSession, SecureCookieSessionInterface
from flask.wrappers import Request
from flask_wtf.csrf import CSRFError, CSRFProtect

from domain.core.i18n import _

from ..application import Shiplog
from ..players import Player
from ..problems import Problem
from ..settings import secret_key
from .policy import content_security_policy
from .signins import COOKIE_DAYS, PREFIX, SignIns
from .texts import status_phrase

COOKIE = "shiplog_player"
bp = Blueprint("web", __name__, template_folder="templates", static_folder="static", static_url_path="/web-static")
csrf = CSRFProtect()


def shiplog() -> Shiplog:
    return current_app.extensions["shiplog"]  # type: ignore[no-any-return]


class PageSessions(SecureCookieSessionInterface):
    """Sessions (the pages' CSRF tokens) belong to the web pages; the API (/v1, /healthz) works by
    token and never opens one, so its requests skip the signed cookie's serializer."""

    def open_session(self, app: Flask, request: Request) -> SecureCookieSession | None:
        if request.path.startswith(("/v1/", "/healthz")):
            return self.null_session_class()
        return super().open_session(app, request)

    def get_cookie_secure(self, app: Flask) -> bool:
        return bool(app.config["SESSION_COOKIE_SECURE"]) or request.is_secure


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
    app.extensions["shiplog.signins"] = SignIns(app.extensions["shiplog"])


def signins() -> SignIns:
    return current_app.extensions["shiplog.signins"]  # type: ignore[no-any-return]


@bp.before_request
def protect_forms() -> None:
    # The one-click "no more e-mail" link is posted by mail programs (RFC 8058), without a
    # form of ours: its signed token is all it needs, and all it can do is turn e-mail off.
    if request.method == "POST" and request.endpoint != "web.mail_off":
        csrf.protect()


@bp.errorhandler(CSRFError)
def form_refused(exc: CSRFError) -> tuple[str, int]:
    return render_template("message.html", title=_("This form was refused"),
                           sentence=_("The form could not be checked ({why}). Reload the page and try again.",
                                      why=exc.description), player=current_player()), 400


@bp.errorhandler(Problem)
def refused(exc: Problem) -> Response:
    """A problem on a page (too many sign-ups, a body too large, ...) is a page saying so."""
    page = render_template("message.html", title=status_phrase(exc.status), sentence=exc.detail, player=current_player())
    return Response(page, exc.status, headers=exc.headers, mimetype="text/html")


@bp.after_request
def guarded(response: Response) -> Response:
    """Pages show private things (your seat's secrets) and set the session cookie: browsers and
    proxies must not keep them; no page may be framed, run inline script or leak its address
    (invitation links stay here). The static files stay cacheable."""
    if request.endpoint == "web.static":
        return response
    response.headers["Cache-Control"] = "no-store"
    if response.mimetype == "text/html":
        policy = current_app.extensions.get("shiplog.csp")
        if policy is None:
            policy = current_app.extensions["shiplog.csp"] = content_security_policy()
        response.headers["Content-Security-Policy"] = policy
        response.headers.setdefault("X-Frame-Options", "DENY")
        response.headers.setdefault("Referrer-Policy", "same-origin")
    renewed = g.get("web_renewed")
    if renewed is not None:  # a cookie of the time before sessions, now a session
        set_session_cookie(response, renewed)
    return response


def cookie_value() -> str | None:
    value = request.cookies.get(COOKIE)
    return value if value and len(value) <= 200 and value.isascii() and value.isprintable() else None


def current_player() -> Player | None:
    """The player of the cookie's session (None: no cookie, or a session closed or unknown).
    A cookie that still holds a player token (set before sessions existed) signs its player in
    once more: it is replaced by a session in this answer."""
    if "web_player" not in g:
        g.web_player = None
        value = cookie_value()
        player_id = signins().player(value) if value else None
        if player_id is not None:
            g.web_player = shiplog().get_player(player_id)
        elif value and not value.startswith(PREFIX):
            g.web_player = shiplog().player_by_token(value)
            if g.web_player is not None:
                g.web_renewed = signins().open(str(g.web_player.id))
    return g.web_player  # type: ignore[no-any-return]


def new_csrf_token() -> None:
    """Forms shown before a sign-in or sign-out stop working: their CSRF token is renewed."""
    session.pop("csrf_token", None)
    g.pop("csrf_token", None)


def set_session_cookie(response: Response, value: str) -> None:
    response.set_cookie(COOKIE, value, max_age=COOKIE_DAYS * 86_400, httponly=True, samesite="Lax",
                        secure=request.is_secure, path="/")


def remember(response: Response, player: Player) -> Response:
    """Sign `player` in on this browser: a new session in the cookie, a new CSRF token."""
    new_csrf_token()
    set_session_cookie(response, signins().open(str(player.id)))
    g.web_player, g.web_renewed = player, None
    return response


def forget(response: Response, everywhere: bool = False) -> Response:
    """Sign out this browser (its session is closed), or every browser of its player."""
    value = cookie_value()
    player = current_player()
    if everywhere and player is not None:
        signins().close_all(str(player.id))
    elif value:
        signins().close(value)
    new_csrf_token()
    g.web_player, g.web_renewed = None, None
    response.delete_cookie(COOKIE, path="/", httponly=True, samesite="Lax", secure=request.is_secure)
    return response
