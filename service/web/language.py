"""The language switch on every page, and the pages' own choice of language.

A page is in the language of `?lang=` if given, else the signed-in player's setting, else the
language a visitor picked with the switch (a cookie), else the browser's Accept-Language
(service/languages.py). The switch (base.html) is, for a visitor, a link per language (the
page again with `?lang=`, which also keeps the choice in a cookie for a year: no session is
opened for it); for a signed-in player a form posting here, which keeps the choice in their
settings (their e-mails follow it) and brings the page they were on back.
"""

from __future__ import annotations

from urllib.parse import urlencode

from flask import Response, redirect, request, url_for

from ..languages import COOKIE, supported
from ..localtime import zone
from . import forms
from .session import bp, current_player, shiplog

YEAR = 365 * 86_400


def page_language() -> str | None:
    """The language the pages' visitor chose (their settings, or the switch's cookie); None
    for the API, which answers in the request's Accept-Language."""
    if request.path.startswith(("/v1/", "/healthz")):
        return None
    player = current_player()
    chosen = getattr(player, "language", None) if player is not None else None
    return chosen or supported(request.cookies.get(COOKIE))


def page_zone() -> str | None:
    """The signed-in player's time zone, which the pages write times in (None: UTC)."""
    if request.path.startswith(("/v1/", "/healthz")):
        return None
    player = current_player()
    return zone(getattr(player, "time_zone", None)).key if player is not None else None


def language_link(tag: str | None = None) -> str:
    """This page in language `tag` (its other query fields kept); without a tag, this page
    with no `?lang=` (where the switch's form comes back to)."""
    fields = [(k, v) for k, v in request.args.items(multi=True) if k != "lang"] if request.method == "GET" else []
    if tag is not None:
        fields.append(("lang", tag))
    return f"{request.path}?{urlencode(fields)}" if fields else request.path


def remember_language(response: Response, tag: str) -> None:
    response.set_cookie(COOKIE, tag, max_age=YEAR, httponly=True, samesite="Lax", secure=request.is_secure, path="/")


@bp.app_context_processor
def links() -> dict[str, object]:
    return {"language_link": language_link}


@bp.after_app_request
def kept(response: Response) -> Response:
    """A page asked for with `?lang=` keeps that language for the visitor's next pages."""
    environ = request.environ
    if not environ.get("QUERY_STRING") or environ.get("REQUEST_METHOD", "GET").upper() != "GET":
        return response  # no `?lang=` (the API's usual request: no query), or not a page asked for
    tag = supported(request.args.get("lang"))
    if tag is not None and request.cookies.get(COOKIE) != tag and (
            response.mimetype == "text/html" and not request.path.startswith(("/v1/", "/healthz"))):
        remember_language(response, tag)
    return response


@bp.route("/language", methods=["POST"])
def switch_language() -> Response:
    """The switch of a signed-in player: the language goes into their settings."""
    tag = supported(request.form.get("lang"))
    back = forms.safe_next(request.form.get("next")) or url_for("web.home")
    response: Response = redirect(back, 303)  # type: ignore[assignment]
    if tag is None:
        return response
    player = current_player()
    if player is not None:
        shiplog().update_player(player, {"language": tag})
    remember_language(response, tag)
    return response
