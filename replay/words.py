"""The `replay` command line's language: `--lang ru` on every command that prints sentences,
by default the environment's locale (LC_ALL, then LC_MESSAGES, then LANG, as POSIX reads them:
`ru_RU.UTF-8` is Russian); a language that is not ours is English, never an error.

The catalogs are read with Babel alone (`domain.core.translations`): the platform's from the
server package's `locales/` folder, found without importing the server (no Flask, no store:
`replay show FILE` starts fast), and every game's from its own folder.
"""

from __future__ import annotations

import functools
import importlib.util
import os
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, TypeVar

import click

from domain.core.i18n import Catalogs, speaking
from domain.core.translations import DEFAULT, LANGUAGES, load, supported

F = TypeVar("F", bound=Callable[..., Any])


def platform_locales() -> Path:
    """The folder of the platform's catalogs (service/locales), found, not imported."""
    spec = importlib.util.find_spec("service")
    folders = list(spec.submodule_search_locations or []) if spec is not None else []
    return Path(folders[0]) / "locales" if folders else Path("service/locales")


def from_environment(env: Mapping[str, str]) -> str:
    """The language of the environment's locale: the first of LC_ALL, LC_MESSAGES, LANG that is
    set ("ru_RU.UTF-8" is "ru"); English when it is not one of ours ("C", "de_DE")."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        if env.get(name):
            return supported(env[name]) or DEFAULT
    return DEFAULT


@functools.cache
def catalogs(tag: str) -> Catalogs:
    return load(tag, platform_locales())


def speaks(command: F) -> F:
    """The command takes `--lang` and says everything in that language."""

    @click.option("--lang", "lang", default=None, metavar="LANG",
                  help=f"the language of the words: {', '.join(LANGUAGES)} (default: the environment's locale)")
    @functools.wraps(command)
    def spoken(*args: Any, lang: str | None = None, **kwargs: Any) -> Any:
        tag = supported(lang) or DEFAULT if lang else from_environment(os.environ)
        with speaking(tag, catalogs(tag)):
            return command(*args, **kwargs)

    return spoken  # type: ignore[return-value]
