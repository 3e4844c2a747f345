"""Each product game over HTTP: listed actions are accepted, and every seat, the spectator and the
log show exactly what the rules' `view` and `redact` allow — nothing the API adds."""

from __future__ import annotations

from typing import Any
from uuid import UUID

import pytest

from domain.core import ALL, registry
from domain.core.aggregate import Game
from domain.core.rng import Rng, choice
from domain.core.rules import redacted
from domain.core.words import described

GAMES = registry.products()  # every game the server ships


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("players", [2, 4])
def test_random_play_over_http_shows_each_viewer_only_its_view(client: Any, app: Any, game: str, players: int) -> None:
    rules = registry.get(game)
    created = client.post("/v1/games", json={"game": game, "players": [f"p{n}" for n in range(players)]}).json
    gid, tokens = created["id"], [s["token"] for s in created["seats"]]
    shiplog = app.extensions["shiplog"]
    for move in range(80):
        view = client.get(f"/v1/games/{gid}").json
        if view["status"] != "active":
            break
        state = shiplog.get_game(UUID(gid)).state
        assert view["state"] == rules.view(state, None)
        for seat, token in enumerate(tokens):
            seen = client.get(f"/v1/games/{gid}", headers={"Authorization": f"Bearer {token}"}).json
            assert seen["state"] == rules.view(state, seat)
        host = client.get(f"/v1/games/{gid}", headers={"Authorization": f"Bearer {created['host_token']}"}).json
        assert host["state"] == rules.view(state, None)  # the host sees what a spectator sees
        seat = view["to_act"][0]
        auth = {"Authorization": f"Bearer {tokens[seat]}"}
        actions = client.get(f"/v1/games/{gid}/actions", headers=auth).json["actions"]
        assert actions == rules.legal_actions(state, seat)
        action = choice(Rng(f"{game}{players}", str(move)), actions)
        resp = client.post(f"/v1/games/{gid}/actions", json=action, headers=auth)
        assert resp.status_code == 201, resp.json
    stored = shiplog.events_between(UUID(gid))
    over = client.get(f"/v1/games/{gid}").json["status"] != "active"  # a short game may have ended
    for seat in [None, *range(players)]:
        headers = {} if seat is None else {"Authorization": f"Bearer {tokens[seat]}"}
        log = client.get(f"/v1/games/{gid}/events?limit=500", headers=headers).json["events"]
        viewer = ALL if over else seat  # a finished game shows everything to everyone
        for row, event in zip(log, stored, strict=True):
            if hasattr(event, "facts"):
                assert row["facts"] == redacted(rules, event.facts, viewer)
                text = described(rules, row["facts"], viewer, [f"p{n}" for n in range(players)])
                # a forced move says so first, to its seat alone while the game runs
                auto = event.auto if isinstance(event, Game.ActionTaken) and viewer in (event.seat, ALL) else None
                assert row.get("auto") == auto
                if auto:
                    text[0] = f"Played for p{event.seat}, its only legal action: {text[0]}"
                assert row["text"] == text
            assert "draws" not in row and "state_hash" not in row
