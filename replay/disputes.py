"""Settling a rules dispute from the command line: `replay legal`, `replay try`, `replay why`.

They ask the rules about the position after event N of a game (in the store or a record file)
and store nothing (domain/core/dispute.py). A finished game is public: the answers show
everything. While a game runs, `legal` and `try` answer as the acting seat could have known
then: they stop before a random draw or a fact that shows something hidden, and redact the
rest for that seat.

Exit codes: as every replay command (0 ok, 2 bad usage or a game that cannot be read); `try`
exits 1 when the action would have been refused.
"""

from __future__ import annotations

import json
import sys
from typing import Any

import click

from domain.core import ALL, registry
from domain.core.dispute import (
    Answer,
    Position,
    attempt,
    legal,
    record_is_public,
    record_position,
    told,
)
from domain.core.i18n import _, ngettext
from domain.core.rules import Viewer, action_for
from domain.core.words import Section

from .records import _echo_json, describe_event, echo, load_record, parse_viewer, seat_names
from .words import speaks


def _position(record: dict[str, Any], at: int) -> Position:
    last = record["events"][-1]["version"]
    if not 0 <= at <= last:
        raise click.BadParameter(_("version {at} is outside 0..{last}", at=at, last=last), param_hint="--at")
    return record_position(record, at)


def _seat(value: str, record: dict[str, Any]) -> int:
    names = [p["name"] for p in record["players"]]
    if value.isdigit() and int(value) < len(names):
        return int(value)
    if value in names:
        return names.index(value)
    raise click.BadParameter(_("a seat number (0..{last}) or a player's name, not {value!r}", last=len(names) - 1, value=value),
                             param_hint="--as")


_names = seat_names


def _who(record: dict[str, Any], seat: int) -> str:
    return _("{name} (seat {seat})", name=_names(record)[seat], seat=seat)


def _lines(text: tuple[str, ...], sections: tuple[Section | None, ...], indent: str = "       ") -> list[str]:
    return [f"{indent}{line}" + (f"  [{section}]" if section else "") for line, section in zip(text, sections, strict=True)]


def _answer_lines(answer: Answer) -> list[str]:
    lines = _lines(answer.text, answer.sections)
    if answer.note:
        lines.append(f"       ({answer.note})")
    return lines


def _viewer(record: dict[str, Any], seat: int) -> Viewer:
    """Everything once the game is over; the acting seat's own view while it runs."""
    return ALL if record_is_public(record) else seat


@click.command("legal")
@speaks
@click.argument("game")
@click.option("--at", "at", type=int, required=True, help="the position after this event")
@click.option("--as", "as_", default=None, help="seat number or name (default: every seat to act then)")
@click.option("--json", "as_json", is_flag=True)
def legal_cmd(game: str, at: int, as_: str | None, as_json: bool) -> None:
    """The actions a seat could have taken after event --at N of GAME, each with what it would
    have caused, in words."""
    record = load_record(game)
    position = _position(record, at)
    to_act = sorted(position.to_act())
    seats = [_seat(as_, record)] if as_ is not None else to_act
    names = _names(record)
    answers = {seat: [attempt(position, seat, action, _viewer(record, seat), names) for action in legal(position, seat)]
               for seat in seats}
    if as_json:
        rows = [{"seat": s, "name": names[s], "actions": [a.to_json() for a in answers[s]]} for s in seats]
        _echo_json({"id": record["id"], "game": record["game"], "version": at, "to_act": to_act, "seats": rows})
        return
    waiting = ", ".join(_who(record, s) for s in to_act) or _("nobody (the game was not under way)")
    echo(_("after event {at}, to act: {seats}", at=at, seats=waiting))
    for seat in seats:
        if not answers[seat]:
            echo(_("{who} could not act then.", who=_who(record, seat)))
            continue
        echo(ngettext("{who} could have taken {n} action:", "{who} could have taken {n} actions:", len(answers[seat]),
                      who=_who(record, seat)))
        for n, answer in enumerate(answers[seat], 1):
            echo(f"  {n:>3}. {json.dumps(answer.action, ensure_ascii=False)}")
            for line in _answer_lines(answer):
                echo(line)


@click.command("try")
@speaks
@click.argument("game")
@click.argument("action_json", metavar="ACTION_JSON")
@click.option("--at", "at", type=int, required=True, help="the position after this event")
@click.option("--as", "as_", required=True, help="the seat that acts: a number or a player's name")
@click.option("--json", "as_json", is_flag=True)
def try_cmd(game: str, action_json: str, at: int, as_: str, as_json: bool) -> None:
    """Would ACTION_JSON by the seat --as have been accepted after event --at N of GAME? Says
    what it would have caused, or the rule that refuses it. Nothing is stored; exit 1 if refused."""
    record = load_record(game)
    position = _position(record, at)
    seat = _seat(as_, record)
    try:
        action = json.loads(action_json)
    except ValueError as exc:
        raise click.BadParameter(_("not JSON: {error}", error=exc), param_hint="ACTION_JSON") from None
    answer = attempt(position, seat, action, _viewer(record, seat), _names(record))
    if as_json:
        _echo_json({"id": record["id"], "game": record["game"], "version": at, **answer.to_json()})
    elif answer.accepted:
        echo(_("ACCEPTED after event {at}: {who} {action} would have caused:", at=at, who=_who(record, seat),
               action=json.dumps(action, ensure_ascii=False)))
        for line in _answer_lines(answer) or ["       " + _("nothing")]:
            echo(line)
    else:
        echo(_("REFUSED after event {at}: {who} {action}", at=at, who=_who(record, seat), action=json.dumps(action, ensure_ascii=False)))
        echo(f"       {answer.code}: {answer.message}")
    sys.exit(0 if answer.accepted else 1)


@click.command("why")
@speaks
@click.argument("game")
@click.option("--at", "at", type=int, required=True, help="the event to explain")
@click.option("--as", "as_", default=None, help="seat number or name, 'spectator', or 'all' (default)")
@click.option("--json", "as_json", is_flag=True)
def why_cmd(game: str, at: int, as_: str | None, as_json: bool) -> None:
    """For the action taken at event --at N of GAME: the facts it caused, in words, each with the
    section of the game's rules page that produced it (where the game records one)."""
    record = load_record(game)
    _position(record, at)
    viewer = parse_viewer(as_, record)
    rules = registry.get(record["game"])
    event = next(ev for ev in record["events"] if ev["version"] == at)
    said = told(rules, event.get("facts") or (), viewer, _names(record))
    if as_json:
        action = event.get("action")
        _echo_json({
            "id": record["id"], "game": record["game"], "version": at, "type": event["type"],
            "seat": event.get("seat"),
            "action": action_for(rules, action, event["seat"], viewer) if action is not None else None,
            "facts": list(said.facts), "text": list(said.text),
            "sections": [s.to_json() if s else None for s in said.sections],
        })
        return
    echo(describe_event(event, record, viewer).split("\n", 1)[0])
    if not said.text:
        echo("       " + _("(no rules facts: this event is the table's, not a move)"))
    for line in _lines(said.text, said.sections):
        echo(line)
