"""What every `replay` command stands on: a game's record, read from a file or from the store
(`load_record`), the viewer named by --as, an event said in words, and `echo`, which prints
nothing of a record as it is (`printable`). replay/cli.py and replay/disputes.py both import it;
the CLI composes them, and disputes.py does not import the CLI.
"""

from __future__ import annotations

import json
import unicodedata
from pathlib import Path
from typing import Any
from uuid import UUID

import click

from domain.core import ALL, registry
from domain.core.aggregate import Game, Status
from domain.core.game.orders import row_as_seen
from domain.core.i18n import _, ngettext
from domain.core.record import check_format
from domain.core.rules import GameRules, Viewer, action_for, redacted
from domain.core.words import described, render


class NotThere(click.ClickException):
    """A game or record file that is not there or cannot be read: exit 2."""

    exit_code = 2


HIDDEN = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}  # control, format, surrogate, private, unassigned, separators


def printable(text: str) -> str:
    """`text` with every character a terminal could act on written as a JSON escape (newlines kept)."""

    def escape(ch: str) -> str:
        code = ord(ch)
        if code > 0xFFFF:  # as a UTF-16 pair, the way JSON writes it
            code -= 0x10000
            return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"
        return f"\\u{code:04x}"

    return "".join(escape(ch) if ch != "\n" and unicodedata.category(ch) in HIDDEN else ch for ch in text)


def echo(text: str, err: bool = False) -> None:
    click.echo(printable(text), err=err)


def _app() -> Any:
    from service.application import Shiplog  # lazy: only for a game in the store
    from service.settings import store_env  # lazy: only for a game in the store
    from service.store import StoreDamaged, check_at_start  # lazy: only for a game in the store

    try:
        check_at_start(store_env())
    except StoreDamaged as exc:
        raise NotThere(str(exc)) from None
    return Shiplog()


def _is_file(game: str) -> bool:
    path = Path(game)
    return path.suffix == ".json" or path.is_file()


def load_record(game: str) -> dict[str, Any]:
    """A record from a file path or from the store (by id or unique id prefix)."""
    path = Path(game)
    if _is_file(game):
        if not path.is_file():
            raise NotThere(_("no such record file: {file}", file=game))
        try:
            record = json.loads(path.read_text(encoding="utf-8"))
            check_format(record)
        except (ValueError, OSError) as exc:
            raise NotThere(_("{file} cannot be read: {error}", file=game, error=exc)) from None
        return record  # type: ignore[no-any-return]
    app = _app()
    from service.application import GameNotFound  # lazy: only for a game in the store

    try:
        return app.record(_game_id(app, game))  # type: ignore[no-any-return]
    except GameNotFound:
        raise NotThere(_("no game {game} in the store", game=game)) from None


def store_seed(game: str) -> str | None:
    """The seed of a game in the store (the operator's copy of it checks keyed state hashes
    while the game runs; it is never printed); None for a record file."""
    if _is_file(game):
        return None
    app = _app()
    return app.get_game(_game_id(app, game)).seed  # type: ignore[no-any-return]


def _game_id(app: Any, game: str) -> UUID:
    try:
        return UUID(game)
    except ValueError:
        matches = [g for g in app.lobby.search(include_private=True) if g.id.startswith(game.lower())]
        if len(matches) != 1:
            raise NotThere(
                ngettext("{game!r} matches {n} game; give more of the id", "{game!r} matches {n} games; give more of the id",
                         len(matches), game=game) if matches else _("no game {game!r} in the store", game=game)
            ) from None
        return UUID(matches[0].id)


def parse_viewer(value: str | None, record: dict[str, Any]) -> Viewer:
    if value in (None, "all", "host"):
        return ALL
    if value == "spectator":
        return None
    assert value is not None
    names = [p["name"] for p in record["players"]]
    if value.isdigit() and int(value) < len(names):
        return int(value)
    if value in names:
        return names.index(value)
    raise click.BadParameter(_("--as takes a seat number, a player name, 'spectator' or 'all', not {value!r}", value=value))


def _echo_json(data: Any) -> None:
    echo(json.dumps(data, indent=2, ensure_ascii=False))


def seen_by(ev: dict[str, Any], record: dict[str, Any], viewer: Viewer) -> dict[str, Any]:
    """A record's row as `viewer` may see it of the seats' secrets (`orders.row_as_seen`: their
    standing orders, how a move was played for them), kept from the others while the game runs."""
    return row_as_seen(ev, viewer) if record.get("status") in (Status.ACTIVE, Status.OPEN) else ev


def seat_names(record: dict[str, Any]) -> list[str]:
    """The players' names, "seat N" for a seat without one."""
    return [p["name"] or _("seat {n}", n=p["seat"]) for p in record["players"]]


def describe_event(ev: dict[str, Any], record: dict[str, Any], viewer: Viewer) -> str:
    """The event in one head line (who did what), then what happened in sentences, one a line."""
    rules = registry.get(record["game"])
    names = seat_names(record)
    ev = seen_by(ev, record, viewer)
    kind = Game.event_class(ev["type"])
    head = f"#{ev['version']:<4}"
    if kind is Game.ActionTaken:
        how = {"forced": _(", forced"), "order": _(", standing order #{order}", order=ev.get("order"))}.get(ev.get("auto") or "", "")
        bot = _(", bot") if ev.get("bot") else ""
        who = _("{name} (seat {seat}{bot}{how})", name=names[ev["seat"]], seat=ev["seat"], bot=bot, how=how)
        action = action_for(rules, ev["action"], ev["seat"], viewer)
        args = {k: v for k, v in action.items() if k != "type"}
        return f"{head} {who}: {action['type']} {json.dumps(args) if args else ''}".rstrip() + _told(rules, ev, viewer, names)
    if kind is None:
        return f"{head} {ev['type']}"  # another seat's secret
    if kind is Game.GameCreated and ev.get("facts") is not None:
        return f"{head} " + _("game created: {game} for {players}", game=registry.title(record["game"]),
                                 players=", ".join(names)) + _told(rules, ev, viewer, names)
    if kind is Game.GameCreated:
        return f"{head} " + ngettext("game created: {game} with {n} open seat; the server's seed is committed: {commitment}",
                                     "game created: {game} with {n} open seats; the server's seed is committed: {commitment}",
                                     len(names), game=registry.title(record["game"]), commitment=record["seed_commitment"])
    said = kind.said(ev) if kind is not None else None
    if said is not None:
        return f"{head} {render(said, names)}" + (_told(rules, ev, viewer, names) if "facts" in ev else "")
    return f"{head} {ev['type']}"


def _told(rules: GameRules, ev: dict[str, Any], viewer: Viewer, names: list[str]) -> str:
    """The event's facts as `viewer` may see them, in words, one indented line each."""
    return "".join(f"\n       {line}" for line in described(rules, redacted(rules, ev["facts"], viewer), viewer, names))
