"""Three players in their own browsers play Puerto Rico with both expansions to the end: the
host creates the game, the others join by the invitation link, every move is a click, each page
updates itself when someone else moves, and no page shows what its viewer may not see."""

from __future__ import annotations

import time
from typing import Any
from uuid import UUID

import pytest

from domain.core.rules import ALL
from tests.browser.helpers import (
    create_game,
    play_to_end,
    serious_violations,
    sign_up,
    wait_for_version,
)
from tests.browser.shots import shoot

pytestmark = pytest.mark.browser


def vp_cells(page: Any) -> list[str]:
    return [t.strip() for t in page.locator(".pr-player .pr-vp").all_inner_texts()]


def test_three_players_join_by_invitation_and_play_puerto_rico_to_the_end(server: Any, context_factory: Any) -> None:
    started = time.monotonic()
    ann = sign_up(context_factory(), server.url, "Ann")
    gid = create_game(ann, server.url, "puerto-rico", 3, options={"expansions": ["new_buildings", "nobles"]})
    invite_link = ann.input_value("[data-testid=invite-link]")
    assert "invite=" in invite_link
    pages = {0: ann}
    for seat, name in ((1, "Bob"), (2, "Cy")):
        page = sign_up(context_factory(), server.url, name)
        page.goto(invite_link)
        page.click("text=Take a seat")
        page.wait_for_selector(f"text=you are {name}")
        pages[seat] = page
    ann.wait_for_selector("#turn-h")  # Ann's page saw the game start by itself
    for page in pages.values():  # a mark that a reload would wipe: the pages must update in place
        page.evaluate("() => { window.stayed = true; }")
    watcher = sign_up(context_factory(), server.url, "Dee")  # a player without a seat
    watcher.goto(f"{server.url}/games/{gid}")
    shoot(ann, "game-puerto-rico")

    def check(move: int, game: Any) -> None:
        if move % 40:
            return
        secret = game.rules.view(game.state, ALL)
        for seat, page in pages.items():
            wait_for_version(page, game.version)  # a page not to act may still be drawing the last move
            cells = vp_cells(page)
            assert cells[seat] == str(secret["players"][seat]["vp"])
            assert all(c == "hidden" for n, c in enumerate(cells) if n != seat), cells
        watcher.reload()
        assert all(c == "hidden" for c in vp_cells(watcher))
        assert "Face-down order" not in watcher.content()

    clicks = play_to_end(server, gid, pages, check)
    game = server.shiplog.get_game(UUID(gid))
    assert game.status == "finished"
    for page in pages.values():
        page.wait_for_selector("#outcome-h")  # every page shows the end by itself
        assert page.evaluate("() => window.stayed === true")  # ... without ever reloading
    assert "Final scores" in ann.inner_text(".outcome")
    assert serious_violations(ann) == []  # the board at its fullest: every building, the scores
    print(f"\nPuerto Rico, 3 players in 3 browsers: {clicks} clicks to the end in {time.monotonic() - started:.1f} s")
    shoot(ann, "game-puerto-rico-over")
