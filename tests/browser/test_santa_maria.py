"""A 2-player Santa Maria game played to the end in the browser against a bot: every move a
click; the board shows the viewer's own victory points and the bot's face down until the end,
the face-down stacks and the ship deck as counts."""

from __future__ import annotations

import time
from typing import Any
from uuid import UUID

import pytest

from domain.core.rules import ALL
from tests.browser.helpers import create_game, play_to_end, sign_up
from tests.browser.shots import shoot
from tests.browser.test_pages import serious_violations

pytestmark = pytest.mark.browser


def vp_cells(page: Any) -> list[str]:
    return [t.strip() for t in page.locator(".sm-player .sm-vp").all_inner_texts()]


def test_a_santa_maria_game_against_a_bot_to_the_end(server: Any, context_factory: Any) -> None:
    started = time.monotonic()
    ann = sign_up(context_factory(), server.url, "Ann")
    gid = create_game(ann, server.url, "santa-maria", 2, bots={1: "greedy"})
    ann.wait_for_selector("#turn-h")
    shot = False
    placing = 0

    def check(move: int, game: Any) -> None:
        nonlocal shot, placing
        secret = game.rules.view(game.state, ALL)
        if move % 25 == 0:
            assert vp_cells(ann) == [str(secret["players"][0]["vp"]), "face down"]
            board = ann.inner_text(".sm")
            assert f"{secret['ship_deck'] if isinstance(secret['ship_deck'], int) else len(secret['ship_deck'])} face down" in board
            assert ann.locator(".sm-colony").count() == 2
        pending = secret["pending"]
        if pending and pending["decision"] == "place_tile" and pending["seat"] == 0:  # the tile's cells in words
            assert ann.locator(".sm-placing li").count() == 4
            placing += 1
        if not shot and game.state.year >= 2 and (placing or game.state.year == 3):  # tiles and dice on the colony
            shoot(ann, "game-santa-maria")
            assert serious_violations(ann) == []
            shot = True

    clicks = play_to_end(server, gid, {0: ann}, check)
    assert server.shiplog.get_game(UUID(gid)).status == "finished"
    ann.wait_for_selector("#outcome-h")
    assert "face down" not in " ".join(vp_cells(ann))  # everything is shown at the end
    print(f"\nSanta Maria against a bot: {placing} tiles placed by Ann, {clicks} clicks to the end in {time.monotonic() - started:.1f} s")
    shoot(ann, "game-santa-maria-over")
