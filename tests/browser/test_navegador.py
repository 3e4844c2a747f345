"""A Navegador game against bots, played to the end in the browser by clicks on the board alone
(issue 29: the rondel spaces and the payments, the ships to sail and the regions they sail to,
the fleets that explore, the colonies, the market, the buildings, the privileges, the workers and
ships to hire and build, the king's privilege on the player board; never the list of moves,
which stays folded away); the face-down colony tiles stay face down on the page until explored;
then the replay page stepped back and forth with its buttons, its slider and the arrow keys."""

from __future__ import annotations

import json
import time
from collections import Counter
from typing import Any
from uuid import UUID

import pytest

from tests.browser.boardplay import play_on_board_to_end
from tests.browser.helpers import bot_choice, create_game, serious_violations, sign_up
from tests.browser.shots import shoot

pytestmark = pytest.mark.browser


def face_down(page: Any, view: dict[str, Any]) -> None:
    """Every unexplored region's colony tiles are face down on the page: no tile is shown."""
    for region, v in view["regions"].items():
        if "colonies" in v and not v["explored"]:
            colonies = page.locator(f"[data-region={region}] .na-colonies")
            assert colonies.inner_text().count("face down") == 1
            assert colonies.locator(".na-tile").count() == 0


def test_a_navegador_game_against_bots_to_the_end_on_the_board_then_its_replay(server: Any, context_factory: Any) -> None:
    started = time.monotonic()
    ann = sign_up(context_factory(), server.url, "Ann")
    gid = create_game(ann, server.url, "navegador", 3, bots={1: "greedy", 2: "random"},
                      options={"kings_privilege_placement": "manual"})
    ann.wait_for_selector("#turn-h")
    shoot(ann, "game-navegador")
    seen: dict[str, Any] = {"hint": False, "offered": set(), "played": Counter(), "recent": 0, "shot": False}

    def check(move: int, game: Any, page: Any) -> None:
        assert page.evaluate("() => !document.querySelector('details.fallback').open")  # every move is on the board
        choices = json.loads(page.text_content("#legal-actions"))
        seen["offered"] |= {c["action"]["type"] for c in choices}
        seen["played"][bot_choice(server, gid, 0, move)["type"]] += 1  # (what the next clicks post)
        if not seen["hint"]:  # what a click would do, before it is done
            page.locator("#board .can").first.hover()
            hint = page.text_content("#board-bar .board-hint") or ""
            assert any(c["hint"] and c["hint"] in hint for c in choices) or "then choose" in hint, hint
            seen["hint"] = True
        for m in json.loads(page.text_content("#recent-moves")):  # the bots' rondel moves since Ann's last turn, lit up
            if m["action"]["type"] == "move_rondel" and m["seat"] != 0:
                space = json.dumps({"space": m["action"]["space"], "type": "move_rondel"}, separators=(",", ":"))
                assert "recent" in (page.get_attribute(f"#board .na-spot[data-part='{space}']", "class") or "").split()
                seen["recent"] += 1
        if not seen["shot"] and move >= 40 and any(c["action"]["type"] == "explore" for c in choices):
            shoot(page, "game-navegador-board")  # a sailing action: ships to sail, fleets to explore
            seen["shot"] = True
        if move in (0, 60):  # the board while it is the input: no serious accessibility violation
            assert serious_violations(page) == [], move
        if move % 20 == 0:
            face_down(page, game.rules.view(game.state, None))

    moves, clicks = play_on_board_to_end(server, gid, {0: ann}, check)
    game = server.shiplog.get_game(UUID(gid))
    assert game.status == "finished"
    ann.wait_for_selector("#outcome-h")
    assert ann.locator("#board .can").count() == 0
    assert seen["hint"] and seen["recent"] and {"move_rondel", "move_ships", "explore", "place_kings_privilege"} <= seen["offered"], seen["offered"]
    assert seen["played"]["move_ships"] + seen["played"]["explore"] and seen["played"]["place_kings_privilege"] == 1, seen["played"]
    assert serious_violations(ann) == []
    print(f"\nNavegador on the board against 2 bots: {moves} moves in {clicks} clicks in {time.monotonic() - started:.1f} s")
    shoot(ann, "game-navegador-over")

    # -- the replay page ------------------------------------------------------------------
    last = server.shiplog.get_game(UUID(gid)).version
    ann.goto(f"{server.url}/games/{gid}/replay")
    assert ann.input_value("#at") == str(last)
    ann.click("[data-step=first]")
    ann.wait_for_function("() => document.getElementById('at').value === '0'")
    ann.click("[data-step=next]")
    ann.wait_for_function("() => document.getElementById('at').value === '1'")
    assert "Version 1" in ann.inner_text("#move-h")
    ann.click("[data-step=prev]")
    ann.wait_for_function("() => document.getElementById('at').value === '0'")
    ann.locator("#at").fill(str(last // 2))  # the slider
    ann.wait_for_function(f"() => document.querySelector('#move-h').textContent.includes('Version {last // 2}')")
    assert ann.locator(".na-player").count() == 3
    ann.locator("body").press("ArrowRight")
    ann.wait_for_function(f"() => document.getElementById('at').value === '{last // 2 + 1}'")
    assert "every state hash matches" in ann.inner_text("[data-testid=verify]")
    assert ann.inner_text("[data-testid=fairness]").startswith("Fair:")
    assert ann.locator("svg.chart polyline").count() >= 3
    assert serious_violations(ann) == []
    shoot(ann, "replay-navegador")
