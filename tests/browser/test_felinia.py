"""A 3-player Felinia game played to the end in the browser (one player and two bots): every move
a click; the face-down trade tiles and the deck stay face down on the page, the other seats' trade
tiles stay secret (their count shown), and the points appear only at the end."""

from __future__ import annotations

import time
from typing import Any
from uuid import UUID

import pytest

from tests.browser.helpers import create_game, play_to_end, serious_violations, sign_up
from tests.browser.shots import shoot

pytestmark = pytest.mark.browser


def test_a_felinia_game_with_three_players_to_the_end(server: Any, context_factory: Any) -> None:
    started = time.monotonic()
    ann = sign_up(context_factory(), server.url, "Ann")
    gid = create_game(ann, server.url, "felinia", 3, bots={1: "heuristic", 2: "heuristic"})
    ann.wait_for_selector("#turn-h")
    shot = False

    def check(move: int, game: Any) -> None:
        nonlocal shot
        if move % 20:
            return
        mine = game.rules.view(game.state, 0)
        face_down = [q for q, p in mine["provinces"].items() if p["face_down"]]
        for q in face_down:  # a face-down tile is shown face down, and its id nowhere
            assert "face down" in ann.inner_text(f"[data-province='{q}']")
        for p in mine["players"][1:]:
            if p["trade_tile_count"]:
                assert "kept secret" in ann.inner_text(f".fe-player[data-seat='{p['seat']}'] .fe-tiles")
        assert ann.locator(".fe-score").count() == 0  # no points while the tiles are secret
        if not shot and game.state.round >= 2 and any(p["trade_tile_count"] for p in mine["players"]):
            shoot(ann, "game-felinia")
            assert serious_violations(ann) == []
            shot = True

    clicks = play_to_end(server, gid, {0: ann}, check)
    assert server.shiplog.get_game(UUID(gid)).status == "finished"
    ann.wait_for_selector("#outcome-h")
    assert ann.locator(".fe-score").count() == 3
    assert ann.locator("[data-secret=trade_tiles]").count() == 0  # everything is shown at the end
    print(f"\nFelinia, 3 players (2 bots): {clicks} clicks to the end in {time.monotonic() - started:.1f} s")
    shoot(ann, "game-felinia-over")
