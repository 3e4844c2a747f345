"""The analysis of a finished game (service/analysis_routes.py): where it stands, and once done
the strong search bot's verdict on every decision."""

from __future__ import annotations

from marshmallow import Schema, fields


class DecisionVerdictSchema(Schema):
    version = fields.Int(required=True, metadata={"description": "the move: the version its event made"})
    seat = fields.Int(required=True)
    played = fields.Dict(required=True, metadata={"description": "the action the seat took"})
    best = fields.Dict(required=True, metadata={"description": "the action the search prefers"})
    played_chance = fields.Float(required=True, metadata={"description": "the seat's chance of winning after the move played (0-1)"})
    best_chance = fields.Float(required=True, metadata={"description": "... after the search's choice"})
    loss = fields.Float(required=True, metadata={"description": "best_chance - played_chance, at least 0"})
    chances = fields.List(fields.Float(), required=True, metadata={"description": "every seat's chance after the move played"})
    choices = fields.Int(required=True, metadata={"description": "how many legal actions the seat had"})
    instead = fields.List(fields.Dict(), required=True,
                          metadata={"description": "the facts the search's choice would have caused (for a costly move)"})


class CostlySchema(Schema):
    version = fields.Int(required=True)
    seat = fields.Int(required=True)
    loss = fields.Float(required=True)
    text = fields.Str(required=True, metadata={"description": "the move, the better one and the chances, in words"})


class AnalysisResultSchema(Schema):
    game = fields.Str(required=True)
    seats = fields.Int(required=True)
    level = fields.Str(required=True, metadata={"description": "the bot that assessed: search-strong"})
    iterations = fields.Int(required=True)
    horizon = fields.Int(required=True)
    seed = fields.Str(required=True, metadata={"description": "the search's seed (the game's id): `replay analyse` gives the same"})
    decisions = fields.List(fields.Nested(DecisionVerdictSchema), required=True)
    costly = fields.List(fields.Nested(CostlySchema), required=True, metadata={"description": "the moves that cost most, up to 3 per seat"})


class AnalysisSchema(Schema):
    id = fields.Str(required=True)
    status = fields.Str(required=True, metadata={"description": "queued, running, done or failed"})
    done = fields.Int(required=True, metadata={"description": "decisions assessed so far"})
    total = fields.Int(required=True, metadata={"description": "decisions to assess (0 until it runs)"})
    progress = fields.Float(required=True, metadata={"description": "0-1"})
    analysis = fields.Nested(AnalysisResultSchema, allow_none=True, required=True)
