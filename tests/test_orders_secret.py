"""Orders are the seat's secret (issue 32, item 4): while the game runs nobody but the seat, the
host included, learns them or how a move was played for it, on any endpoint or page (the event
log, both live streams, the game page, the answers to moves, the orders and "next" routes,
`replay log --as`); once the game is over everything is shown to everyone.

High Card, seed "orders 0" (ann 4 and 6, bob 5 and 3), with players: the host hana left her
seat before the start, ann and bob took seats 0 and 1, sam watches. bob queues an order that
cannot be legal (its action carries a field no action has: the marker) and one that plays.
"""

from __future__ import annotations

import html
import json
import re
from typing import Any

from click.testing import CliRunner

from replay.cli import main as replay_main
from service.web.session import COOKIE

Json = dict[str, Any]
MARKER = "zqmarker"
# What tells of bob's orders: the marker, their events (by type, as stream events), their
# sentences, how his move was played. (Every page lists every event type its script listens
# for, and a seat's own page has a "Standing orders" panel: those words alone tell nothing.)
SECRET_WORDS = (MARKER, '"type": "OrderGiven"', '"type": "OrderDropped"', "event: OrderGiven", "event: OrderDropped",
                "standing order #", "is dropped", '"auto": "order"', "Played by")
REVEALED = (MARKER, '"type": "OrderGiven"', '"type": "OrderDropped"', "standing order #", '"auto": "order"')


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def register(client: Any, name: str) -> str:
    return str(client.post("/v1/players", json={"name": name}).json["token"])


def table(client: Any) -> tuple[str, dict[str, str]]:
    tokens = {name: register(client, name) for name in ("hana", "ann", "bob", "sam")}
    created = client.post("/v1/games", json={"game": "high-card", "seats": 2, "seed": "orders 0"},
                          headers=auth(tokens["hana"]))
    gid = created.json["id"]
    assert client.post(f"/v1/games/{gid}/leave", json={}, headers=auth(tokens["hana"])).status_code == 201
    for seat, name in enumerate(("ann", "bob")):
        assert client.post(f"/v1/games/{gid}/join", json={"seat": seat}, headers=auth(tokens[name])).status_code == 201
    return gid, tokens


def stream(client: Any, path: str, headers: dict[str, str]) -> str:
    resp = client.get(path, headers=headers)
    text = resp.get_data(as_text=True)
    resp.close()
    return str(text)


def everything_shown(app: Any, client: Any, gid: str, token: str, viewer: str) -> str:
    """Every answer about the game `token` gets (`viewer`: who `replay log --as` is)."""
    browser = app.test_client()
    browser.set_cookie(COOKIE, token)
    seen = [json.dumps(client.get(f"/v1/games/{gid}/events", headers=auth(token)).json),
            json.dumps(client.get(f"/v1/games/{gid}", headers=auth(token)).json),
            stream(client, f"/v1/games/{gid}/stream?after=-1", auth(token)),
            stream(browser, f"/games/{gid}/live?after=-1", {}),
            html.unescape(browser.get(f"/games/{gid}").get_data(as_text=True)),
            html.unescape(browser.get(f"/games/{gid}?log=all").get_data(as_text=True))]
    for args in (["log", gid, "--as", viewer, "--json"], ["log", gid, "--as", viewer]):
        result = CliRunner().invoke(replay_main, args, catch_exceptions=False)
        assert result.exit_code == 0, result.output
        seen.append(result.stdout)
    return "\n".join(seen)


def test_a_seats_orders_and_its_ordered_moves_are_shown_to_it_alone_until_the_end(
        app: Any, client: Any, sqlite_env: dict[str, str], monkeypatch: Any) -> None:
    for key, value in sqlite_env.items():  # the replay CLI reads the app's store
        monkeypatch.setenv(key, value)
    app.extensions["shiplog"].env["SHIPLOG_SSE_SECONDS"] = "0"
    gid, tokens = table(client)
    bob = auth(tokens["bob"])
    given = client.post(f"/v1/games/{gid}/orders", json={"action": {"type": "play", "card": 3, MARKER: True}},
                        headers=bob)
    assert given.status_code == 201 and MARKER in json.dumps(given.json)  # bob's own answer says it all
    client.post(f"/v1/games/{gid}/orders", json={"action": {"type": "play", "card": 5}, "scope": "always"}, headers=bob)
    moved = client.post(f"/v1/games/{gid}/actions", json={"type": "play", "card": 4}, headers=auth(tokens["ann"]))
    assert [e["type"] for e in moved.json["events"]] == ["ActionTaken", "Secret", "ActionTaken"]  # dropped, played
    assert moved.json["events"][2]["auto"] is None and moved.json["to_act"] == [0]
    for name, viewer in (("ann", "0"), ("hana", "spectator"), ("sam", "spectator")):
        shown = everything_shown(app, client, gid, tokens[name], viewer)
        assert not [w for w in SECRET_WORDS if w in shown], name
        assert not re.search(r'"order": [0-9]', shown), name
        assert '"type": "Secret"' in shown and "event: Secret" in shown
    for name in ("ann", "hana", "sam"):
        assert client.get(f"/v1/games/{gid}/orders", headers=auth(tokens[name])).json.get("orders") in (None, [])
        assert client.get(f"/v1/games/{gid}/next", headers=auth(tokens[name])).status_code in (200, 403)
        assert MARKER not in client.get(f"/v1/games/{gid}/next", headers=auth(tokens[name])).get_data(as_text=True)
    assert client.get(f"/v1/games/{gid}/orders", headers=auth(tokens["hana"])).status_code == 403
    mine = everything_shown(app, client, gid, tokens["bob"], "1")
    assert all(w in mine for w in REVEALED)
    assert "#7 Play: 5 · every time" in mine  # his page's "Standing orders" panel: the order still standing
    ended = client.post(f"/v1/games/{gid}/abandon", json={"reason": "end of the evening"}, headers=auth(tokens["hana"]))
    assert ended.status_code == 201
    for name, viewer in (("ann", "0"), ("sam", "spectator")):  # the game is over: everything is shown
        shown = everything_shown(app, client, gid, tokens[name], viewer)
        assert all(w in shown for w in REVEALED), name
