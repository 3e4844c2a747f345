"""A 3-player Felinia game played to the end in the browser by clicks on the board alone (issue 29):
Ann (1280 px) and Bob (a 390 px phone) against a heuristic bot, every move by clicks on elements
inside #board (never the list of moves, which stays folded away), and a sale made on the board out
of turn while Bob is to act. The face-down trade tiles and the deck stay face down on the page,
the other seats' trade tiles stay secret (their count shown), and the points appear only at the
end."""

from __future__ import annotations

import json
import time
from typing import Any
from uuid import UUID

import pytest

from tests.browser.boardplay import click_on_board, play_on_board_to_end, ready
from tests.browser.helpers import create_game, serious_violations, sign_up
from tests.browser.shots import shoot
from tests.browser.test_policy import watched

pytestmark = pytest.mark.browser

ANN, BOT, BOB = 0, 1, 2
ON_SCREEN = """() => [...document.querySelectorAll('#board .can')].some(el => {
  const r = el.getBoundingClientRect(); return r.width && r.bottom > 0 && r.top < innerHeight; })"""
SIDEWAYS = "() => document.documentElement.scrollWidth > document.documentElement.clientWidth"


def no_secrets(page: Any, view: dict[str, Any], seat: int) -> None:
    """The seat's page shows face-down tiles face down and the others' trade tiles as secret."""
    for q, p in view["provinces"].items():
        if p["face_down"]:  # a face-down tile is shown face down, and its id nowhere
            assert "face down" in (page.text_content(f"[data-province='{q}']") or "")
            assert "face down" in (page.get_attribute(f"[data-node='{q}']", "aria-label") or "")
    for p in view["players"]:
        if p["seat"] != seat and p["trade_tile_count"]:
            assert "kept secret" in page.inner_text(f".fe-player[data-seat='{p['seat']}'] .fe-tiles")
    assert page.locator(".fe-score").count() == 0  # no points while the tiles are secret


def sell_out_of_turn(server: Any, game_id: str, ann: Any, bob: Any) -> None:
    """While Bob is to act, Ann's board offers her sales (and nothing else, and no "Your turn"),
    and a click on it sells; Bob is still to act."""
    game = server.shiplog.get_game(UUID(game_id))
    assert set(game.to_act()) == {BOB}
    ready(ann, game.version)
    choices = json.loads(ann.text_content("#legal-actions"))
    assert choices and {c["action"]["type"] for c in choices} == {"sell"}
    assert ann.evaluate("() => !document.querySelector('details.fallback').open")  # every sale is on the board
    ann.locator("#board .fe-sell .can").first.hover()
    hint = ann.text_content("#board-bar") or ""
    assert "sells" in hint and "Your turn" not in hint, hint
    click_on_board(ann, ANN, choices[0]["action"])
    ready(ann, game.version + 1)
    ready(bob, game.version + 1)
    after = server.shiplog.get_game(UUID(game_id))
    assert set(after.to_act()) == {BOB} and after.status == "active"  # a sale passes no turn


def test_two_players_and_a_bot_play_felinia_to_the_end_by_clicks_on_the_board(server: Any, context_factory: Any) -> None:
    started = time.monotonic()
    broken: list[str] = []  # Content-Security-Policy violations, as the policy test watches them
    ann = sign_up(watched(context_factory(), broken), server.url, "Ann")
    gid = create_game(ann, server.url, "felinia", 3, bots={BOT: "heuristic"}, options={"first_player": BOB})
    bob = sign_up(watched(context_factory(width=390, height=844), broken), server.url, "Bob")
    bob.goto(ann.input_value("[data-testid=invite-link]"))
    bob.click("text=Take a seat")
    bob.wait_for_selector("text=you are Bob")
    pages = {ANN: ann, BOB: bob}  # (the bot took the first open seat)
    sell_out_of_turn(server, gid, ann, bob)
    seen = {"hint": False, "recent": 0, "shot": False, "phone": 0}

    def check(move: int, game: Any, page: Any) -> None:
        seat = min(game.to_act())
        assert page.evaluate("() => !document.querySelector('details.fallback').open")  # every move is on the board
        if not seen["hint"]:  # what a click would do, before it is done
            choices = json.loads(page.text_content("#legal-actions"))
            page.locator("#board .can").first.hover()
            hint = page.text_content("#board-bar .board-hint") or ""
            assert any(c["hint"] and c["hint"] in hint for c in choices) or "then choose" in hint, hint
            seen["hint"] = True
        for m in json.loads(page.text_content("#recent-moves")):
            if m["action"]["type"] == "place_bid" and m["seat"] != seat and m["action"]["target"] != "own_board":
                venue = page.locator(f"#board .fe-venue[data-action='{json.dumps(m['action'], sort_keys=True, separators=(',', ':'))}']")
                assert "recent" in (venue.get_attribute("class") or "").split()
                seen["recent"] += 1
        if seat == BOB and move % 5 == 0:  # a phone: the decision on screen, nothing sideways
            assert page.evaluate(ON_SCREEN) and not page.evaluate(SIDEWAYS), move
            seen["phone"] += 1
        if move % 20:
            return
        for s, other in pages.items():
            ready(other, game.version)
            no_secrets(other, game.rules.view(game.state, s), s)
        mine = game.rules.view(game.state, ANN)
        if not seen["shot"] and seat == ANN and game.state.round >= 2 and any(p["trade_tile_count"] for p in mine["players"]):
            shoot(ann, "game-felinia")
            assert serious_violations(ann) == []
            seen["shot"] = True

    moves, clicks = play_on_board_to_end(server, gid, pages, check)
    assert server.shiplog.get_game(UUID(gid)).status == "finished"
    assert seen["hint"] and seen["recent"] and seen["phone"]
    for page in pages.values():
        page.wait_for_selector("#outcome-h")
        assert page.locator(".fe-score").count() == 3
        assert page.locator("[data-secret=trade_tiles]").count() == 0  # everything is shown at the end
        assert page.locator("#board .can").count() == 0
    assert broken == []
    print(f"\nFelinia on the board, 2 players and a bot: {moves} moves in {clicks} clicks in {time.monotonic() - started:.1f} s")
    shoot(ann, "game-felinia-over")
