"""marshmallow schemas: the single source of what the API accepts and what it answers.

Request schemas validate every body, query string and header (through flask-smorest's
`@blp.arguments`); response schemas serialise every answer (`@blp.response`), so what
`/v1/openapi.json` publishes is what the server does. Request schemas refuse unknown fields,
and the document says so (`additionalProperties: false`).
"""

from __future__ import annotations

from typing import Any

from marshmallow import INCLUDE, RAISE, Schema, ValidationError, fields, validate, validates_schema

MAX_PLAYERS = 8
MAX_VERSION = 2**31 - 1  # far beyond any game; keeps numbers a client sends within what stores hold
PAGE_LIMIT = 500
# Names are shown to other players, in logs and terminals: no control characters.
PRINTABLE = validate.Regexp(r"^[^\x00-\x1f\x7f-\x9f]*$", error="Control characters are not allowed.")
NAME_PATTERN = r"^[^\x00-\x1f\x7f-\x9f]{1,40}$"


class StrictBool(fields.Boolean):
    """true or false, nothing else ("yes", 1 and "true" are not booleans)."""

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> bool:
        if not isinstance(value, bool):
            raise self.make_error("invalid", input=value)
        return value


class RequestSchema(Schema):
    class Meta:
        unknown = RAISE


class PlayerSchema(RequestSchema):
    name = fields.Str(required=True, validate=[validate.Length(min=1, max=40), PRINTABLE])
    bot = fields.Str(load_default=None, allow_none=True, validate=validate.Length(min=1, max=40),
                     metadata={"description": "a bot from the catalog; the server plays this seat"})


class PlayerField(fields.Field):
    """A player is a name ("ann") or an object ({"name": "bot 1", "bot": "greedy"})."""

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> dict[str, Any]:
        if isinstance(value, str):
            value = {"name": value}
        if not isinstance(value, dict):
            raise ValidationError("A player is a name or an object with a name (and a bot).")
        return PlayerSchema().load(value)  # type: ignore[no-any-return]


class CreateGameSchema(RequestSchema):
    game = fields.Str(required=True, validate=validate.Length(min=1, max=40),
                      metadata={"description": "a game from GET /v1/catalog"})
    players = fields.List(
        PlayerField(metadata={"oneOf": [
            {"type": "string", "pattern": NAME_PATTERN},
            {"$ref": "#/components/schemas/Player"},
        ]}),
        required=True, validate=validate.Length(min=1, max=MAX_PLAYERS),
        metadata={"description": f"one per seat, in seat order (at most {MAX_PLAYERS}); at least one must be a person"},
    )
    options = fields.Dict(keys=fields.Str(validate=validate.Length(max=64)), load_default=dict,
                          metadata={"description": "the game's options (docs of each game)",
                                    "additionalProperties": {"$ref": "#/components/schemas/JsonValue"}})
    seed = fields.Str(load_default=None, validate=validate.Length(min=1, max=256),
                      metadata={"description": "a seed chosen by the client: the game is marked client_seeded"})


class ActionSchema(Schema):
    """An action: a JSON object with a "type"; the game itself validates the rest."""

    class Meta:
        unknown = INCLUDE

    type = fields.Str(required=True, validate=validate.Length(min=1, max=64))

    @validates_schema
    def small(self, data: dict[str, Any], **kwargs: Any) -> None:
        if len(data) > 32:
            raise ValidationError("An action has at most 32 fields.")


class UndoSchema(RequestSchema):
    """A take-back needs no fields: send {} (or no body) as application/json."""


class UndoAnswerSchema(RequestSchema):
    accept = StrictBool(required=True)


class AbandonSchema(RequestSchema):
    reason = fields.Str(load_default="abandoned by the host", validate=[validate.Length(max=500), PRINTABLE])


class ListGamesQuerySchema(RequestSchema):
    game = fields.Str(validate=validate.Length(min=1, max=40))
    status = fields.Str(validate=validate.OneOf(["active", "finished", "abandoned"]))
    waiting = fields.Str(validate=validate.OneOf(["me"]),
                         metadata={"description": "only games where the Bearer token's seat is to act"})
    waiting_for = fields.Str(validate=validate.Length(min=1, max=200),
                             metadata={"description": "only games where this seat token is to act"})
    limit = fields.Int(load_default=100, validate=validate.Range(min=1, max=PAGE_LIMIT))
    offset = fields.Int(load_default=0, validate=validate.Range(min=0, max=MAX_VERSION))


class EventsQuerySchema(RequestSchema):
    after = fields.Int(load_default=-1, validate=validate.Range(min=-1, max=MAX_VERSION),
                       metadata={"description": "only events after this version (-1: from the start)"})
    limit = fields.Int(load_default=100, validate=validate.Range(min=1, max=PAGE_LIMIT),
                       metadata={"description": "at most this many events; `next` links to the rest"})


# Entity tags are versions: "12", W/"12", or a list of them (RFC 9110 8.8.3); a bare 12 is taken too.
_TAG = r'(W/"[0-9]+"|"[0-9]+"|[0-9]+)'
ETAGS = rf"^[ \t]*(\*|{_TAG}([ \t]*,[ \t]*{_TAG})*)[ \t]*$"


class IfMatchHeaderSchema(Schema):
    if_match = fields.Str(data_key="If-Match", validate=[
        validate.Length(min=1, max=200), validate.Regexp(ETAGS, error='Name the version you saw, like "12" (or *).')],
        metadata={ "description": 'the version you saw, e.g. "12" (or *): 412 if the game moved on'})


class ActionHeadersSchema(IfMatchHeaderSchema):
    idempotency_key = fields.Str(
        data_key="Idempotency-Key",
        validate=[validate.Length(min=1, max=200), validate.Regexp(r"^[\x21-\x7e]+$", error="Use visible ASCII.")],
        metadata={"description": "visible ASCII; the same key twice applies the action once"},
    )


class ViewHeadersSchema(Schema):
    if_none_match = fields.Str(data_key="If-None-Match", validate=[validate.Length(min=1, max=200), validate.Regexp(ETAGS)],
                               metadata={"description": "the ETag you have: 304 while nothing happened"})


# -- responses (documentation and response tests) ------------------------------------------


class SeatTokenSchema(Schema):
    seat = fields.Int(required=True)
    name = fields.Str(required=True)
    bot = fields.Str(allow_none=True)
    token = fields.Str(allow_none=True, metadata={"description": "shown once; null for a bot"})


class CreatedSchema(Schema):
    id = fields.Str(required=True)
    game = fields.Str(required=True)
    version = fields.Int(required=True)
    seats = fields.List(fields.Nested(SeatTokenSchema), required=True)
    host_token = fields.Str(required=True)
    seed_commitment = fields.Str(required=True)
    client_seeded = fields.Bool(required=True)
    status = fields.Str(required=True)
    to_act = fields.List(fields.Int(), required=True)


class PlayerOutSchema(Schema):
    seat = fields.Int(required=True)
    name = fields.Str(required=True)
    bot = fields.Str(allow_none=True)


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
    status = fields.Str(required=True, validate=validate.OneOf(["active", "finished", "abandoned"]))
    to_act = fields.List(fields.Int(), required=True)
    players = fields.List(fields.Nested(PlayerOutSchema), required=True)
    viewer = fields.Str(required=True, metadata={"description": "seat, host or spectator"})
    seat = fields.Int(allow_none=True)
    state = fields.Dict(required=True)
    outcome = fields.Nested(OutcomeSchema, allow_none=True)
    undo_request = fields.Nested(UndoRequestSchema, allow_none=True)
    options = fields.Dict()
    rules_version = fields.Str()
    seed_commitment = fields.Str(required=True)
    client_seeded = fields.Bool(required=True)
    entropies = fields.List(fields.Str(), allow_none=True)
    seed = fields.Str(allow_none=True, metadata={"description": "the committed seed, once revealed"})
    seed_salt = fields.Str(allow_none=True, metadata={"description": "the commitment's salt, once revealed"})


class EventSchema(Schema):
    version = fields.Int(required=True)
    type = fields.Str(required=True)
    time = fields.Str(required=True)
    seat = fields.Int(allow_none=True)
    action = fields.Dict(allow_none=True)
    facts = fields.List(fields.Dict())
    bot = fields.Str(allow_none=True)
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
    rules_version = fields.Str()
    options = fields.List(fields.Nested(OptionSchema), metadata={"description": "every option the game takes"})


class CatalogSchema(Schema):
    games = fields.List(fields.Nested(CatalogEntrySchema))
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
