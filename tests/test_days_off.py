"""Days off (issue 30, item 6), on an injected clock: a player lists dates in their time zone, the
clock of each game of theirs stands still on them (the deadline, the timeout, a time bank), the
game records them as an event so a replay gives the same deadlines, what has passed cannot be
changed, and the game page shows everyone the time left and a clock stopped for a day off."""

from __future__ import annotations

from datetime import datetime
from typing import Any
from uuid import UUID

from domain.core.record import verify
from service.application import Shiplog
from tests.test_api import auth, problem
from tests.test_stored_topics import replayed
from tests.test_turn_mails import Server, server


def at(text: str) -> datetime:
    return datetime.fromisoformat(text)


def clocked(s: Server, clock: dict[str, int], **host: Any) -> tuple[UUID, Any, str]:
    """ann hosts a game with `clock` and is to act from 2030-01-01 12:00 UTC."""
    ann, token = s.player("ann", **host)
    gid = s.app.open_game(ann, "high-card", 2, settings={"clock": clock}).game.id
    s.app.join(gid, s.player("bob")[0])
    return gid, ann, token


def test_the_clock_stands_still_on_a_day_off_and_the_timeout_waits_for_it(store_env: dict[str, str]) -> None:
    with server(store_env) as s:
        gid, ann, token = clocked(s, {"days_per_move": 1})
        assert s.app.get_game(gid).deadline(0) == at("2030-01-02T12:00+00:00")
        problem(s.client.patch("/v1/me", json={"vacation_days": ["2030-02-30"]}, headers=auth(token)), 422,
                "player.vacation_days")
        answer = s.client.patch("/v1/me", json={"vacation_days": ["2030-01-02", "2029-12-31"]}, headers=auth(token))
        assert answer.json["vacation_days"] == ["2030-01-02"]  # a day that has passed is dropped
        game = s.app.get_game(gid)
        assert game.deadline(0) == at("2030-01-03T12:00+00:00")  # a whole day later
        assert "ann's clock stands still on their days off (UTC): 2030-01-02 00:00 to 2030-01-03 00:00." in \
            s.client.get(f"/v1/games/{gid}/events?after={game.version - 1}").json["events"][0]["text"]
        assert s.tick(hours=24, minutes=1).timeouts == 0
        assert s.tick(hours=24).timeouts == 1
        # Replayed from its events alone, the game has the same deadlines.
        events = s.app.events_between(gid)
        assert replayed(events[:game.version + 1]).deadline(0) == at("2030-01-03T12:00+00:00")
        assert verify(s.app.record(gid)).ok


def test_what_has_passed_stays_and_a_bank_is_not_spent_on_a_day_off(sqlite_env: dict[str, str]) -> None:
    with server(sqlite_env) as s:
        gid, ann, _ = clocked(s, {"bank_days": 2, "increment_days": 0}, time_zone="Europe/Paris")
        s.app.update_player(ann, {"vacation_days": ["2030-01-02"]})  # Paris: 1 Jan 23:00 to 2 Jan 23:00 UTC
        assert s.app.get_game(gid).deadline(0) == at("2030-01-04T12:00+00:00")
        s.clock.advance(hours=18)  # 2 Jan 06:00 UTC, on her day off: she comes back early
        s.app.update_player(ann, {"vacation_days": []})
        assert s.app.get_game(gid).deadline(0) == at("2030-01-03T19:00+00:00")  # 7 hours off, and no more
        s.clock.advance(hours=30)  # 3 Jan 12:00 UTC: 48 hours since her turn began, 41 of them running
        s.move(gid)
        assert s.app.get_game(gid).bank[0] == (48 - 41) * 3600
        again = Shiplog(s.app.env, clock=s.clock)  # another worker, loading from the store
        assert again.get_game(gid).bank[0] == (48 - 41) * 3600


def test_a_player_on_days_off_brings_them_to_a_game_they_join(sqlite_env: dict[str, str]) -> None:
    with server(sqlite_env) as s:
        ann, _ = s.player("ann")
        bob, _ = s.player("bob")
        s.app.update_player(bob, {"vacation_days": ["2030-01-01", "2030-01-02", "2030-01-05"]})
        gid = s.app.open_game(ann, "high-card", 2, settings={"clock": {"days_per_move": 1}}).game.id
        s.app.join(gid, bob)
        s.move(gid)  # ann plays at once: bob's turn, on his day off (the 1st, from now on, and the 2nd)
        game = s.app.get_game(gid)
        assert [(b.isoformat(), e.isoformat()) for b, e in game.days_off[1]] == [
            ("2030-01-01T12:00:00+00:00", "2030-01-03T00:00:00+00:00"), ("2030-01-05T00:00:00+00:00", "2030-01-06T00:00:00+00:00")]
        assert game.deadline(1) == at("2030-01-04T00:00+00:00")


def test_everyone_sees_the_time_left_and_a_clock_stopped_for_a_day_off(sqlite_env: dict[str, str]) -> None:
    with server(sqlite_env) as s:
        gid, ann, _ = clocked(s, {"days_per_move": 2})
        s.clock.advance(hours=3)
        page = s.client.get(f"/games/{gid}").get_data(as_text=True)  # a visitor, not signed in
        assert "1 day 21 hours left" in page and "a day off" not in page
        s.app.update_player(ann, {"vacation_days": ["2030-01-01"]})  # the rest of today, from now
        page = s.client.get(f"/games/{gid}").get_data(as_text=True)
        assert "2 days 6 hours left" in page and '(stopped: a day off until <time datetime="2030-01-02T00:00:00.000000+00:00">' in page
        clock = s.client.get(f"/v1/games/{gid}").json["clocks"][0]
        assert clock["days_off"] == [["2030-01-01T15:00:00.000000+00:00", "2030-01-02T00:00:00.000000+00:00"]]
