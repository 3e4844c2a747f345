"""The lobby and the home page follow what happens without a reload (issue 30 item 4): a game
another player opens appears in the lobby's open games, a turn that comes appears on the home
page, and the tab's title says so ("(1) Your turn · …"), as on the game page; a browser
notification is asked for by a button, never on load."""

from __future__ import annotations

import re
from typing import Any
from uuid import UUID

import pytest

from .helpers import create_game, sign_up

pytestmark = pytest.mark.browser


def test_the_lobby_and_home_page_update_live_and_the_title_says_whose_turn_it_is(server: Any, context_factory: Any) -> None:
    ann = sign_up(context_factory(), server.url, "ann")
    ann.goto(f"{server.url}/lobby")
    assert not ann.title().startswith("(")
    ann.evaluate("window.notReloaded = true")
    assert ann.is_hidden("#notify-turns") is False  # the button that asks; nothing was asked on load
    assert ann.evaluate("Notification.permission") == "default"

    bob = sign_up(context_factory(), server.url, "bob")
    gid = create_game(bob, server.url, "high-card", 2)
    ann.wait_for_selector(f"section[aria-labelledby=open-h] a[href='/games/{gid}']")  # no reload: the stream said so
    assert ann.evaluate("window.notReloaded") is True

    home = ann.context.new_page()
    home.goto(f"{server.url}/")
    home.evaluate("window.notReloaded = true")
    shiplog = server.shiplog
    page = ann.context.new_page()
    page.goto(f"{server.url}/games/{gid}")
    page.click("form[action$='/join'] button")
    page.wait_for_function("() => document.getElementById('live').dataset.status === 'active'")
    game = shiplog.get_game(UUID(gid))
    if game.status == "active" and 1 not in game.to_act():  # Ann (seat 1) waits: Bob plays first
        seat = min(game.to_act())
        shiplog.submit(game.id, seat, game.rules.legal_actions(game.state, seat)[0])
    assert 1 in shiplog.get_game(game.id).to_act()
    home.wait_for_function("() => document.title.startsWith('(1) Your turn')")
    assert home.locator(f"#waiting-h ~ ul a[href='/games/{gid}']").count() == 1
    assert home.evaluate("window.notReloaded") is True
    ann.wait_for_function("() => document.title.startsWith('(1) Your turn · Lobby')")
    assert ann.evaluate("window.notReloaded") is True
    page.wait_for_function("() => document.title.startsWith('(1) Your turn · ')")
    assert re.match(r"\(1\) Your turn · .*High Card", page.title())
