"""Game records: verify re-decides every move and names the first divergence; fairness checks draws."""

from __future__ import annotations

import copy
from typing import Any

from domain.core.aggregate import Game
from domain.core.record import fairness, record_from_events, verify
from domain.core.rng import Rng, shuffle


def finished_record(seed: str = "fixed seed") -> dict[str, Any]:
    seats = [{"name": "ann", "token_hash": "a", "bot": "random"}, {"name": "bob", "token_hash": "b", "bot": "highest"}]
    game = Game.start("high-card", {}, seats, "host", seed, client_seeded=False)
    game.play_bots()
    return record_from_events(str(game.id), game.collect_events())


def test_a_recorded_game_verifies_and_is_fair() -> None:
    record = finished_record()
    report = verify(record)
    assert report.ok, report.divergence
    assert report.actions == sum(1 for e in record["events"] if e["type"] == "ActionTaken") > 0
    fair = fairness(record)
    assert fair.ok and fair.commitment_ok and fair.draws_checked > 0


def first_action(record: dict[str, Any]) -> dict[str, Any]:
    return next(e for e in record["events"] if e["type"] == "ActionTaken")


def test_a_changed_fact_is_caught_at_its_move() -> None:
    record = copy.deepcopy(finished_record())
    event = first_action(record)
    event["facts"][0]["seat"] = 1 - event["facts"][0]["seat"]
    report = verify(record)
    assert not report.ok and report.divergence is not None
    assert report.divergence.version == event["version"]


def test_a_changed_state_hash_is_caught() -> None:
    record = copy.deepcopy(finished_record())
    record["events"][-2]["state_hash"] = "0" * 64
    report = verify(record)
    assert report.divergence is not None and "hash" in report.divergence.problem


def test_a_forged_deck_is_caught_by_verify_and_by_fairness() -> None:
    record = copy.deepcopy(finished_record())
    created = record["events"][0]
    forged = shuffle(Rng("another seed", "setup"), range(1, 10))
    created["facts"][0]["deck"] = list(forged)
    assert not verify(record).ok
    created["draws"] = Rng("another seed", "setup").draws  # empty: draws no longer match either
    assert not verify(record).ok


def test_fairness_rejects_a_seed_that_is_not_the_committed_one() -> None:
    record = copy.deepcopy(finished_record())
    record["seed"] = "something else"
    report = fairness(record)
    assert not report.ok and report.commitment_ok is False


def test_fairness_of_a_running_game_is_sealed() -> None:
    record = copy.deepcopy(finished_record())
    record["seed"] = None
    report = fairness(record)
    assert not report.seed_revealed and not report.ok


def test_an_action_by_the_wrong_seat_is_caught() -> None:
    record = copy.deepcopy(finished_record())
    event = first_action(record)
    event["seat"] = 1 - event["seat"]
    report = verify(record)
    assert report.divergence is not None and report.divergence.version == event["version"]
