"""The rules' words in the reader's language: gettext in the functional core, without Flask.

The rules stay pure and deterministic: facts are data, never sentences. A sentence (a fact's
`describe`, a refusal's message, a board's label) is made when someone reads it, in the
language of that reader. The domain marks its sentences with the gettext functions of a
`Translator` (one per gettext domain: "shiplog" for the platform, the game's package name for a
game), and the shell says which catalogs are active for the current request with `speaking`
(a context variable: per thread and per task, so two requests in two languages never mix).
With no catalogs active the functions give the English they were given.

    >>> T = Translator("demo")
    >>> _, ngettext = T.gettext, T.ngettext
    >>> _("{who} takes the {role} role.", who="Ann", role="settler")
    'Ann takes the settler role.'
    >>> ngettext("{n} doubloon", "{n} doubloons", 3)
    '3 doubloons'
    >>> language()
    'en'

Placeholders are `{name}` (str.format), filled in after the lookup, so a translation may put
them in any order; a count is always there as `{n}` in `ngettext`. `pybabel extract` finds the
sentences by the names `_`, `ngettext`, `pgettext`, `npgettext` and `N_`/`NP_`/`NPL_` (marked only:
translated later, where they are shown). docs/writing-a-game.md, "A game's words", tells a
contributor how; the catalogs live in `locales/` beside the code (service/locales for the
platform, domain/<game>/locales for a game) and are compiled by `make`.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, Protocol

PLATFORM = "shiplog"  # the platform's gettext domain (service/locales)


class Catalogs(Protocol):
    """What the shell activates: Babel's `support.Translations` is one (its domains merged)."""

    def dgettext(self, domain: str, message: str) -> str: ...

    def dngettext(self, domain: str, singular: str, plural: str, num: int) -> str: ...

    def dpgettext(self, domain: str, context: str, message: str) -> str: ...

    def dnpgettext(self, domain: str, context: str, singular: str, plural: str, num: int) -> str: ...


class English:
    """No catalogs: the sentences as written (English, and its plural rule)."""

    def dgettext(self, domain: str, message: str) -> str:
        return message

    def dngettext(self, domain: str, singular: str, plural: str, num: int) -> str:
        return singular if num == 1 else plural

    def dpgettext(self, domain: str, context: str, message: str) -> str:
        return message

    def dnpgettext(self, domain: str, context: str, singular: str, plural: str, num: int) -> str:
        return singular if num == 1 else plural


ENGLISH = English()
_ACTIVE: ContextVar[tuple[str, Catalogs]] = ContextVar("shiplog_language", default=("en", ENGLISH))


@contextmanager
def speaking(tag: str, catalogs: Catalogs) -> Iterator[None]:
    """Within the block, sentences are in the language `tag` ("ru") from `catalogs`."""
    token = _ACTIVE.set((tag, catalogs))
    try:
        yield
    finally:
        _ACTIVE.reset(token)


def activate(tag: str, catalogs: Catalogs) -> object:
    """Speak `tag` from now on in this context (a request); `deactivate(token)` ends it."""
    return _ACTIVE.set((tag, catalogs))


def deactivate(token: object) -> None:
    _ACTIVE.reset(token)  # type: ignore[arg-type]


def language() -> str:
    """The language sentences are made in now ("en", "ru", "hu")."""
    return _ACTIVE.get()[0]


def spoken() -> tuple[str, Catalogs]:
    """The active language and catalogs, to carry into work done later for the same reader
    (a stream's later batches): `with speaking(*carried): ...`."""
    return _ACTIVE.get()


def _filled(text: str, values: dict[str, Any]) -> str:
    return text.format(**values) if values else text


class Translator:
    """The gettext functions of one gettext domain, bound: `_ = Translator("puerto_rico").gettext`."""

    __slots__ = ("domain",)

    def __init__(self, domain: str) -> None:
        self.domain = domain.rsplit(".", 1)[-1]  # a package name ("domain.puerto_rico") is fine

    def gettext(self, message: str, **values: Any) -> str:
        catalogs = _ACTIVE.get()[1]
        if catalogs is ENGLISH:  # (the rules' own refusals while bots and playouts search: no look-up)
            return message.format(**values) if values else message
        return _filled(catalogs.dgettext(self.domain, message), values)

    def ngettext(self, singular: str, plural: str, n: int, **values: Any) -> str:
        return _ACTIVE.get()[1].dngettext(self.domain, singular, plural, n).format(n=n, **values)

    def pgettext(self, context: str, message: str, **values: Any) -> str:
        catalogs = _ACTIVE.get()[1]
        if catalogs is ENGLISH:
            return message.format(**values) if values else message
        return _filled(catalogs.dpgettext(self.domain, context, message), values)

    def npgettext(self, context: str, singular: str, plural: str, n: int, **values: Any) -> str:
        return _ACTIVE.get()[1].dnpgettext(self.domain, context, singular, plural, n).format(n=n, **values)


def words_of(game: object) -> Translator:
    """The gettext functions of a game's own catalog (its rules module or package: the domain
    is the package's name), for its texts shown by the platform (title, blurb, options)."""
    return Translator(str(getattr(game, "__name__", game)))


def N_(message: str) -> str:
    """Marks `message` for the catalog without translating it (a table's text, translated
    where it is shown)."""
    return message


def NP_(context: str, message: str) -> str:
    """`N_` with a context: the same English word in two roles gets two translations."""
    return message


def NPL_(context: str, singular: str, plural: str) -> tuple[str, str]:
    """`NP_` for a count's two English forms: translated later with `npgettext`."""
    return singular, plural


_PLATFORM = Translator(PLATFORM)
_, ngettext, pgettext, npgettext = _PLATFORM.gettext, _PLATFORM.ngettext, _PLATFORM.pgettext, _PLATFORM.npgettext
