"""The web pages (DESIGN.md "The web pages"): server-rendered with Flask and Jinja2, usable
without JavaScript (every form posts and the page reloads) and livelier with it (live.js swaps
the page's live part when the game's event stream says something happened).

A player is recognised by a cookie holding a revocable session, never the player token
(HttpOnly, SameSite=Lax, Secure over https); every form carries Flask-WTF's CSRF token and is
checked by the API's own schema before anything is done; every page carries a
Content-Security-Policy. The pages are generic: a game brings
its own `board.html` (and optionally `board.py`) in its folder (see `boards.py`). Nothing is
shown that the API would not show the same viewer: the pages are built from the API's own
`game_view` and `event_json`.

Modules: `session` (the cookie, CSRF, who is asking, the pages' headers), `signins` (the
sessions in the store), `policy` (the Content-Security-Policy), `forms` (forms and query
strings through the API's schemas), `pages` (home, sign-up, sign-in,
settings, lobby, new game, the lobby's and home page's stream), `language` (the language switch), `play` (the game page and
its forms, the live stream), `alerts` (Web Push subscriptions, the service worker), `replay`
(the replay page), `analysis` (its analysis panel and button), `boards` (the games' board templates and helpers), `chart` (the score chart
as SVG).
"""

from __future__ import annotations

from flask import Flask
from jinja2 import ChoiceLoader

from ..languages import PREFERENCE, ZONE
from . import alerts, analysis, language, pages, play, replay  # noqa: F401 (their routes register on the blueprint)
from .boards import BoardLoader, add_filters
from .session import bp, init_session
from .texts import add_texts


def init_web(app: Flask) -> None:
    """Register the pages on `app`: the blueprint, CSRF protection and the games' boards."""
    init_session(app)
    app.register_blueprint(bp)
    add_filters(app.jinja_env)
    add_texts(app.jinja_env)
    app.extensions[PREFERENCE] = language.page_language
    app.extensions[ZONE] = language.page_zone
    own = app.jinja_loader
    app.jinja_loader = ChoiceLoader([own, BoardLoader()] if own is not None else [BoardLoader()])  # type: ignore[assignment]
