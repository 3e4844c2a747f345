"""The players' language: which one a request is answered in, and the catalogs it is read from.

shiplog speaks English, Russian and Hungarian (`LANGUAGES`). A request is answered in, first
found:

1. `?lang=ru` in its address (a link that opens in a language);
2. for the web pages, the signed-in player's setting, or the `shiplog_lang` cookie the
   language switch sets for a visitor (`service/web/language.py`);
3. its Accept-Language header (the browser's languages, best match);
4. English. An unknown or malformed language is never an error: it is English.

The choice is made once per request (Flask-Babel's locale selector, so its date and number
filters agree) and activated for the whole request with `domain.core.i18n.activate`: every
sentence the rules, the pages and the API's problem details make while it runs is in that
language. Work done later for the same reader (a live stream's batches) carries it with
`domain.core.i18n.spoken`/`speaking`; e-mails use `speaking_to(player)`.

The catalogs: `service/locales/<lang>/LC_MESSAGES/shiplog.mo` (the platform: pages, errors,
the shared rules' words) and `domain/<game>/locales/<lang>/LC_MESSAGES/<package>.mo` (each
game's words, its own gettext domain), compiled from the `.po` files by `make` (`make
translations`), read with Babel by `domain.core.translations` (the `replay` CLI reads them the
same way, without Flask). A missing compiled catalog is logged and read as English, never an
error. The pages write times in the signed-in player's time zone (`when`) and numbers as their
language does (the `number` filter).
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, cast

from flask import Flask, Response, current_app, g, request
from flask_babel import Babel, format_datetime, get_timezone, refresh
from werkzeug.datastructures import LanguageAccept
from werkzeug.http import parse_accept_header

from domain.core import translations
from domain.core.i18n import ENGLISH, PLATFORM, Catalogs, activate, deactivate, speaking, spoken
from domain.core.translations import DEFAULT, LANGUAGES, supported

log = logging.getLogger("shiplog.languages")
LOCALES = Path(__file__).with_name("locales")
COOKIE = "shiplog_lang"
PREFERENCE = "shiplog.language_preference"  # app.extensions: () -> the pages' own choice (web/language.py)
FAST_VARY = {None: "Accept-Language", "Authorization": "Authorization, Accept-Language"}  # Vary before -> after
ZONE = "shiplog.zone_preference"  # app.extensions: () -> the signed-in player's time zone (web/language.py)


@functools.cache
def catalogs(tag: str) -> Catalogs:
    """The compiled catalogs of language `tag`: the platform's and every game's, merged (each
    game in its own domain); English needs none."""
    loaded = translations.load(tag, LOCALES)
    if loaded is ENGLISH and tag in LANGUAGES and tag != DEFAULT:
        log.warning("no compiled catalog for %r: run `make translations`; the pages stay English", tag)
    return loaded


def from_header(header: str | None) -> str | None:
    """The best of our languages for an Accept-Language header (None: none of them); a
    malformed header is no language."""
    if not header:
        return None
    return _best_match(header[:500])


@functools.lru_cache(maxsize=512)
def _best_match(header: str) -> str | None:  # a browser sends the same header with every request
    return supported(parse_accept_header(header, LanguageAccept).best_match(list(LANGUAGES)))


def player_language(player: Any) -> str:
    """The language a player chose in their settings (English when they chose none): what
    their e-mails are written in."""
    return supported(getattr(player, "language", None)) or DEFAULT


@contextmanager
def speaking_to(player: Any) -> Iterator[None]:
    """Within the block, sentences are in `player`'s language (for notifications: the mail's
    subject and body are made inside it)."""
    tag = player_language(player)
    with speaking(tag, catalogs(tag)):
        yield


def choose() -> str:
    """The language of this request (the module docstring's order)."""
    environ = request.environ
    asked = supported(request.args.get("lang")) if environ.get("QUERY_STRING") else None  # no query, no `lang`
    if asked:
        return asked
    preference: Callable[[], str | None] | None = current_app.extensions.get(PREFERENCE)
    chosen = supported(preference()) if preference is not None else None
    return chosen or from_header(environ.get("HTTP_ACCEPT_LANGUAGE")) or DEFAULT


def zone_of_reader() -> str:
    """The time zone the pages write times in: the signed-in player's, else UTC."""
    preference: Callable[[], str | None] | None = current_app.extensions.get(ZONE)
    return (preference() if preference is not None else None) or "UTC"


def when(iso: str | None) -> str:
    """A stored UTC time ("2025-03-01T09:30:00+00:00") as the reader's language writes it, in
    the reader's time zone (named after it)."""
    if not iso:
        return ""
    try:
        moment = datetime.fromisoformat(iso)
    except ValueError:
        return iso
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return f"{format_datetime(moment, 'medium')} {get_timezone()}"


def init_languages(app: Flask) -> None:
    """Choose each request's language and speak it while the request runs; Jinja's gettext
    reads the same catalogs (the platform's domain)."""
    Babel(app, locale_selector=choose, timezone_selector=zone_of_reader, default_timezone="UTC")
    env = app.jinja_env
    env.install_gettext_callables(  # type: ignore[attr-defined]
        gettext=lambda s: catalogs_now().dgettext(PLATFORM, s),
        ngettext=lambda s, p, n: catalogs_now().dngettext(PLATFORM, s, p, n),
        pgettext=lambda c, s: catalogs_now().dpgettext(PLATFORM, c, s),
        npgettext=lambda c, s, p, n: catalogs_now().dnpgettext(PLATFORM, c, s, p, n),
        newstyle=True,
    )
    env.filters["when"] = when
    env.filters["number"] = translations.number

    app.before_request(speak)

    @app.teardown_request
    def quiet(_exc: BaseException | None) -> None:
        token = g.pop("shiplog_speaking", None)
        if token is not None:
            deactivate(token)

    @app.after_request
    def vary(response: Response) -> Response:
        headers = response.headers
        # What `response.vary.add("Accept-Language")` writes, for the Vary of every answer
        # (none, or the API's "Authorization") without parsing and writing a header set.
        before = headers.get("Vary")
        if before in FAST_VARY:
            headers["Vary"] = FAST_VARY[before]
        else:
            response.vary.add("Accept-Language")
        tag = g.get("shiplog_language")
        if tag is not None:
            headers.setdefault("Content-Language", tag)
        return response

    @app.context_processor
    def languages() -> dict[str, Any]:
        return {"language": g.get("shiplog_language", DEFAULT), "languages": LANGUAGES}


def speak() -> None:
    """Speak this request's language from now on (again, after the player changed theirs)."""
    here = cast(Any, g)._get_current_object()  # the request's `g`, looked up once (each use of the proxy looks again)
    token = here.pop("shiplog_speaking", None)
    if token is not None:
        deactivate(token)
        refresh()  # Flask-Babel chooses again too
    tag = choose()  # (Flask-Babel's own choice, for its date and number filters, asks the same function when needed)
    here.shiplog_language = tag
    here.shiplog_speaking = activate(tag, catalogs(tag))


def catalogs_now() -> Catalogs:
    return spoken()[1]
