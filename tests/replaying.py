"""What every game's property tests check of a game played through the `Game` aggregate."""

from __future__ import annotations

from typing import Any

from domain.core.aggregate import Game
from domain.core.record import record_from_events, verify


def assert_record_verifies(game: Game, live: list[str]) -> dict[str, Any]:
    """The game's record carries the live state hash of every move, and `replay verify`'s
    `verify` re-decides it to the same hashes. Returns the record."""
    record = record_from_events(str(game.id), game.collect_events())
    assert [e["state_hash"] for e in record["events"] if e["type"] == "ActionTaken"] == live
    report = verify(record)
    assert report.ok, report.divergence
    assert report.final_hash == live[-1] == game.state_hash
    return record
