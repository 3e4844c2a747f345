"""Standing orders' schemas (service/order_routes.py): giving or changing one, a seat's list of
them, and "what could I do next"."""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, ValidationError, fields, validate, validates

from domain.core.i18n import N_

from .common import RequestSchema
from .games import AcceptedSchema, OptionSchema

ACTION = fields.Dict(required=True, keys=fields.Str(validate=validate.Length(max=64)), metadata={
    "description": "an action as the game lists it (`GET …/next` gives the ones the seat met), with its \"type\"; "
                   "whether it is legal is decided when its step comes, never before",
    "additionalProperties": {"$ref": "#/components/schemas/JsonValue"}})
SCOPE = fields.Str(load_default="next", validate=validate.OneOf(["next", "always"]), metadata={
    "description": "\"next\": the next time a decision offers its action's type, then it is used up (played, or dropped "
                   "if not legal then); \"always\": every time, until cancelled"})
CONDITION = fields.Dict(load_default=None, allow_none=True, metadata={
    "description": "{\"if\": name, ...parameters}: one of the game's conditions (`GET …/orders` lists them), judged on "
                   "the seat's own view when the step comes; null: none",
    "additionalProperties": {"$ref": "#/components/schemas/JsonValue"}})


class OrderSchema(RequestSchema):
    action = ACTION
    scope = SCOPE
    condition = CONDITION

    @validates("action")
    def small(self, value: dict[str, Any], **kwargs: Any) -> None:
        if len(value) > 32 or not isinstance(value.get("type"), str):
            raise ValidationError(N_("An action is an object with a \"type\" and at most 32 fields."))


class OrderOutSchema(Schema):
    id = fields.Int(required=True, metadata={"description": "the order's number: the version of the event that gave it"})
    action = fields.Dict(required=True)
    scope = fields.Str(required=True)
    condition = fields.Dict(allow_none=True)


class ConditionSchema(Schema):
    if_ = fields.Str(data_key="if", attribute="if", required=True)
    sentence = fields.Str(required=True)
    params = fields.List(fields.Nested(OptionSchema), required=True)


class OrdersSchema(Schema):
    id = fields.Str(required=True)
    version = fields.Int(required=True)
    seat = fields.Int(required=True)
    orders = fields.List(fields.Nested(OrderOutSchema), required=True, metadata={"description": "in the order tried"})
    conditions = fields.List(fields.Nested(ConditionSchema), required=True,
                             metadata={"description": "the conditions an order of this game may carry"})


class OrderAcceptedSchema(AcceptedSchema):
    orders = fields.List(fields.Nested(OrderOutSchema), required=True, metadata={"description": "the seat's orders now"})


class DecisionSchema(Schema):
    step = fields.List(fields.Str(), required=True, metadata={"description": "the action types offered: the kind of decision"})
    actions = fields.List(fields.Dict(), required=True)
    at = fields.Int(allow_none=True, metadata={"description": "the version it followed; null: the decision the seat faces now"})


class NextSchema(Schema):
    id = fields.Str(required=True)
    version = fields.Int(required=True)
    seat = fields.Int(required=True)
    decisions = fields.List(fields.Nested(DecisionSchema), required=True, metadata={
        "description": "the decision the seat faces now, then the last one of each other kind it met, each with the "
                       "actions it was offered then"})
