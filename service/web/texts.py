"""Words the pages show that come from data (a game's title and blurb, its options, a status, a
bot's kind): in the reader's language, each from the catalog it belongs to. A game's texts are
in its own catalog (`domain.core.i18n.Translator` of its package, marked there with `N_`); the
platform's here, marked with `NP_` so `make catalogs` finds them.
"""

from __future__ import annotations

from http import HTTPStatus
from typing import Any

from babel import Locale
from jinja2 import Environment

from domain.core import registry
from domain.core.i18n import NP_, NPL_, _, language, npgettext, pgettext, words_of
from domain.core.rules import GameRules
from domain.core.words import bot_words, listing

_STATUS = {s: s for s in (NP_("status", "open"), NP_("status", "active"), NP_("status", "finished"),
                           NP_("status", "abandoned"))}
_ENDINGS = {t: t for t in (NP_("termination", "finished"), NP_("termination", "resigned"),
                            NP_("termination", "timeout"), NP_("termination", "abandoned"))}
_HTTP = {400: NP_("http", "Bad Request"), 401: NP_("http", "Unauthorized"), 403: NP_("http", "Forbidden"),
         404: NP_("http", "Not Found"), 405: NP_("http", "Method Not Allowed"), 409: NP_("http", "Conflict"),
         413: NP_("http", "Request Entity Too Large"), 422: NP_("http", "Unprocessable Entity"),
         429: NP_("http", "Too Many Requests"), 500: NP_("http", "Internal Server Error"),
         503: NP_("http", "Service Unavailable")}


def game_words(rules: GameRules, text: str) -> str:
    """A text of the game's own (its title, blurb, an option's sentence) in the reader's language."""
    return words_of(rules).gettext(text) if text else text


def game_label(rules: GameRules, kind: str, name: Any) -> str:
    """A name of the game's data in its words: an option's label ("option"), one of its
    choices ("choice"), a score category ("score"), how it ended ("termination"). The English
    is the name with spaces, an option's capitalised ("first_governor": "First governor"); the
    game marks each with `NP_(kind, english)`."""
    english = str(name).replace("_", " ")
    if kind == "option":
        english = english.capitalize()
    return words_of(rules).pgettext(kind, english)


def ending(termination: Any, rules: GameRules) -> str:
    """How a game ended, in words: the platform's endings (resigned, timeout) or the game's."""
    return termination_words(termination) if termination in _ENDINGS else game_label(rules, "termination", termination)


def seat_names(seats: Any, names: list[str]) -> list[str]:
    return [names[s] if 0 <= s < len(names) else str(s) for s in seats]


def _known(table: dict[str, str], context: str, value: Any) -> str:
    text = str(value)
    return pgettext(context, text) if text in table else text.replace("_", " ")


def status_words(status: Any) -> str:
    return _known(_STATUS, "status", status)


def termination_words(termination: Any) -> str:
    return _known(_ENDINGS, "termination", termination)


def status_phrase(status: int) -> str:
    """An HTTP status's phrase as a page's title ("Too Many Requests")."""
    phrase = _HTTP.get(status)
    return pgettext("http", phrase) if phrase is not None else HTTPStatus(status).phrase


def board_words(package: str) -> tuple[Any, Any, Any]:
    """The gettext functions a game's board.html speaks with (its own catalog)."""
    words = words_of(package)
    return words.gettext, words.ngettext, words.pgettext


_UNITS = {"day": NPL_("unit", "{n} day", "{n} days"), "hour": NPL_("unit", "{n} hour", "{n} hours"),
          "minute": NPL_("unit", "{n} minute", "{n} minutes")}


def page_words() -> dict[str, Any]:
    """The words the pages' scripts write (static/notify.js): each unit's forms by CLDR plural
    category of the reader's language, and the notification button's words."""
    locale = Locale.parse(language())
    units: dict[str, dict[str, str]] = {}
    for unit, forms in _UNITS.items():
        said = units.setdefault(unit, {})
        for n in (1, 2, 5, 11, 21, 22, 100):
            said.setdefault(locale.plural_form(n), npgettext("unit", *forms, n).replace(str(n), "{n}", 1))
    return {"units": units, "left": _("{left} left"), "none": _("no time"), "less": _("less than a minute"),
            "notify": _("Notify me of my turns"), "stop": _("Stop notifying me"),
            "blocked": _("Notifications are blocked in this browser"), "failed": _("Push could not be set up here: {error}")}


def add_texts(env: Environment) -> None:
    env.globals.update(page_words=page_words, game_words=game_words, game_label=game_label, game_title=registry.title, board_words=board_words,
                       status_words=status_words, bot_words=bot_words, listing=listing, seat_names=seat_names)
    env.filters["ending"] = ending
    env.filters["bot_name"] = bot_words
