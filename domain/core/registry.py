"""The game registry: the one place a game is registered.

Adding a game means adding its package under `domain/` and one line in `_BUILTIN`. A server can
also host games from elsewhere: SHIPLOG_GAME_MODULES="name=package.module,..." (the platform's
own process tests use it to serve their tiny game).
"""

from __future__ import annotations

import importlib
import importlib.util
import os
from types import ModuleType
from typing import cast

from .errors import IllegalAction
from .i18n import _, words_of
from .options import Option
from .rules import GameRules

_BUILTIN: dict[str, str] = {
    "puerto-rico": "domain.puerto_rico",
    "navegador": "domain.navegador",
    "santa-maria": "domain.santa_maria",
    "felinia": "domain.felinia",
}

# The games imported so far, by name: a process imports a game once (and tests register theirs).
_loaded: dict[str, GameRules] = {}


def _extra() -> dict[str, str]:
    spec = os.environ.get("SHIPLOG_GAME_MODULES", "")
    pairs = (item.split("=", 1) for item in spec.split(",") if "=" in item)
    return {name.strip(): module.strip() for name, module in pairs}


CONTRACT = (
    "NAME", "TITLE", "RULES_VERSION", "MIN_SEATS", "MAX_SEATS", "BOTS", "check_options", "setup",
    "evolve", "decide", "legal_actions", "to_act", "view", "redact", "outcome", "OPTIONS",
    "reveals", "describe", "BLURB",
)


def check_contract(module: object) -> GameRules:
    """The module itself, once it is seen to provide every name of the rules contract."""
    name = getattr(module, "__name__", module)
    missing = [n for n in CONTRACT if not hasattr(module, n)]
    if missing:
        raise TypeError(f"game module {name!r} lacks {', '.join(missing)}")
    options = module.OPTIONS  # type: ignore[attr-defined]
    if not isinstance(options, tuple) or not all(isinstance(o, Option) for o in options):
        raise TypeError(f"game module {name!r}: OPTIONS must be a tuple of domain.core.options.Option")
    out_of_turn: object = getattr(module, "OUT_OF_TURN", frozenset())
    if not isinstance(out_of_turn, frozenset) or not all(isinstance(t, str) for t in out_of_turn):
        raise TypeError(f"game module {name!r}: OUT_OF_TURN must be a frozenset of action types")
    determinize: object = getattr(module, "determinize", None)
    if determinize is not None and not callable(determinize):
        raise TypeError(f"game module {name!r}: determinize must be a function (state, seat, rng) -> state")
    return cast(GameRules, module)


def register(name: str, module: object) -> None:
    """Register a game module under `name` (tests use this for their tiny game)."""
    _loaded[name] = check_contract(module)


def _importable(module_name: str) -> bool:
    try:
        return importlib.util.find_spec(module_name) is not None
    except ModuleNotFoundError:  # its parent package is missing
        return False


def board_helpers(rules: GameRules) -> ModuleType | None:
    """The game's `board.py` beside its rules (what its board and the replay's text board add:
    `service/web/boards.py` says what it may provide), or None."""
    name = f"{getattr(rules, '__name__', '')}.board"
    try:
        found = importlib.util.find_spec(name)
    except (ModuleNotFoundError, ValueError):
        return None
    return importlib.import_module(name) if found is not None else None


def names() -> list[str]:
    available = set(_loaded)
    for name, module_name in {**_BUILTIN, **_extra()}.items():
        if _importable(module_name):
            available.add(name)
    return sorted(available)


def products() -> list[str]:
    """The games this server ships (`_BUILTIN`, importable), without those a process or its tests
    register besides: the platform's shared tests run over every one of them."""
    return sorted(name for name, module in _BUILTIN.items() if _importable(module))


def get(name: str) -> GameRules:
    """The rules module of a game, or IllegalAction('game.unknown')."""
    if name in _loaded:
        return _loaded[name]
    module_name = {**_BUILTIN, **_extra()}.get(name)
    if module_name is None or not _importable(module_name):
        raise IllegalAction("game.unknown", _("There is no game called {name!r} on this server.", name=name))
    try:
        module = check_contract(importlib.import_module(module_name))
    except (ImportError, TypeError) as exc:  # a broken package: say so, do not crash the caller
        raise IllegalAction("game.unavailable", _("{name} cannot be played on this server right now ({error}).", name=name,
                                                    error=exc)) from exc
    _loaded[name] = module
    return module


def title(name: str) -> str:
    """The title of the game called `name` in the reader's language (its name when this server
    does not host it)."""
    try:
        rules = get(name)
    except IllegalAction:
        return name
    return words_of(rules).gettext(rules.TITLE) if rules.TITLE else name
