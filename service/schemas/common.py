"""What every schema shares: the limits, names, strict booleans, and request schemas that
refuse unknown fields."""

from __future__ import annotations

from typing import Any

from marshmallow import RAISE, Schema, ValidationError, fields, validate

from domain.core.i18n import N_

from ..names import NAME_MAX, name_problem

MAX_PLAYERS = 8


MAX_VERSION = 2**31 - 1  # far beyond any game; keeps numbers a client sends within what stores hold


PAGE_LIMIT = 500


# Text shown to other players, in logs and terminals: no control characters.
PRINTABLE = validate.Regexp(r"^[^\x00-\x1f\x7f-\x9f]*$", error=N_("Control characters are not allowed."))


# What the document can say of a name (service/names.py has the whole rule: no formatting
# characters either, and something visible).
NAME_PATTERN = rf"^[^\x00-\x1f\x7f-\x9f\u2028\u2029]{{1,{NAME_MAX}}}$"


class NameRule(validate.Validator):
    """A name is one line of visible text (service/names.py): every schema's names ask it."""

    def __call__(self, value: Any) -> Any:
        problem = name_problem(value)
        if problem is not None:
            raise ValidationError(problem)
        return value


def name_field(**kwargs: Any) -> fields.Str:
    """A player's or a seat's name."""
    metadata = {"pattern": NAME_PATTERN, **kwargs.pop("metadata", {})}
    return fields.Str(validate=[validate.Length(min=1, max=NAME_MAX), NameRule()], metadata=metadata, **kwargs)


class StrictBool(fields.Boolean):
    """true or false, nothing else ("yes", 1 and "true" are not booleans)."""

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> bool:
        if not isinstance(value, bool):
            raise self.make_error("invalid", input=value)
        return value


class RequestSchema(Schema):
    class Meta:
        unknown = RAISE
