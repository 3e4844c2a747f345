"""Felinia over HTTP (rules page §2.1.1, §7): the card kept from a mysterious place is hidden
from the other seats and from spectators in every event log and 201 answer until the game is
over, while its owner sees it; the finished game's record and logs show it to everyone."""

from __future__ import annotations

import uuid
from typing import Any

import domain.felinia as fe
from domain.core import Rng
from tests.test_api import auth

Json = dict[str, Any]


def kept_cards(rows: list[Json], seat: int) -> list[Any]:
    """The `card` of every keep_mystery action and MysteryCardKept fact of `seat` in an event log."""
    out: list[Any] = []
    for ev in rows:
        if ev.get("seat") == seat and ev.get("action", {}).get("type") == "keep_mystery":
            out.append(ev["action"].get("card", "hidden"))
        for f in ev.get("facts", []):
            if f["t"] == "MysteryCardKept" and f["seat"] == seat and not f["auto"]:
                out.append(f.get("card", "hidden"))
    return out


def log(client: Any, gid: str, token: str | None = None) -> list[Json]:
    """The whole event log as the token's holder (or a spectator) may see it, page by page."""
    rows: list[Json] = []
    after = -1
    while True:
        page = client.get(f"/v1/games/{gid}/events?after={after}&limit=200",
                          headers=auth(token) if token else {}).json
        rows += page["events"]
        if not page["next"]:
            return rows
        after = page["events"][-1]["version"]


def ann_moves(state: Any, rng: Rng) -> Json:
    """The heuristic bot, but heading into mysterious places whenever it can."""
    for action in fe.legal_actions(state, 0):
        if action["type"] == "move" and "mystery" in state.board.symbols[state.board.index[action["province"]]]:
            return action
    return fe.BOTS["heuristic"](state, 0, rng)  # type: ignore[no-any-return]


def test_a_kept_mysterious_place_card_is_hidden_until_the_end(client: Any, app: Any) -> None:
    body = {"game": "felinia", "players": ["ann", {"name": "robo", "bot": "heuristic"}],
            "options": {"mode": "advanced"}, "seed": "mysterious places 3"}
    game = client.post("/v1/games", json=body).json
    gid, token = game["id"], game["seats"][0]["token"]
    shiplog = app.extensions["shiplog"]
    rng = Rng("ann", "moves")
    checked = set()
    while client.get(f"/v1/games/{gid}").json["status"] == "active":
        action = ann_moves(shiplog.get_game(uuid.UUID(gid)).state, rng)
        resp = client.post(f"/v1/games/{gid}/actions", json=action, headers=auth(token))
        assert resp.status_code == 201, resp.json
        answer = resp.json["events"]
        if resp.json["status"] != "active" or not (kept_cards(answer, 0) or kept_cards(answer, 1)):
            continue
        assert "hidden" not in kept_cards(answer, 0)  # ann's own card, in her 201 answer
        assert set(kept_cards(answer, 1)) <= {"hidden"}  # the bot's, in ann's 201 answer
        mine, spectator = log(client, gid, token), log(client, gid)
        assert "hidden" not in kept_cards(mine, 0) and set(kept_cards(mine, 1)) <= {"hidden"}
        assert set(kept_cards(spectator, 0) + kept_cards(spectator, 1)) == {"hidden"}
        players = client.get(f"/v1/games/{gid}").json["state"]["players"]
        assert all(p["mystery_cards"] is None for p in players)
        mine_view = client.get(f"/v1/games/{gid}", headers=auth(token)).json["state"]["players"]
        assert mine_view[0]["mystery_cards"] == list(shiplog.get_game(uuid.UUID(gid)).state.players[0].mystery)
        checked |= {s for s in (0, 1) if kept_cards(answer, s)}
    assert 0 in checked, "ann kept no mysterious place card in this game"
    record = client.get(f"/v1/games/{gid}/record").json
    revealed = kept_cards(record["events"], 0) + kept_cards(record["events"], 1)
    assert revealed and "hidden" not in revealed
    after = log(client, gid)
    assert kept_cards(after, 0) + kept_cards(after, 1) == revealed
    assert client.get(f"/v1/games/{gid}").json["state"]["players"][0]["mystery_cards"] is not None
