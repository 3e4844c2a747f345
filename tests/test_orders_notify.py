"""Notifications respect standing orders (issue 32, item 5): a player whose order (or only legal
move) answered a turn in the same command is not woken for it; a turn their orders did not
answer still wakes them; the daily digest lists what was played for them."""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

from service.application import Shiplog
from service.clocks import tick
from tests import tinygame
from tests.conftest import FakeClock
from tests.receivers import SmtpSink, WebhookReceiver
from tests.test_notifications import ALLOW, two_player_game


def first_play(app: Shiplog, gid: Any, seat: int) -> dict[str, Any]:
    state = app.get_game(gid).state
    return next(a for a in tinygame.legal_actions(state, seat) if a["type"] == "play") if seat in tinygame.to_act(state) \
        else {"type": "play", "card": min(state.hands[seat])}


def turns(hooks: WebhookReceiver) -> list[int]:
    """The game versions of the "turn" webhooks received so far."""
    return [json.loads(h.body)["game"]["version"] for h in hooks.received if json.loads(h.body)["kind"] == "turn"]


def test_a_turn_answered_by_the_seats_order_wakes_nobody_and_one_it_did_not_answer_does(
        store_env: dict[str, str], clock: FakeClock) -> None:
    with WebhookReceiver().running() as hooks:
        app = Shiplog({**store_env, **ALLOW}, clock=clock)
        ann, _ = app.register_player("ann")
        bob, _ = app.register_player("bob", webhook_url=hooks.url())
        gid = two_player_game(app, ann, bob)  # ann (seat 0) is to act
        tick(app)
        app.give_order(gid, 1, first_play(app, gid, 1))
        app.submit(gid, 0, first_play(app, gid, 0))  # bob's turn comes and his order plays it
        game = app.get_game(gid)
        assert game.to_act() == {0} and len(game.state.hands[1]) == 1  # bob played one of his two cards
        tick(app)
        assert turns(hooks) == []
        assert [d["kind"] for d in app.notifier.deliveries_of(str(bob.id))] == []
        clock.advance(minutes=1)
        app.submit(gid, 0, first_play(app, gid, 0))  # no order now: bob is to act himself
        tick(app)
        assert turns(hooks) == [app.get_game(gid).version]


def test_the_digest_lists_the_moves_played_for_the_player(sqlite_env: dict[str, str]) -> None:
    clock = FakeClock(datetime.fromisoformat("2030-01-01T09:30:00+00:00"))
    with SmtpSink().running() as smtp:
        app = Shiplog({**sqlite_env, **smtp.env()}, clock=clock)
        ann, _ = app.register_player("ann")
        bob, _ = app.register_player("bob", email="bob@example.org", email_mode="digest", digest_hour=8)
        gid = two_player_game(app, ann, bob)
        play = first_play(app, gid, 1)
        number = app.give_order(gid, 1, play).new_events[0].originator_version
        app.submit(gid, 0, first_play(app, gid, 0))
        clock.now = datetime.fromisoformat("2030-01-02T08:00:00+00:00")
        assert tick(app).digests == 1
        (mail,) = smtp.received
        text = mail.message.get_body(("plain",)).get_content()
        assert f"played for you: Played by bob's standing order #{number}: bob plays the {play['card']}." in text
        assert "your turn" not in text  # bob's own turn was answered; ann is to act
