"""Puerto Rico played on the board alone (issue 29): two players in their own browsers (one on a
390 px phone) and a bot play a game with both expansions to the end, every move by clicks on
elements inside #board (never the list of moves, which stays folded away); the script lets each
seat click exactly what leads to its legal actions, says what a click would do, lights up the
moves since the seat's last turn, and no page shows what its viewer may not see."""

from __future__ import annotations

import json
import time
from typing import Any
from uuid import UUID

import pytest

from domain.core.rules import ALL
from tests.browser.boardplay import play_on_board_to_end, ready
from tests.browser.helpers import create_game, serious_violations, sign_up
from tests.browser.shots import shoot
from tests.browser.test_policy import watched
from tests.browser.test_puerto_rico import vp_cells

pytestmark = pytest.mark.browser


def test_two_players_and_a_bot_play_puerto_rico_to_the_end_by_clicks_on_the_board(server: Any, context_factory: Any) -> None:
    started = time.monotonic()
    broken: list[str] = []  # Content-Security-Policy violations, as the policy test watches them
    ann = sign_up(watched(context_factory(), broken), server.url, "Ann")
    gid = create_game(ann, server.url, "puerto-rico", 3, bots={1: "greedy"}, options={"expansions": ["new_buildings", "nobles"]})
    bob = sign_up(watched(context_factory(width=390, height=844), broken), server.url, "Bob")
    bob.goto(ann.input_value("[data-testid=invite-link]"))
    bob.click("text=Take a seat")
    bob.wait_for_selector("text=you are Bob")
    pages = {0: ann, 2: bob}  # (the bot took the first open seat)
    watcher = sign_up(context_factory(), server.url, "Dee")
    watcher.goto(f"{server.url}/games/{gid}")
    seen = {"hint": False, "recent": 0, "shot": False}

    def check(move: int, game: Any, page: Any) -> None:
        seat = min(game.to_act())
        assert page.evaluate("() => !document.querySelector('details.fallback').open")  # every move is on the board
        if not seen["hint"]:  # what a click would do, before it is done
            choices = json.loads(page.text_content("#legal-actions"))
            first = page.locator("#board .can").first
            first.hover()
            hint = page.text_content("#board-bar .board-hint") or ""
            assert any(c["hint"] and c["hint"] in hint for c in choices) or "then choose" in hint, hint
            seen["hint"] = True
        for m in json.loads(page.text_content("#recent-moves")):
            if m["action"]["type"] == "select_role" and m["seat"] != seat:
                card = page.locator(f"#board .pr-role[data-action='{json.dumps(m['action'], sort_keys=True, separators=(',', ':'))}']")
                assert "recent" in (card.get_attribute("class") or "").split()
                seen["recent"] += 1
        if move >= 40 and seat == 0 and not seen["shot"] and page.locator("#board .recent").count() > 2:
            shoot(page, "game-puerto-rico-board")  # a board with something on it and the moves since the last turn
            seen["shot"] = True
        if move in (0, 60, 120):  # the board while it is the input: no serious accessibility violation
            assert serious_violations(page) == [], move
        if move % 25:
            return
        secret = game.rules.view(game.state, ALL)
        for s, other in pages.items():
            ready(other, game.version)
            cells = vp_cells(other)
            assert cells[s] == str(secret["players"][s]["vp"])
            assert all(c == "hidden" for n, c in enumerate(cells) if n != s), cells
            assert "Face-down order" not in other.content()
        watcher.reload()
        assert all(c == "hidden" for c in vp_cells(watcher))
        assert watcher.locator("#board .can").count() == 0  # a player without a seat clicks nothing

    moves, clicks = play_on_board_to_end(server, gid, pages, check)
    game = server.shiplog.get_game(UUID(gid))
    assert game.status == "finished"
    assert seen["hint"] and seen["recent"]
    for page in pages.values():
        page.wait_for_selector("#outcome-h")
        assert page.locator("#board .can").count() == 0
    assert serious_violations(ann) == []
    assert broken == []
    print(f"\nPuerto Rico on the board, 2 players and a bot: {moves} moves in {clicks} clicks in {time.monotonic() - started:.1f} s")
