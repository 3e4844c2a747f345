"""The games' schemas: creating, listing and viewing games, actions, take-backs, the event
log, the record, the catalog, problems and health (the routes of service/api.py)."""

from __future__ import annotations

import re
from typing import Any

from marshmallow import INCLUDE, Schema, ValidationError, fields, validate, validates_schema

from domain.core.aggregate import Status
from domain.core.i18n import N_

from .common import (
    MAX_PLAYERS,
    MAX_VERSION,
    NAME_PATTERN,
    PAGE_LIMIT,
    PRINTABLE,
    RequestSchema,
    StrictBool,
    name_field,
)


class PlayerSchema(RequestSchema):
    name = name_field(required=True)
    bot = fields.Str(load_default=None, allow_none=True, validate=validate.Length(min=1, max=40),
                     metadata={"description": "a bot from the catalog; the server plays this seat"})


class PlayerField(fields.Field):
    """A player is a name ("ann") or an object ({"name": "bot 1", "bot": "greedy"})."""

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> dict[str, Any]:
        if isinstance(value, str):
            value = {"name": value}
        if not isinstance(value, dict):
            raise ValidationError(N_("A player is a name or an object with a name (and a bot)."))
        return PlayerSchema().load(value)  # type: ignore[no-any-return]


CLOCK = {"description": 'null (no clock), {"days_per_move": d} (1-60) or {"bank_days": b, "increment_days": i} '
                        "(a bank of 1-365 days per seat, i days back after each turn)",
         "oneOf": [{"type": "null"},
                   {"type": "object", "required": ["days_per_move"], "additionalProperties": False,
                    "properties": {"days_per_move": {"type": "integer", "minimum": 1, "maximum": 60}}},
                   {"type": "object", "required": ["bank_days"], "additionalProperties": False,
                    "properties": {"bank_days": {"type": "integer", "minimum": 1, "maximum": 365},
                                   "increment_days": {"type": "integer", "minimum": 0, "maximum": 60}}}]}


ENTROPY = fields.Str(validate=[validate.Length(max=128), validate.Regexp(r"^[\x20-\x7e]*$", error=N_("Use printable ASCII."))],
                     metadata={"description": "your contribution to the game's seed (the web page sends random bytes, hex); "
                                              "the seed is HMAC(server seed, every seat's entropy in seat order)"})


class CreateGameSchema(RequestSchema):
    """Two ways to create a game: `seats` (a number) with a player token makes a game with open
    seats, you in one of them, others joining by invitation or from the lobby; `players` (a list
    of names) makes an organised game whose seat tokens all come back to the caller (tournament
    organisers, scripts)."""

    game = fields.Str(required=True, validate=validate.Length(min=1, max=40),
                      metadata={"description": "a game from GET /v1/catalog"})
    players = fields.List(
        PlayerField(metadata={"oneOf": [
            {"type": "string", "pattern": NAME_PATTERN},
            {"$ref": "#/components/schemas/Player"},
        ]}),
        validate=validate.Length(min=1, max=MAX_PLAYERS),
        metadata={"description": f"an organised game: one per seat, in seat order (at most {MAX_PLAYERS}); "
                                 "at least one must be a person"},
    )
    seats = fields.Int(strict=True, validate=validate.Range(min=1, max=MAX_PLAYERS),
                       metadata={"description": "a game with open seats (needs a player token): how many seats"})
    options = fields.Dict(keys=fields.Str(validate=validate.Length(max=64)), load_default=dict,
                          metadata={"description": "the game's options (docs of each game)",
                                    "additionalProperties": {"$ref": "#/components/schemas/JsonValue"}})
    seed = fields.Str(load_default=None, validate=validate.Length(min=1, max=256),
                      metadata={"description": "a seed chosen by the client: the game is marked client_seeded"})
    private = StrictBool(load_default=False, metadata={
        "description": "open seats: not listed in the lobby; seen and joined with its invitation only"})
    seat = fields.Int(strict=True, load_default=None, validate=validate.Range(min=0, max=MAX_PLAYERS - 1),
                      metadata={"description": "open seats: the seat you take (default the first)"})
    entropy = ENTROPY
    bots = fields.List(fields.Str(validate=validate.Length(min=1, max=40)), load_default=list,
                       validate=validate.Length(max=MAX_PLAYERS - 1),
                       metadata={"description": "open seats: bots that take the next seats at once"})
    clock = fields.Dict(load_default=None, allow_none=True, metadata=CLOCK)
    on_timeout = fields.Str(load_default="bot", validate=validate.OneOf(["bot", "forfeit"]),
                            metadata={"description": "when a seat runs out of time: a bot plays it until its player is back, or it forfeits"})
    on_resign = fields.Str(load_default="bot", validate=validate.OneOf(["bot", "end"]),
                           metadata={"description": "when a player resigns: a bot plays on, or the game ends"})
    bot = fields.Str(load_default=None, validate=validate.Length(min=1, max=40),
                     metadata={"description": "the bot that stands in for people (default the game's greedy bot)"})
    forced_moves = StrictBool(load_default=True, metadata={
        "description": "a seat's only legal action is played for it at once (false: its player plays it)"})

    @validates_schema
    def one_way(self, data: dict[str, Any], **kwargs: Any) -> None:
        if ("players" in data) == ("seats" in data):
            raise ValidationError(N_("Give either players (an organised game) or seats (a game with open seats)."))
        if "players" in data and (data["private"] or data["bots"] or data["seat"] is not None or data.get("entropy")):
            raise ValidationError(N_("private, seat, bots and entropy are for games with open seats."))

    def settings(self, data: dict[str, Any]) -> dict[str, Any]:
        return {k: data[k] for k in ("clock", "on_timeout", "on_resign", "bot", "forced_moves")}


class ActionSchema(Schema):
    """An action: a JSON object with a "type"; the game itself validates the rest."""

    class Meta:
        unknown = INCLUDE

    type = fields.Str(required=True, validate=validate.Length(min=1, max=64))

    @validates_schema
    def small(self, data: dict[str, Any], **kwargs: Any) -> None:
        if len(data) > 32:
            raise ValidationError(N_("An action has at most 32 fields."))

    def quick(self, data: Any) -> dict[str, Any] | None:
        """What `load` gives for a body it accepts (the type first, the other fields as sent),
        without marshmallow: None when `load` must judge (and word the error)."""
        if not isinstance(data, dict) or len(data) > 32:
            return None
        kind = data.get("type")
        if not isinstance(kind, str) or not 1 <= len(kind) <= 64:
            return None
        return {"type": kind, **{k: v for k, v in data.items() if k != "type"}}


class UndoSchema(RequestSchema):
    """A take-back needs no fields: send {} (or no body) as application/json."""


class UndoAnswerSchema(RequestSchema):
    accept = StrictBool(required=True)


class AbandonSchema(RequestSchema):
    reason = fields.Str(load_default="abandoned by the host", validate=[validate.Length(max=500), PRINTABLE])


INVITE = fields.Str(validate=validate.Length(min=1, max=200),
                    metadata={"description": "the invitation of a private game (its link carries it)"})


class InviteQuerySchema(RequestSchema):
    invite = INVITE


class ListGamesQuerySchema(RequestSchema):
    game = fields.Str(validate=validate.Length(min=1, max=40))
    status = fields.Str(validate=validate.OneOf([s.value for s in Status]),
                        metadata={"description": "open: public games waiting for players (the open seats)"})
    waiting = fields.Str(validate=validate.OneOf(["me"]),
                         metadata={"description": "only games where the Bearer token's seat is to act"})
    waiting_for = fields.Str(validate=validate.Length(min=1, max=200),
                             metadata={"description": "only games where this seat token is to act"})
    limit = fields.Int(load_default=100, validate=validate.Range(min=1, max=PAGE_LIMIT))
    offset = fields.Int(load_default=0, validate=validate.Range(min=0, max=MAX_VERSION))


class EventsQuerySchema(InviteQuerySchema):
    after = fields.Int(load_default=-1, validate=validate.Range(min=-1, max=MAX_VERSION),
                       metadata={"description": "only events after this version (-1: from the start)"})
    limit = fields.Int(load_default=100, validate=validate.Range(min=1, max=PAGE_LIMIT),
                       metadata={"description": "at most this many events; `next` links to the rest"})


# Entity tags are versions: "12", W/"12", or a list of them (RFC 9110 8.8.3); a bare 12 is taken too.
_TAG = r'(W/"[0-9]+"|"[0-9]+"|[0-9]+)'


ETAGS = rf"^[ \t]*(\*|{_TAG}([ \t]*,[ \t]*{_TAG})*)[ \t]*$"


class IfMatchHeaderSchema(Schema):
    if_match = fields.Str(data_key="If-Match", validate=[
        validate.Length(min=1, max=200), validate.Regexp(ETAGS, error=N_('Name the version you saw, like "12" (or *).'))],
        metadata={ "description": 'the version you saw, e.g. "12" (or *): 412 if the game moved on'})


VISIBLE_ASCII = r"^[\x21-\x7e]+$"


_ETAGS = re.compile(ETAGS)


_VISIBLE = re.compile(VISIBLE_ASCII)


class ActionHeadersSchema(IfMatchHeaderSchema):
    idempotency_key = fields.Str(
        data_key="Idempotency-Key",
        validate=[validate.Length(min=1, max=200), validate.Regexp(VISIBLE_ASCII, error=N_("Use visible ASCII."))],
        metadata={"description": "visible ASCII; the same key twice applies the action once"},
    )

    def quick(self, environ: Any) -> dict[str, Any] | None:
        """What `load` gives for headers it accepts, without marshmallow: None when `load` must
        judge (and word the error). The headers are read from the WSGI environ, where werkzeug's
        `request.headers` reads them (each of its look-ups costs a key rewrite, and a KeyError
        for a header not sent)."""
        loaded = {}
        tag = environ.get("HTTP_IF_MATCH")
        if tag is not None:
            if not 1 <= len(tag) <= 200 or _ETAGS.match(tag) is None:
                return None
            loaded["if_match"] = tag
        key = environ.get("HTTP_IDEMPOTENCY_KEY")
        if key is not None:
            if not 1 <= len(key) <= 200 or _VISIBLE.match(key) is None:
                return None
            loaded["idempotency_key"] = key
        return loaded


class ViewHeadersSchema(Schema):
    if_none_match = fields.Str(data_key="If-None-Match", validate=[validate.Length(min=1, max=200), validate.Regexp(ETAGS)],
                               metadata={"description": "the ETag you have: 304 while nothing happened"})


# -- responses (documentation and response tests) ------------------------------------------


class SeatTokenSchema(Schema):
    seat = fields.Int(required=True)
    name = fields.Str(required=True, allow_none=True, metadata={"description": "null: an open seat"})
    bot = fields.Str(allow_none=True)
    token = fields.Str(allow_none=True, metadata={"description": "shown once; null for a bot"})


class CreatedSchema(Schema):
    id = fields.Str(required=True)
    game = fields.Str(required=True)
    version = fields.Int(required=True)
    seats = fields.List(fields.Nested(SeatTokenSchema), required=True)
    host_token = fields.Str(required=True, allow_none=True,
                            metadata={"description": "organised games; a game with open seats is hosted by its creator's player token"})
    seed_commitment = fields.Str(required=True)
    client_seeded = fields.Bool(required=True)
    status = fields.Str(required=True)
    to_act = fields.List(fields.Int(), required=True)
    organised = fields.Bool(required=True, metadata={"description": "created with a list of names (every seat token given to the caller)"})
    private = fields.Bool(required=True)
    seat = fields.Int(allow_none=True, metadata={"description": "the seat the creator took (open seats)"})
    invite = fields.Str(allow_none=True, metadata={"description": "open seats: the invitation (shown once; the host may renew it)"})
    invite_url = fields.Str(allow_none=True, metadata={"description": "open seats: the game's address with its invitation"})


class PlayerOutSchema(Schema):
    seat = fields.Int(required=True)
    name = fields.Str(required=True, allow_none=True, metadata={"description": "null: an open seat"})
    bot = fields.Str(allow_none=True)
    open = fields.Bool(metadata={"description": "the seat waits for a player"})
    player = fields.Str(allow_none=True, metadata={"description": "the player's id (games with open seats)"})
    stand_in = fields.Str(allow_none=True, metadata={"description": "the bot playing for this seat's player"})
    away = fields.Str(allow_none=True, metadata={"description": "why a bot stands in: \"asked\" (the player asked), "
                                                 "\"host\" (the host, after their clock ran out), \"timeout\" (their clock ran out)"})
    resigned = fields.Bool()


class OutcomeResultSchema(Schema):
    seat = fields.Int()
    score = fields.Int()
    rank = fields.Int()
    breakdown = fields.Dict(keys=fields.Str(), values=fields.Int())
    tiebreak = fields.List(fields.Int())


class OutcomeSchema(Schema):
    termination = fields.Str()
    winners = fields.List(fields.Int())
    results = fields.List(fields.Nested(OutcomeResultSchema))


class UndoRequestSchema(Schema):
    seat = fields.Int()
    to_version = fields.Int()
    accepted = fields.List(fields.Int())


class GameViewSchema(Schema):
    id = fields.Str(required=True)
    game = fields.Str(required=True)
    title = fields.Str(required=True)
    version = fields.Int(required=True)
    status = fields.Str(required=True, validate=validate.OneOf([s.value for s in Status]))
    to_act = fields.List(fields.Int(), required=True)
    thinking = fields.List(fields.Int(), metadata={
        "description": "the seats of to_act whose bot searches: it moves in the background within its budget"})
    players = fields.List(fields.Nested(PlayerOutSchema), required=True)
    viewer = fields.Str(required=True, metadata={"description": "seat, host or spectator"})
    seat = fields.Int(allow_none=True)
    state = fields.Dict(required=True, allow_none=True, metadata={"description": "null until the game starts"})
    outcome = fields.Nested(OutcomeSchema, allow_none=True)
    undo_request = fields.Nested(UndoRequestSchema, allow_none=True)
    options = fields.Dict()
    rules_version = fields.Str()
    seed_commitment = fields.Str(required=True)
    client_seeded = fields.Bool(required=True)
    entropies = fields.List(fields.Str(), allow_none=True)
    seed = fields.Str(allow_none=True, metadata={"description": "the committed seed, once revealed"})
    seed_salt = fields.Str(allow_none=True, metadata={"description": "the commitment's salt, once revealed"})
    organised = fields.Bool(required=True)
    private = fields.Bool(required=True)
    host = fields.Str(allow_none=True, metadata={"description": "the host's player id (games with open seats)"})
    settings = fields.Nested(lambda: SettingsSchema(), required=True)
    clocks = fields.List(fields.Nested(lambda: SeatClockSchema()), required=True,
                         metadata={"description": "the people the game waits for: since when, until when"})


class SettingsSchema(Schema):
    clock = fields.Dict(allow_none=True, metadata=CLOCK)
    on_timeout = fields.Str()
    on_resign = fields.Str()
    bot = fields.Str(allow_none=True)
    forced_moves = fields.Bool(metadata={"description": "a seat's only legal action is played for it (absent: a "
                                                        "game made before the setting, which plays none)"})


class SeatClockSchema(Schema):
    seat = fields.Int(required=True)
    since = fields.Str(required=True)
    deadline = fields.Str(allow_none=True, metadata={"description": "when the seat runs out of time (null: no clock)"})
    bank_seconds = fields.Int(allow_none=True, metadata={"description": "what is left of a time bank"})
    days_off = fields.List(fields.List(fields.Str()), metadata={
        "description": "the seat's days off, each [from, until) in UTC: its clock stands still on them (the deadline "
                       "counts them out)"})


class EventSchema(Schema):
    version = fields.Int(required=True)
    type = fields.Str(required=True, metadata={
        "description": "the event's class; \"Secret\": another seat's standing order, shown to that seat alone "
                       "while the game runs"})
    time = fields.Str(required=True)
    seat = fields.Int(allow_none=True)
    action = fields.Dict(allow_none=True)
    facts = fields.List(fields.Dict())
    text = fields.List(
        fields.Str(),
        metadata={"description": "the facts in words, one sentence each (text[i] says facts[i]), players named"},
    )
    bot = fields.Str(allow_none=True)
    auto = fields.Str(allow_none=True, metadata={
        "description": "a move played for the seat: \"forced\" (its only legal action) or \"order\" (its standing "
                       "order `order`); null: chosen (or not the caller's to know: shown to the seat alone while "
                       "the game runs)"})
    order = fields.Int(allow_none=True, metadata={"description": "the standing order that played the move"})
    detail = fields.Dict()


class EventsSchema(Schema):
    id = fields.Str(required=True)
    version = fields.Int(required=True)
    events = fields.List(fields.Nested(EventSchema), required=True)
    next = fields.Str(required=True, allow_none=True,
                      metadata={"description": "the address of the next page, or null on the last page"})


class AcceptedSchema(Schema):
    id = fields.Str(required=True)
    version = fields.Int(required=True)
    status = fields.Str(required=True)
    to_act = fields.List(fields.Int(), required=True)
    events = fields.List(fields.Nested(EventSchema), required=True)
    replayed = fields.Bool(required=True)
    actions = fields.List(fields.Dict(), metadata={"description": "the caller's legal actions if it is still to act"})


class LegalActionsSchema(Schema):
    id = fields.Str(required=True)
    version = fields.Int(required=True)
    seat = fields.Int(required=True)
    actions = fields.List(fields.Dict(), required=True)


class GameSummarySchema(Schema):
    id = fields.Str()
    game = fields.Str()
    players = fields.List(fields.Nested(PlayerOutSchema))
    status = fields.Str()
    to_act = fields.List(fields.Int())
    version = fields.Int()
    client_seeded = fields.Bool()
    organised = fields.Bool()
    private = fields.Bool()
    open_seats = fields.Int()
    created = fields.Str()
    updated = fields.Str()


class GameListSchema(Schema):
    games = fields.List(fields.Nested(GameSummarySchema), required=True)


class OptionSchema(Schema):
    name = fields.Str(required=True)
    type = fields.Str(required=True, validate=validate.OneOf(["bool", "int", "choice", "choices"]))
    default = fields.Raw(allow_none=True, metadata={"description": "null: not set (the game decides)"})
    sentence = fields.Str(required=True)
    choices = fields.List(fields.Str())
    minimum = fields.Int()
    maximum = fields.Int()


class CatalogEntrySchema(Schema):
    game = fields.Str()
    title = fields.Str()
    min_players = fields.Int()
    max_players = fields.Int()
    bots = fields.List(fields.Str())
    levels = fields.Dict(keys=fields.Str(), values=fields.Str(), metadata={
        "description": "the bot of each level the game has: easy (its heuristic bot), normal and strong (its search bots)"})
    rules_version = fields.Str()
    options = fields.List(fields.Nested(OptionSchema), metadata={"description": "every option the game takes"})
    description = fields.Str(metadata={"description": "a paragraph about the game, for a catalog or home page"})


class CatalogSchema(Schema):
    games = fields.List(fields.Nested(CatalogEntrySchema))
    table = fields.List(fields.Nested(OptionSchema), metadata={
        "description": "the table's settings every game takes (`POST /v1/games` takes each by name): when a seat "
                       "times out or resigns, whether forced moves play themselves"})
    unavailable = fields.List(fields.Str(), metadata={"description": "registered games that failed to load"})


class ProblemSchema(Schema):
    type = fields.Str(required=True)
    title = fields.Str(required=True)
    status = fields.Int(required=True)
    code = fields.Str(required=True, metadata={"description": "stable, dotted: captain.must_ship"})
    detail = fields.Str(required=True, metadata={"description": "a sentence a player understands"})
    errors = fields.Raw(metadata={"description": "validation messages per field"})
    current_version = fields.Int(metadata={"description": "where the game is (409, 412)"})
    to_act = fields.List(fields.Dict(), metadata={"description": "who is to act now (403 turn.not_yours)"})


class HealthSchema(Schema):
    status = fields.Str(required=True)
    store = fields.Str(required=True)
    games = fields.List(fields.Str(), required=True)


class RecordSchema(Schema):
    """A shiplog.record document (docs/replay.md): the input of `replay verify` and `fairness`.

    The record's own format (domain/core/record.py) may add fields; they are allowed here.
    """

    class Meta:
        unknown = INCLUDE

    format = fields.Str(required=True)
    format_version = fields.Int(required=True)
    id = fields.Str(required=True)
    game = fields.Str(required=True)
    players = fields.List(fields.Nested(PlayerOutSchema), required=True)
    events = fields.List(fields.Dict(), required=True)
    status = fields.Str(required=True)
    seed = fields.Str(allow_none=True)
