"""The seats' and the host's schemas: joining, bots, clocks, table talk, live streams and
invitations (service/table_routes.py)."""

from __future__ import annotations

from marshmallow import fields, validate

from .common import MAX_PLAYERS, MAX_VERSION, RequestSchema
from .games import CLOCK, ENTROPY, INVITE, AcceptedSchema, InviteQuerySchema


class JoinSchema(RequestSchema):
    invite = INVITE
    entropy = ENTROPY
    seat = fields.Int(strict=True, load_default=None, validate=validate.Range(min=0, max=MAX_PLAYERS - 1),
                      metadata={"description": "the seat you want (default the first open one)"})


class SeatBotSchema(RequestSchema):
    bot = fields.Str(load_default=None, validate=validate.Length(min=1, max=40),
                     metadata={"description": "which bot (default the table's stand-in bot)"})


class ClockSchema(RequestSchema):
    clock = fields.Dict(required=True, allow_none=True, metadata=CLOCK)


class MessageSchema(RequestSchema):
    text = fields.Str(required=True, validate=validate.Length(max=4000),
                      metadata={"description": "table talk, at most 500 characters (message.too_long)"})


class StreamQuerySchema(InviteQuerySchema):
    after = fields.Int(validate=validate.Range(min=-1, max=MAX_VERSION),
                       metadata={"description": "resume after this version (the Last-Event-ID header does the same)"})


class JoinedSchema(AcceptedSchema):
    seat = fields.Int(required=True, metadata={"description": "the seat taken"})


class InviteSchema(AcceptedSchema):
    invite = fields.Str(required=True, metadata={"description": "the new invitation (the old one stops working)"})
    invite_url = fields.Str(required=True)
