"""Two players in their own browsers play Santa Maria to the end: Bob joins by the invitation
link, every move is a click, each page updates itself, each seat sees its own victory points and
the other's face down until the end, the face-down stacks and the ship deck as counts, and a
tile being placed is told cell by cell for each rotation."""

from __future__ import annotations

import time
from typing import Any
from uuid import UUID

import pytest

from domain.core.rules import ALL
from tests.browser.helpers import create_game, play_to_end, serious_violations, sign_up
from tests.browser.shots import shoot

pytestmark = pytest.mark.browser


def vp_cells(page: Any) -> list[str]:
    return [t.strip() for t in page.locator(".sm-player .sm-vp").all_inner_texts()]


def test_two_players_join_by_invitation_and_play_santa_maria_to_the_end(server: Any, context_factory: Any) -> None:
    started = time.monotonic()
    ann = sign_up(context_factory(), server.url, "Ann")
    gid = create_game(ann, server.url, "santa-maria", 2)
    bob = sign_up(context_factory(), server.url, "Bob")
    bob.goto(ann.input_value("[data-testid=invite-link]"))
    bob.click("text=Take a seat")
    bob.wait_for_selector("text=you are Bob")
    ann.wait_for_selector("#turn-h")
    pages = {0: ann, 1: bob}
    shot = False
    placing = 0

    def check(move: int, game: Any) -> None:
        nonlocal shot, placing
        secret = game.rules.view(game.state, ALL)
        pending = secret["pending"]
        seat = pending["seat"] if pending else min(game.to_act())
        page = pages[seat]
        if move % 20 == 0:
            for s, p in pages.items():
                cells = vp_cells(p)
                assert cells[s] == str(secret["players"][s]["vp"])
                assert cells[1 - s] == "face down"
            assert f"{secret['ship_deck'] if isinstance(secret['ship_deck'], int) else len(secret['ship_deck'])} face down" in page.inner_text(".sm")
        if pending and pending["decision"] == "place_tile":
            assert page.locator(".sm-placing li").count() == 4
            placing += 1
        if not shot and seat == 0 and game.state.year >= 2 and (placing or game.state.year == 3):
            shoot(ann, "game-santa-maria")
            assert serious_violations(ann) == []
            shot = True

    clicks = play_to_end(server, gid, pages, check)
    assert server.shiplog.get_game(UUID(gid)).status == "finished"
    for page in pages.values():
        page.wait_for_selector("#outcome-h")
        assert "face down" not in " ".join(vp_cells(page))  # everything is shown at the end
    print(f"\nSanta Maria, 2 players in 2 browsers: {clicks} clicks ({placing} tiles placed) to the end "
          f"in {time.monotonic() - started:.1f} s")
    shoot(ann, "game-santa-maria-over")
