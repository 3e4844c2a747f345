"""The compiled catalogs of a language, read with Babel alone (no Flask): the server's
requests and e-mails (service/languages.py) and the `replay` command line both speak from them.

    >>> supported("ru_RU.UTF-8"), supported("RU-ru"), supported("de"), supported(None)
    ('ru', 'ru', None, None)
    >>> load("en", Path("nowhere")) is ENGLISH and load("xx", Path("nowhere")) is ENGLISH
    True
    >>> number(1234.5)
    '1,234.5'

A language's catalogs are the platform's (`<platform>/<lang>/LC_MESSAGES/shiplog.mo`, the folder
given by the caller: the domain does not know where the shell keeps it) and every registered
game's (`domain/<game>/locales/<lang>/LC_MESSAGES/<package>.mo`, each game in its own gettext
domain), merged into one `Translations`. A missing compiled catalog is read as English (the
caller says so), never an error.
"""

from __future__ import annotations

from pathlib import Path
from typing import cast

from babel.numbers import format_decimal
from babel.support import Translations

from . import registry
from .errors import IllegalAction
from .i18n import ENGLISH, PLATFORM, Catalogs, language

LANGUAGES = {"en": "English", "ru": "Русский", "hu": "Magyar"}
DEFAULT = "en"


def supported(tag: object) -> str | None:
    """The language of ours `tag` names ("ru", "ru-RU", "ru_RU.UTF-8"), or None."""
    if not isinstance(tag, str) or not 1 <= len(tag) <= 35:
        return None
    base = tag.replace("_", "-").split(".", 1)[0].split("-", 1)[0].strip().lower()
    return base if base in LANGUAGES else None


def load(tag: str, platform: Path) -> Catalogs:
    """The compiled catalogs of language `tag`, the platform's from the folder `platform`;
    English (no catalogs) for English, a language not ours, or none compiled."""
    if tag == DEFAULT or tag not in LANGUAGES:
        return ENGLISH
    loaded = Translations.load(platform, [tag], PLATFORM)
    found = int(isinstance(loaded, Translations))
    # (the platform's own catalog is the base: a merged catalog keeps the plural rule it began with)
    merged = loaded if isinstance(loaded, Translations) else Translations(domain=PLATFORM)
    for name in registry.names():
        try:
            rules = registry.get(name)
        except IllegalAction:
            continue
        package = str(getattr(rules, "__name__", "")).rsplit(".", 1)[-1]
        where = Path(str(getattr(rules, "__file__", ""))).with_name("locales")
        if package and where.is_dir():
            game = Translations.load(where, [tag], package)
            if isinstance(game, Translations):
                merged.add(game)
                found += 1
    return cast(Catalogs, merged) if found else ENGLISH


def number(value: float) -> str:
    """A number as the reader's language writes it (1,234 in English, 1 234 in Russian)."""
    return format_decimal(value, locale=language())
