"""marshmallow schemas: what the API accepts (validated) and what it returns (documented).

The request schemas validate every body; the response schemas are what `/v1/openapi.json`
publishes, and the API tests check real responses against them.
"""

from __future__ import annotations

from typing import Any

from marshmallow import INCLUDE, Schema, ValidationError, fields, validate, validates_schema

MAX_PLAYERS = 8
NAME = validate.Length(min=1, max=40)


class PlayerSchema(Schema):
    name = fields.Str(required=True, validate=NAME)
    bot = fields.Str(load_default=None, allow_none=True, validate=validate.Length(min=1, max=40))


class PlayerField(fields.Field):
    """A player is a name ("ann") or an object ({"name": "bot 1", "bot": "greedy"})."""

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> dict[str, Any]:
        if isinstance(value, str):
            value = {"name": value}
        if not isinstance(value, dict):
            raise ValidationError("A player is a name or an object with a name (and a bot).")
        return PlayerSchema().load(value)  # type: ignore[no-any-return]


class CreateGameSchema(Schema):
    game = fields.Str(required=True, validate=validate.Length(min=1, max=40))
    players = fields.List(PlayerField(), required=True, validate=validate.Length(min=1, max=MAX_PLAYERS))
    options = fields.Dict(keys=fields.Str(validate=validate.Length(max=64)), load_default=dict)
    seed = fields.Str(load_default=None, validate=validate.Length(min=1, max=256))


class ActionSchema(Schema):
    """An action: a JSON object with a "type"; the game itself validates the rest."""

    class Meta:
        unknown = INCLUDE

    type = fields.Str(required=True, validate=validate.Length(min=1, max=64))

    @validates_schema
    def small(self, data: dict[str, Any], **kwargs: Any) -> None:
        if len(data) > 32:
            raise ValidationError("An action has at most 32 fields.")


class UndoAnswerSchema(Schema):
    accept = fields.Bool(required=True)


class AbandonSchema(Schema):
    reason = fields.Str(load_default="abandoned by the host", validate=validate.Length(max=500))


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
    errors = fields.Dict()
    current_version = fields.Int()


class HealthSchema(Schema):
    status = fields.Str()
    store = fields.Str()
    games = fields.List(fields.Str())
