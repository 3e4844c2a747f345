"""Two players in their own browsers (one on a 390 px phone) play Santa Maria to the end on the
board alone (issue 29): Bob joins by the invitation link, every move is a series of clicks on
elements inside #board (a die and then a line of the colony, a tile and then its cell, a ship,
a pass space, ...; never the list of moves, which stays folded away), the script lets each seat
click exactly what leads to its legal actions, a tile being placed shows its footprint under
the pointer and its four ways of lying, the phone never scrolls sideways, and each seat sees its
own victory points and the other's face down until the end, the stacks and the ship deck as
counts."""

from __future__ import annotations

import json
import time
from typing import Any
from uuid import UUID

import pytest

from domain.core.rules import ALL
from domain.santa_maria.colony import footprint
from domain.santa_maria.components import C
from tests.browser.boardplay import play_on_board_to_end, ready
from tests.browser.helpers import create_game, serious_violations, sign_up
from tests.browser.shots import shoot
from tests.browser.test_policy import watched

pytestmark = pytest.mark.browser


def vp_cells(page: Any) -> dict[int, str]:
    """Each seat's victory points as its colony shows them."""
    cells = page.locator(".sm-player").evaluate_all(
        "els => els.map(e => [Number(e.dataset.seat), e.querySelector('.sm-vp').innerText.trim()])")
    return {seat: text for seat, text in cells}


def previewed(page: Any, seat: int, anchor: list[int]) -> set[tuple[int, int]]:
    """The cells of seat's colony lit while the pointer is on the anchor cell."""
    page.locator(f".sm-player[data-seat='{seat}'] .sm-cell[data-part='{json.dumps({'anchor': anchor}, separators=(',', ':'))}']").hover()
    lit = page.locator(f".sm-player[data-seat='{seat}'] .sm-cell.preview").evaluate_all(
        "els => els.map(e => [e.closest('tr').rowIndex, e.closest('td').cellIndex])")
    return {(r, c) for r, c in lit}  # (the header row is row 0, the row header column 0)


def test_two_players_play_santa_maria_to_the_end_by_clicks_on_the_board(server: Any, context_factory: Any) -> None:
    started = time.monotonic()
    broken: list[str] = []  # Content-Security-Policy violations
    ann = sign_up(watched(context_factory(), broken), server.url, "Ann")
    gid = create_game(ann, server.url, "santa-maria", 2)
    bob = sign_up(watched(context_factory(width=390, height=844), broken), server.url, "Bob")
    bob.goto(ann.input_value("[data-testid=invite-link]"))
    bob.click("text=Take a seat")
    bob.wait_for_selector("text=you are Bob")
    pages = {0: ann, 1: bob}
    seen = {"hint": False, "placing": 0, "shot": False, "sideways": 0}

    def check(move: int, game: Any, page: Any) -> None:
        secret = game.rules.view(game.state, ALL)
        pending = secret["pending"]
        seat = min(game.to_act())
        assert page.evaluate("() => !document.querySelector('details.fallback').open")  # every move is on the board
        if not seen["hint"]:  # what a click would do, before it is done
            page.locator("#board .can").first.hover()
            hint = page.text_content("#board-bar .board-hint") or ""
            assert any(c["hint"] and c["hint"] in hint for c in json.loads(page.text_content("#legal-actions"))) or "then choose" in hint
            seen["hint"] = True
        if pending and pending["decision"] == "place_tile":  # the ways the tile lies, and its footprint under the pointer
            assert page.locator("#board .sm-now.pinned .sm-chip.can").count() >= 2  # a rotation or two and Cancel
            place = next(a for a in game.rules.legal_actions(game.state, seat) if a["type"] == "place_tile")
            covered = {c for a in game.rules.legal_actions(game.state, seat) if a["type"] == "place_tile" and a["anchor"] == place["anchor"]
                       for c in footprint(C.tiles[pending["tile"]], tuple(place["anchor"]), a["rotation"])}
            assert previewed(page, seat, place["anchor"]) == covered
            seen["placing"] += 1
        if move % 20 == 0:
            for s, p in pages.items():
                ready(p, game.version)
                cells = vp_cells(p)
                assert cells[s] == str(secret["players"][s]["vp"]) and cells[1 - s] == "face down"
                assert f"{secret['ship_deck']} face down" in p.inner_text(".sm")
            seen["sideways"] += bob.evaluate("() => document.documentElement.scrollWidth > document.documentElement.clientWidth")
        if not seen["shot"] and seat == 0 and game.state.year >= 2 and page.locator("#board .recent").count() > 1:
            shoot(ann, "game-santa-maria")
            assert serious_violations(ann) == []
            seen["shot"] = True

    moves, clicks = play_on_board_to_end(server, gid, pages, check)
    assert server.shiplog.get_game(UUID(gid)).status == "finished"
    assert seen["hint"] and seen["placing"] and seen["sideways"] == 0
    for page in pages.values():
        page.wait_for_selector("#outcome-h")
        assert "face down" not in " ".join(vp_cells(page).values())  # everything is shown at the end
        assert page.locator("#board .can").count() == 0
    assert broken == []
    print(f"\nSanta Maria on the board, 2 players in 2 browsers: {moves} moves in {clicks} clicks ({seen['placing']} tiles placed) "
          f"in {time.monotonic() - started:.1f} s")
    shoot(ann, "game-santa-maria-over")
