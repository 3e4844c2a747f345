"""The pages' forms and query strings, checked before anything is done with them.

A form becomes the body the API would take for the same command and is loaded with the API's
own schema (`service/schemas/`): the same fields, limits and messages, before anything loops,
counts or stores. A refused form is the form again with the schema's sentence (422). A query
string the pages do not understand (`?at=²`, a number of 5,000 digits, a newline in `next`) is a
400 page, never a 500.
"""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import urlsplit

from flask import request
from marshmallow import EXCLUDE, Schema, ValidationError, fields, validate

from domain.core.errors import IllegalAction
from domain.core.i18n import N_, _
from domain.core.options import Option
from domain.core.rules import GameRules

from .. import schemas
from ..parsing import first_error, parse_json
from ..problems import Problem

NUMBER = re.compile(r"-?[0-9]{1,12}")
MAX_NEXT = 2000  # characters of a `next` address


class Refused(IllegalAction):
    """A form the API's schema refuses: the page shows the sentence, nothing was done."""

    def __init__(self, message: str) -> None:
        super().__init__("form.invalid", message)


def checked(schema: Schema, data: dict[str, Any], keep_nulls: bool = False) -> dict[str, Any]:
    """`data` as `schema` loads it; a None is a field the form left empty (dropped), unless
    `keep_nulls` (an action's JSON, where null is a value: "pay": null is paying nothing)."""
    given = data if keep_nulls else {k: v for k, v in data.items() if v is not None}
    try:
        return schema.load(given)  # type: ignore[no-any-return]
    except ValidationError as exc:
        raise Refused(first_error(exc.messages)) from None


def dates(raw: str | None) -> list[str] | None:
    """Dates typed into a form, one after another (commas or spaces between); None: no field."""
    return None if raw is None else [d for d in re.split(r"[\s,;]+", raw) if d]


def number(raw: str | None) -> Any:
    """A whole number typed into a form, as an int; anything else as it came (the schema refuses it)."""
    if raw is None:
        return None
    text = raw.strip()
    return int(text) if NUMBER.fullmatch(text) else text


# -- query strings ---------------------------------------------------------------------------


class PageQuery(Schema):
    """What a page reads from its address; other parameters are ignored."""

    class Meta:
        unknown = EXCLUDE

    invite = schemas.INVITE


class GameQuery(PageQuery):
    log = fields.Str(validate=validate.OneOf(["all"]))


class ReplayQuery(PageQuery):
    at = fields.Int(validate=validate.Range(min=0, max=schemas.MAX_VERSION))
    as_ = fields.Str(data_key="as", validate=validate.Regexp(r"^(all|[0-9])$", error=N_("A seat's number, or all.")))
    ask = fields.Int(validate=validate.Range(min=0, max=schemas.MAX_PLAYERS - 1))
    try_ = fields.Str(data_key="try")  # any text: the panel says what is wrong with it


class LiveQuery(schemas.StreamQuerySchema):
    class Meta:
        unknown = EXCLUDE


class NextQuery(PageQuery):
    next = fields.Str(validate=validate.Length(max=MAX_NEXT))


def query(schema: Schema) -> dict[str, Any]:
    """The page's query string as `schema` reads it (an empty value: not given), or a 400 page."""
    given = {k: v for k, v in request.args.to_dict().items() if v != ""}
    try:
        return schema.load(given)  # type: ignore[no-any-return]
    except ValidationError as exc:
        raise Problem(400, "query.invalid", _("This address is not valid: {error}", error=first_error(exc.messages))) from None


def safe_next(target: str | None) -> str | None:
    """A path of this site to go on to, or None: never another host, however it is spelled
    (`//evil`, `/\\evil`, `/<TAB>/evil`, which browsers read as `//evil`, `https://evil`)."""
    if not target or len(target) > MAX_NEXT or not target.startswith("/") or target.startswith("//"):
        return None
    if "\\" in target or not target.isprintable() or any(c.isspace() for c in target):
        return None
    parts = urlsplit(target)
    return target if not parts.scheme and not parts.netloc else None


# -- forms -----------------------------------------------------------------------------------


class SignInSchema(Schema):
    class Meta:
        unknown = EXCLUDE

    token = fields.Str(required=True, validate=validate.Length(min=1, max=200))


def signup(form: Any) -> dict[str, Any]:
    return checked(schemas.RegisterPlayerSchema(), {"name": form.get("name", ""), "email": form.get("email") or None})


def signin(form: Any) -> str:
    return str(checked(SignInSchema(), {"token": form.get("token", "").strip()})["token"])


def profile(form: Any) -> tuple[dict[str, Any], bool]:
    """The settings form as `PATCH /v1/me` takes it: the changes, and whether a new webhook secret."""
    data = checked(schemas.UpdatePlayerSchema(), {
        "name": form.get("name", ""), "email": form.get("email") or None,
        "webhook_url": form.get("webhook_url") or None, "email_mode": form.get("email_mode") or "off",
        "digest_hour": number(form.get("digest_hour") or None),
        "time_zone": (form.get("time_zone") or "").strip() or None,
        "reminder_hours": number(form.get("reminder_hours") or None),
        "vacation_days": dates(form.get("vacation_days")), "language": form.get("language") or None,
        "new_webhook_secret": bool(form.get("new_webhook_secret"))})
    new_secret = data.pop("new_webhook_secret")
    for field in ("email", "webhook_url"):
        data.setdefault(field, None)  # an empty field removes the address
    return data, new_secret


def option_value(option: Option, form: Any) -> Any:
    """The option's value from the form (None: the game's default)."""
    field = f"option.{option.name}"
    if option.kind == "choices":
        return [c for c in option.choices if c in form.getlist(field)]
    raw = form.get(field)
    if option.kind == "bool":
        if option.default is None:  # three ways: the game's default, yes, no
            return {"true": True, "false": False}.get(raw or "")
        return raw == "true"
    if raw is None or raw == "":
        return None
    return number(raw) if option.kind == "int" else raw


def new_game(game: str, rules: GameRules, form: Any) -> dict[str, Any]:
    """The new-game form as `POST /v1/games` takes it (a game with open seats)."""
    seats = number(form.get("seats") or str(rules.MIN_SEATS))
    shown = range(1, min(seats, schemas.MAX_PLAYERS)) if isinstance(seats, int) else range(0)
    bots = [b for n in shown if (b := form.get(f"seat.{n}", "open")) != "open"]
    days = (form.get("days_per_move") or "").strip()
    data = checked(schemas.CreateGameSchema(), {
        "game": game, "seats": seats, "bots": bots, "private": bool(form.get("private")),
        "options": {o.name: v for o in rules.OPTIONS if (v := option_value(o, form)) is not None},
        "entropy": form.get("entropy") or None, "clock": {"days_per_move": number(days)} if days else None,
        "on_timeout": form.get("on_timeout") or None, "on_resign": form.get("on_resign") or None,
        "forced_moves": form.get("forced_moves", "yes") == "yes"})
    if any(b not in rules.BOTS for b in data["bots"]):
        raise IllegalAction("options.unknown_bot", _("Choose a bot of this game, or leave the seat open."))
    return data


def join(form: Any) -> dict[str, Any]:
    return checked(schemas.JoinSchema(), {"invite": form.get("invite") or None, "entropy": form.get("entropy") or None})


def action(form: Any) -> tuple[dict[str, Any], int | None]:
    """The action a button posts (its JSON, as `legal_actions` listed it) and the version the
    page showed (None: not given)."""
    try:
        data = parse_json(form.get("action", "").encode("utf-8", "surrogatepass"))
    except Problem:
        data = None
    if not isinstance(data, dict):
        raise IllegalAction("action.malformed", _("This action is not understood by the rules of this game."))
    loaded = checked(schemas.ActionSchema(), data, keep_nulls=True)
    version = number(form.get("version") or None)
    if version is not None and not (isinstance(version, int) and 0 <= version <= schemas.MAX_VERSION):
        raise Refused(_("version: the version this page showed is not a version of a game."))
    return loaded, version


def message(form: Any) -> str:
    return str(checked(schemas.MessageSchema(), {"text": form.get("text", "")})["text"])


def undo_answer(form: Any) -> bool:
    accept = {"yes": True, "no": False}.get(form.get("accept", ""), form.get("accept", ""))
    return bool(checked(schemas.UndoAnswerSchema(), {"accept": accept})["accept"])


def seat_bot(form: Any) -> str | None:
    return checked(schemas.SeatBotSchema(), {"bot": form.get("bot") or None})["bot"]  # type: ignore[no-any-return]


class StandInSchema(schemas.SeatBotSchema):
    """`POST …/seats/{seat}/bot` with its seat in the form (none: my own)."""

    seat = fields.Int(strict=True, load_default=None, validate=validate.Range(min=0, max=schemas.MAX_PLAYERS - 1))


def stand_in(form: Any) -> tuple[int | None, str | None]:
    """The seat a bot is to play for (None: my own) and the bot (None: the table's)."""
    data = checked(StandInSchema(), {"seat": number(form.get("seat") or None), "bot": form.get("bot") or None})
    return data["seat"], data["bot"]
