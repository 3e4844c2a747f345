"""The players' schemas: registering, the profile, the inbox of waiting games, the player's
games and the deliveries of notifications (service/player_routes.py)."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from domain.core.aggregate import Status

from ..languages import LANGUAGES
from .common import MAX_VERSION, PAGE_LIMIT, RequestSchema, StrictBool, name_field
from .games import GameSummarySchema

EMAIL_MODE = fields.Str(validate=validate.OneOf(["turn", "digest", "off"]),
                        metadata={"description": "turn: a message per turn (and take-back, and game end); "
                                                 "digest: one a day at digest_hour (UTC); off"})


LANGUAGE = fields.Str(allow_none=True, validate=validate.OneOf(list(LANGUAGES)), metadata={
    "description": "the language of the pages and e-mails: en, ru or hu; null: the browser's (Accept-Language)"})

EMAIL = {"format": "email", "maxLength": 254, "description": "one mailbox, like ann@example.org (no display name, "
         "no list); 422 player.email otherwise. null: none"}


TIME_ZONE = {"description": "the time zone your e-mails write times in: an IANA name like Europe/Paris, or UTC "
             "(the default); 422 player.time_zone otherwise", "maxLength": 64}


REMINDER = {"description": "how many hours before a deadline you are reminded that your time runs out: 0 (never) "
            "to 168; 12 by default"}


DAYS_OFF = {"description": "your days off to come: at most 60 dates like \"2030-07-14\", days in your time zone when the "
            "clocks of your games stand still (recorded in each game, for everyone to see; past days are dropped); "
            "422 player.vacation_days otherwise"}


class RegisterPlayerSchema(RequestSchema):
    name = name_field(required=True, metadata={"description": "the name others see"})
    email = fields.Str(load_default=None, allow_none=True, metadata=EMAIL)
    webhook_url = fields.Str(load_default=None, allow_none=True, validate=validate.Length(min=1, max=2000),
                             metadata={"description": "http(s) address that receives signed JSON notifications"})
    email_mode = EMAIL_MODE
    digest_hour = fields.Int(strict=True, load_default=7, validate=validate.Range(min=0, max=23))
    time_zone = fields.Str(load_default=None, validate=validate.Length(max=64), metadata=TIME_ZONE)
    reminder_hours = fields.Int(strict=True, load_default=None, validate=validate.Range(min=0, max=168), metadata=REMINDER)
    language = fields.Str(load_default=None, allow_none=True, validate=validate.OneOf(list(LANGUAGES)),
                          metadata=LANGUAGE.metadata)


class UpdatePlayerSchema(RequestSchema):
    name = name_field()
    email = fields.Str(allow_none=True, metadata=EMAIL)
    webhook_url = fields.Str(allow_none=True, validate=validate.Length(min=1, max=2000))
    email_mode = EMAIL_MODE
    digest_hour = fields.Int(strict=True, validate=validate.Range(min=0, max=23))
    time_zone = fields.Str(validate=validate.Length(max=64), metadata=TIME_ZONE)
    reminder_hours = fields.Int(strict=True, validate=validate.Range(min=0, max=168), metadata=REMINDER)
    vacation_days = fields.List(fields.Str(validate=validate.Length(max=10)), validate=validate.Length(max=400),
                                metadata=DAYS_OFF)
    language = LANGUAGE
    new_webhook_secret = StrictBool(load_default=False, metadata={
        "description": "true: a new webhook secret (in the answer, once); the old one stops signing"})


class MyGamesQuerySchema(RequestSchema):
    status = fields.Str(validate=validate.OneOf([s.value for s in Status]))
    limit = fields.Int(load_default=100, validate=validate.Range(min=1, max=PAGE_LIMIT))
    offset = fields.Int(load_default=0, validate=validate.Range(min=0, max=MAX_VERSION))


class DeliveriesQuerySchema(RequestSchema):
    limit = fields.Int(load_default=50, validate=validate.Range(min=1, max=PAGE_LIMIT))


class ProfileSchema(Schema):
    id = fields.Str(required=True)
    name = fields.Str(required=True)
    email = fields.Str(allow_none=True)
    webhook_url = fields.Str(allow_none=True)
    email_mode = fields.Str(required=True)
    digest_hour = fields.Int(required=True)
    time_zone = fields.Str(required=True, metadata=TIME_ZONE)
    reminder_hours = fields.Int(required=True, metadata=REMINDER)
    vacation_days = fields.List(fields.Str(), required=True, metadata=DAYS_OFF)
    language = fields.Str(allow_none=True, metadata={"description": "en, ru or hu; null: the browser's"})
    created = fields.Str(required=True)
    email_enabled = fields.Bool(required=True, metadata={"description": "whether this server sends e-mail (an SMTP server is set)"})
    webhook_secret = fields.Str(allow_none=True, metadata={
        "description": "the key webhook bodies are signed with (HMAC-SHA256): shown when made, never again"})


class PlayerCreatedSchema(ProfileSchema):
    token = fields.Str(required=True, metadata={"description": "the player token: shown once, stored hashed"})


class WaitingSchema(Schema):
    game = fields.Nested(GameSummarySchema, required=True)
    seat = fields.Int(required=True)
    reason = fields.Str(required=True, validate=validate.OneOf(["turn", "undo"]),
                        metadata={"description": "turn: you are to act; undo: a take-back request waits for your answer"})
    since = fields.Str(required=True)
    deadline = fields.Str(allow_none=True)


class InboxSchema(Schema):
    inbox = fields.List(fields.Nested(WaitingSchema), required=True,
                        metadata={"description": "most urgent first: the nearest deadline, then the longest wait"})
    position = fields.Int(required=True, metadata={"description": "the read model's position (the stream's event id)"})


class AttemptSchema(Schema):
    n = fields.Int(required=True)
    at = fields.Str(required=True)
    ok = fields.Bool(required=True)
    status = fields.Int(allow_none=True, metadata={"description": "the HTTP status (webhooks) or 250 (e-mail)"})
    error = fields.Str(allow_none=True)


class DeliverySchema(Schema):
    id = fields.Str(required=True, metadata={"description": "the idempotency id (X-Shiplog-Delivery, the e-mail's Message-ID)"})
    channel = fields.Str(required=True, validate=validate.OneOf(["webhook", "email", "digest"]))
    kind = fields.Str(required=True, metadata={"description": "turn, undo, ended; mail (an e-mail of occasions) or digest"})
    game = fields.Str(allow_none=True)
    version = fields.Int(allow_none=True)
    state = fields.Str(required=True, metadata={
        "description": "pending, sent, failed; for an occasion waiting for an e-mail or digest: queued, then merged (into an "
                       "e-mail), digested (into a digest) or skipped (no longer true, or e-mail turned off)"})
    created = fields.Str(required=True)
    next_attempt = fields.Str(allow_none=True)
    digest = fields.Str(allow_none=True, metadata={"description": "the id of the e-mail or digest that carried it"})
    attempts = fields.List(fields.Nested(AttemptSchema), required=True)


class DeliveriesSchema(Schema):
    deliveries = fields.List(fields.Nested(DeliverySchema), required=True)
