"""Read models kept in the store (SQLite and PostgreSQL): the lobby, open seats, a player's games
and inbox, the clocks; correct with several workers; rebuilt from scratch."""

from __future__ import annotations

import threading
from typing import Any
from uuid import UUID

import pytest
from eventsourcing.persistence import Tracking

from service.application import Shiplog
from tests import tinygame
from tests.conftest import FakeClock


def rows(app: Shiplog) -> dict[str, list[dict[str, Any]]]:
    view = app.readmodels.view
    return {
        table: view.query(f"SELECT * FROM {{{table}}} ORDER BY 1, 2")
        for table in ("games", "seats", "waiting")
    }


def test_lobby_open_seats_my_games_and_the_inbox(store_env: dict[str, str], clock: FakeClock) -> None:
    app = Shiplog(store_env, clock=clock)
    ann, bob, cy = (app.register_player(n)[0] for n in ("ann", "bob", "cy"))
    slow = app.open_game(ann, "high-card", 2, settings={"clock": {"days_per_move": 5}}).game.id
    clock.advance(hours=1)
    fast = app.open_game(bob, "high-card", 2, settings={"clock": {"days_per_move": 1}}).game.id
    clock.advance(hours=1)
    secret = app.open_game(cy, "high-card", 3, private=True).game.id
    organised = app.create_game("high-card", [{"name": "x"}, {"name": "y"}]).game.id

    assert [g.id for g in app.readmodels.open_games()] == [str(slow), str(fast)]  # oldest first, private hidden
    listed = {g.id for g in app.lobby.search()}
    assert str(secret) not in listed and {str(slow), str(fast), str(organised)} <= listed
    assert str(secret) in {g.id for g in app.lobby.search(include_private=True)}

    app.join(slow, cy)  # ann to act, 5 days
    app.join(fast, ann)  # bob to act, 1 day
    assert app.readmodels.open_games() == []
    game = app.get_game(fast)
    app.submit(fast, 0, tinygame.legal_actions(game.state, 0)[0])  # now ann to act in `fast`, 1 day
    inbox = app.readmodels.inbox(str(ann.id))
    assert [(w.game.id, w.reason) for w in inbox] == [(str(fast), "turn"), (str(slow), "turn")]  # nearest deadline first
    assert inbox[0].deadline is not None and inbox[0].deadline < inbox[1].deadline  # type: ignore[operator]
    assert app.readmodels.inbox(str(bob.id)) == []
    mine = {g.id for g in app.readmodels.games_of(str(ann.id))}
    assert mine == {str(slow), str(fast)}
    assert {g.id for g in app.readmodels.games_of(str(cy.id))} == {str(slow), str(secret)}  # sits, hosts

    # ann draws (a hidden card) and asks to take it back: bob's turn, and the request waits for him
    app.submit(fast, 1, {"type": "draw"})
    app.request_undo(fast, 1)
    assert [(w.game.id, w.reason, w.seat) for w in app.readmodels.inbox(str(bob.id))] == [
        (str(fast), "turn", 0), (str(fast), "undo", 0)]
    assert [w.reason for w in app.readmodels.inbox(str(ann.id))] == ["turn"]  # slow
    clock.advance(days=2)
    assert app.readmodels.due(clock.now) == [fast]
    app.time_out(fast)
    assert app.readmodels.due(clock.now) == []


def test_two_workers_writing_and_reading_at_once_agree_with_a_rebuild(store_env: dict[str, str]) -> None:
    workers = [Shiplog(store_env), Shiplog(store_env)]
    ann = workers[0].register_player("ann")[0]
    bob = workers[0].register_player("bob")[0]
    errors: list[BaseException] = []

    def play(app: Shiplog, n: int) -> None:
        try:
            for i in range(4):
                gid = app.open_game(ann, "high-card", 2, entropy=f"{n}-{i}").game.id
                app.join(gid, bob)
                while (game := app.get_game(gid)).status == "active":
                    seat = min(game.to_act())
                    app.submit(gid, seat, tinygame.legal_actions(game.state, seat)[-1])
                    app.lobby.search()  # each worker projects while the other writes
                    app.readmodels.inbox(str(ann.id))
        except BaseException as exc:  # noqa: BLE001 (reported below)
            errors.append(exc)

    threads = [threading.Thread(target=play, args=(app, n)) for n, app in enumerate(workers)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    assert not errors, errors
    for app in workers:
        app.readmodels.catch_up()
    seen = rows(workers[0])
    assert seen == rows(workers[1])
    assert len(seen["games"]) == 8 and all(g["status"] == "finished" for g in seen["games"])
    assert workers[0].readmodels.position() == workers[0].recorder.max_notification_id()
    assert workers[1].readmodels.rebuild() == 8
    assert rows(workers[1]) == seen


def test_a_rebuild_from_scratch_gives_the_same_rows(store_env: dict[str, str]) -> None:
    app = Shiplog(store_env)
    ann, bob = (app.register_player(n)[0] for n in ("ann", "bob"))
    for n in range(3):
        gid = app.open_game(ann, "high-card", 2 + (n % 2)).game.id
        app.join(gid, bob)
    app.create_game("high-card", [{"name": "x"}, {"name": "y", "bot": "random"}])
    app.readmodels.catch_up()
    before = rows(app)
    app.readmodels.view.write([], Tracking(app.readmodels.NAME, 1), clear=True)
    assert rows(app)["games"] == []  # wiped (tracking back at the start)
    assert app.readmodels.rebuild() == 4
    assert rows(app) == before


def test_a_failure_while_projecting_writes_nothing_and_the_next_query_catches_up(sqlite_env: dict[str, str], monkeypatch: Any) -> None:
    app = Shiplog(sqlite_env)
    ann, bob = (app.register_player(n)[0] for n in ("ann", "bob"))
    gid = app.open_game(ann, "high-card", 2).game.id
    app.readmodels.catch_up()
    position = app.readmodels.position()
    app.join(gid, bob)
    views = type(app.readmodels.view)
    real = views._write_game

    def crash(self: Any, cursor: Any, game: Any) -> None:
        real(self, cursor, game)
        raise RuntimeError("the worker died mid-write")

    monkeypatch.setattr(views, "_write_game", crash)
    with pytest.raises(RuntimeError):
        app.readmodels.catch_up()
    assert app.readmodels.position() == position
    assert rows(app)["games"][0]["status"] == "open"  # the half-written rows were rolled back
    monkeypatch.setattr(views, "_write_game", real)
    assert [g.status for g in app.lobby.search()] == ["active"]
    assert app.readmodels.position() == app.recorder.max_notification_id()


def test_the_view_of_an_in_memory_application_works_too() -> None:
    app = Shiplog({"PERSISTENCE_MODULE": "eventsourcing.popo"})
    ann = app.register_player("ann")[0]
    gid = app.open_game(ann, "high-card", 2).game.id
    assert [g.id for g in app.readmodels.open_games()] == [str(gid)]
    assert isinstance(UUID(app.readmodels.open_games()[0].id), UUID)


def test_the_rebuild_command(sqlite_env: dict[str, str], monkeypatch: Any) -> None:
    from click.testing import CliRunner

    from service.cli import main

    for key, value in sqlite_env.items():
        monkeypatch.setenv(key, value)
    app = Shiplog(sqlite_env)
    ann = app.register_player("ann")[0]
    for _ in range(2):
        app.open_game(ann, "high-card", 2)
    result = CliRunner().invoke(main, ["readmodels", "rebuild"])
    assert result.exit_code == 0, result.output
    assert result.output == f"read models rebuilt: 2 games, up to notification {app.recorder.max_notification_id()}\n"
    assert len(app.readmodels.open_games()) == 2
