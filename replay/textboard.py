"""The position as text for people (python-chess's `print(board)` habit): `replay show` draws it,
`replay step` says what each move changed.

A game's `board.py` (beside its board.html) may give `text(view, names) -> str`, a compact board
of its own; otherwise the view is written out as `name: value` lines, each key and each word of a
value said through the board's `text_word(word) -> str` where it gives one (the reader's language). What changed
between two positions is told generically: every field of the view whose value differs, with
"players.N" written as the player's name.

    >>> changes({"players": [{"gold": 1}], "round": 2}, {"players": [{"gold": 3}], "round": 2}, ["Ann"])
    ['Ann gold: 1 → 3']
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any

from domain.core.i18n import _
from domain.core.registry import board_helpers as helpers

Path = tuple[str, ...]
Word = Callable[[str], str]


def same(word: str) -> str:
    return word


def scalar(value: Any, word: Word = same) -> str:
    if value is None:
        return "—"
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, list | tuple):
        return ", ".join(scalar(v, word) for v in value) if value else _("none")
    return word(value) if isinstance(value, str) else str(value)


def flat(view: Any, path: Path = ()) -> Iterator[tuple[Path, Any]]:
    """(path, value) for every leaf of the view; a list of plain values is one leaf."""
    if isinstance(view, dict):
        if not view and path:
            yield path, _("none")
        for key, value in view.items():
            yield from flat(value, (*path, str(key)))
    elif isinstance(view, list) and any(isinstance(v, dict | list) for v in view):
        for i, value in enumerate(view):
            yield from flat(value, (*path, str(i)))
    else:
        yield path, view


def named(path: Path, names: Sequence[str], word: Word = same) -> str:
    """'players 1 doubloons' reads 'Bob doubloons'."""
    if len(path) >= 2 and path[0] == "players" and path[1].isdigit() and int(path[1]) < len(names):
        return " ".join([names[int(path[1])], *(word(p).replace("_", " ") for p in path[2:])])
    return " ".join(word(p).replace("_", " ") for p in path)


def generic_text(view: dict[str, Any], names: Sequence[str], word: Word = same) -> str:
    return "\n".join(f"{named(path, names, word)}: {scalar(value, word)}" for path, value in flat(view))


def text_board(rules: Any, view: dict[str, Any] | None, names: Sequence[str]) -> str:
    """The game's own text board, or the generic one."""
    if view is None:
        return _("(no position yet: the game has not started)")
    board = helpers(rules)
    fn = getattr(board, "text", None)
    return str(fn(view, list(names))) if fn is not None else generic_text(view, names, getattr(board, "text_word", same))


def changes(before: dict[str, Any] | None, after: dict[str, Any] | None, names: Sequence[str]) -> list[str]:
    """Every field of the view that the move changed: 'Ann doubloons: 2 → 5'."""
    old = dict(flat(before)) if before is not None else {}
    new = dict(flat(after)) if after is not None else {}
    order = {path: i for i, path in enumerate(new)}
    out = []
    for path in new.keys() | old.keys():
        if old.get(path, "∅") != new.get(path, "∅"):
            was = scalar(old[path]) if path in old else "—"
            now = scalar(new[path]) if path in new else "—"
            out.append((order.get(path, len(order)), f"{named(path, names)}: {was} → {now}"))
    return [line for _order, line in sorted(out)]
