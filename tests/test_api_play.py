"""Playing with friends over HTTP: players, open seats and invitations, fairness with entropy,
the host's powers, resignations, table talk, clocks, notifications and live streams."""

from __future__ import annotations

import json
from typing import Any

import pytest

from domain.core.record import fairness, verify
from service import schemas
from service.clocks import tick
from tests.conftest import FakeClock
from tests.receivers import WebhookReceiver
from tests.test_api import auth, problem

Json = dict[str, Any]


def register(client: Any, name: str, **extra: Any) -> Json:
    resp = client.post("/v1/players", json={"name": name, **extra})
    assert resp.status_code == 201, resp.json
    assert not schemas.PlayerCreatedSchema().validate(resp.json)
    return resp.json  # type: ignore[no-any-return]


def open_game(client: Any, host: Json, seats: int = 2, **extra: Any) -> Json:
    resp = client.post("/v1/games", json={"game": "high-card", "seats": seats, **extra}, headers=auth(host["token"]))
    assert resp.status_code == 201, resp.json
    assert not schemas.CreatedSchema().validate(resp.json)
    return resp.json  # type: ignore[no-any-return]


def join(client: Any, game: Json, player: Json, **body: Any) -> Any:
    return client.post(f"/v1/games/{game['id']}/join", json=body, headers=auth(player["token"]))


def play_out(client: Any, gid: str, tokens: dict[int, str]) -> None:
    while (view := client.get(f"/v1/games/{gid}").json)["status"] == "active":
        seat = view["to_act"][0]
        action = client.get(f"/v1/games/{gid}/actions", headers=auth(tokens[seat])).json["actions"][-1]
        assert client.post(f"/v1/games/{gid}/actions", json=action, headers=auth(tokens[seat])).status_code == 201


# -- 1. players --------------------------------------------------------------------------------


def test_a_player_registers_gets_a_token_once_and_edits_their_settings(client: Any) -> None:
    ann = register(client, "ann", webhook_url="https://hooks.example.org/ann", email="ann@example.org")
    assert len(ann["token"]) >= 32 and ann["webhook_secret"].startswith("whsec_")
    me = client.get("/v1/me", headers=auth(ann["token"])).json
    assert not schemas.ProfileSchema().validate(me)
    assert me["name"] == "ann" and me["email_mode"] == "turn" and me["webhook_secret"] is None
    assert ann["token"] not in json.dumps(me)
    resp = client.patch("/v1/me", json={"name": "Ann", "webhook_url": None, "email_mode": "digest", "digest_hour": 6,
                                        "new_webhook_secret": True}, headers=auth(ann["token"]))
    assert resp.status_code == 200, resp.json
    assert resp.json["name"] == "Ann" and resp.json["webhook_url"] is None and resp.json["digest_hour"] == 6
    assert resp.json["webhook_secret"] not in (None, ann["webhook_secret"])
    assert client.get("/v1/me", headers=auth(ann["token"])).json["email_mode"] == "digest"
    problem(client.get("/v1/me"), 401, "auth.missing")
    problem(client.get("/v1/me", headers=auth("not-a-player")), 401, "auth.invalid_token")


def test_bad_player_details_are_clear_422s_and_store_nothing(client: Any) -> None:
    for body, code in (({"name": "ann", "webhook_url": "ftp://example.org/x"}, "player.webhook_url"),
                       ({"name": "ann", "webhook_url": "http://localhost:9/x"}, "player.webhook_private"),
                       ({"name": "ann", "email": "no-at-sign"}, "player.email"),
                       ({"name": "ann", "email_mode": "hourly"}, "body.invalid"),
                       ({"name": ""}, "body.invalid")):
        problem(client.post("/v1/players", json=body), 422, code)
    ann = register(client, "ann")
    problem(client.patch("/v1/me", json={"webhook_url": "mailto:ann@example.org"}, headers=auth(ann["token"])),
            422, "player.webhook_url")
    assert client.get("/v1/me", headers=auth(ann["token"])).json["webhook_url"] is None


# -- 2. open seats and invitations ------------------------------------------------------------


def test_open_seats_from_invitation_to_the_first_move(client: Any) -> None:
    ann, bob, cy = (register(client, n) for n in ("ann", "bob", "cy"))
    game = open_game(client, ann, 3, entropy="ann-1f2e")
    gid = game["id"]
    assert game["status"] == "open" and game["seat"] == 0 and game["host_token"] is None
    assert not game["organised"] and game["invite_url"].endswith(f"/v1/games/{gid}?invite={game['invite']}")
    listed = client.get("/v1/games?status=open").json["games"]
    assert [g["id"] for g in listed] == [gid] and listed[0]["open_seats"] == 2
    view = client.get(f"/v1/games/{gid}").json
    assert not schemas.GameViewSchema().validate(view)
    assert view["status"] == "open" and view["state"] is None and [p["open"] for p in view["players"]] == [False, True, True]

    resp = join(client, game, bob, entropy="bob-99")
    assert resp.status_code == 201 and resp.json["seat"] == 1
    assert not schemas.JoinedSchema().validate(resp.json)
    problem(join(client, game, bob), 409, "join.already_seated")
    resp = client.post(f"/v1/games/{gid}/leave", json={}, headers=auth(bob["token"]))
    assert resp.status_code == 201 and resp.json["events"][0]["type"] == "SeatLeft"
    assert join(client, game, bob, entropy="bob-99", seat=2).json["seat"] == 2
    resp = join(client, game, cy, entropy="cy-7")
    assert [e["type"] for e in resp.json["events"]] == ["SeatTaken", "GameStarted"]
    assert resp.json["status"] == "active" and resp.json["to_act"] == [0]
    problem(join(client, game, register(client, "dan")), 409, "join.started")
    view = client.get(f"/v1/games/{gid}", headers=auth(ann["token"])).json
    assert view["viewer"] == "seat" and view["seat"] == 0 and view["entropies"] == ["ann-1f2e", "cy-7", "bob-99"]
    assert view["state"]["players"][0]["hand"] and view["state"]["players"][1]["hand"] is None
    action = client.get(f"/v1/games/{gid}/actions", headers=auth(ann["token"])).json["actions"][0]
    resp = client.post(f"/v1/games/{gid}/actions", json=action, headers=auth(ann["token"]))
    assert resp.status_code == 201 and resp.json["version"] == view["version"] + 1
    mine = client.get("/v1/me/games", headers=auth(cy["token"])).json["games"]
    assert [g["id"] for g in mine] == [gid]


def test_a_seated_player_acts_by_their_token_without_being_read_from_the_store(client: Any, app: Any,
                                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    ann, bob, cy = (register(client, n) for n in ("ann", "bob", "cy"))
    game = open_game(client, ann, 2)
    gid = game["id"]
    join(client, game, bob)
    shiplog = app.extensions["shiplog"]
    read: list[str] = []
    by_token = shiplog.player_by_token
    monkeypatch.setattr(shiplog, "player_by_token", lambda token: read.append(token) or by_token(token))
    tokens = {0: ann["token"], 1: bob["token"]}
    seat = client.get(f"/v1/games/{gid}").json["to_act"][0]
    action = client.get(f"/v1/games/{gid}/actions", headers=auth(tokens[seat])).json["actions"][0]
    assert client.post(f"/v1/games/{gid}/actions", json=action, headers=auth(tokens[seat])).status_code == 201
    assert client.get(f"/v1/games/{gid}", headers=auth(tokens[1 - seat])).json["seat"] == 1 - seat
    assert read == []  # the seats' (and the host's) player tokens: known by the game alone
    assert client.get(f"/v1/games/{gid}", headers=auth(cy["token"])).json["viewer"] == "spectator"
    problem(client.get(f"/v1/games/{gid}/actions", headers=auth(cy["token"])), 403, "seat.none")
    problem(client.get(f"/v1/games/{gid}/actions", headers=auth("not-a-token-of-anyone")), 401, "auth.invalid_token")
    assert read and set(read) <= {cy["token"], "not-a-token-of-anyone"}


def test_a_full_game_and_a_private_game_without_its_invitation(client: Any) -> None:
    ann, bob, cy = (register(client, n) for n in ("ann", "bob", "cy"))
    secret = open_game(client, ann, 2, private=True)
    gid = secret["id"]
    assert client.get("/v1/games?status=open").json["games"] == []
    assert gid not in {g["id"] for g in client.get("/v1/games").json["games"]}
    for resp in (client.get(f"/v1/games/{gid}"), client.get(f"/v1/games/{gid}", headers=auth(bob["token"])),
                 client.get(f"/v1/games/{gid}/events"), client.get(f"/v1/games/{gid}?invite=wrong"),
                 join(client, secret, bob), join(client, secret, bob, invite="wrong")):
        problem(resp, 404, "game.not_found")
    assert client.get(f"/v1/games/{gid}?invite={secret['invite']}").status_code == 200
    assert client.get(f"/v1/games/{gid}", headers=auth(ann["token"])).status_code == 200  # the host
    assert join(client, secret, bob, invite=secret["invite"]).status_code == 201
    problem(join(client, secret, cy, invite=secret["invite"]), 409, "join.started")  # full: started
    full = open_game(client, ann, 2, bots=["random"])
    problem(join(client, full, cy), 409, "join.started")
    assert gid in {g["id"] for g in client.get("/v1/me/games", headers=auth(bob["token"])).json["games"]}


def test_the_host_fills_seats_with_bots_and_organised_games_are_marked(client: Any) -> None:
    ann = register(client, "ann")
    game = open_game(client, ann, 3)
    problem(client.post(f"/v1/games/{game['id']}/seats/1/bot", json={}, headers=auth(register(client, "bob")["token"])),
            403, "host.only")
    client.post(f"/v1/games/{game['id']}/seats/2/bot", json={"bot": "random"}, headers=auth(ann["token"]))
    resp = client.post(f"/v1/games/{game['id']}/seats/1/bot", json={}, headers=auth(ann["token"]))
    assert resp.status_code == 201 and resp.json["status"] == "active"
    view = client.get(f"/v1/games/{game['id']}").json
    assert [p["bot"] for p in view["players"]] == [None, "highest", "random"]
    problem(client.post(f"/v1/games/{game['id']}/seats/7/bot", json={}, headers=auth(ann["token"])), 404, "seat.not_found")
    organised = client.post("/v1/games", json={"game": "high-card", "players": ["x", "y"]}).json
    assert organised["organised"] and organised["host_token"] and organised["invite"] is None
    listed = {g["id"]: g for g in client.get("/v1/games").json["games"]}
    assert listed[organised["id"]]["organised"] and not listed[game["id"]]["organised"]
    problem(client.post("/v1/games", json={"game": "high-card", "seats": 2}), 401, "auth.missing")
    problem(client.post("/v1/games", json={"game": "high-card", "seats": 2, "players": ["a", "b"]},
                        headers=auth(ann["token"])), 422, "body.invalid")
    problem(client.post("/v1/games", json={"game": "high-card", "seats": 2, "clock": {"days_per_move": 0}},
                        headers=auth(ann["token"])), 422, "clock.invalid")


# -- 3. fairness -------------------------------------------------------------------------------


def test_a_game_of_friends_is_fair_and_the_record_proves_the_entropy(client: Any) -> None:
    ann, bob = register(client, "ann"), register(client, "bob")
    game = open_game(client, ann, 2, entropy="3f9a0c")
    join(client, game, bob, entropy="b0b5eed")
    play_out(client, game["id"], {0: ann["token"], 1: bob["token"]})
    record = client.get(f"/v1/games/{game['id']}/record").json
    assert record["entropies"] == ["3f9a0c", "b0b5eed"] and not record["client_seeded"]
    assert verify(record).ok
    report = fairness(record)
    assert report.ok and report.entropies == 2
    assert ann["token"] not in json.dumps(record) and "token_hash" not in json.dumps(record)


# -- 4. the host's powers, resignations, table talk -------------------------------------------


def test_the_host_replaces_a_vanished_player_and_gives_the_seat_back(client: Any, app: Any) -> None:
    fake = FakeClock()
    app.extensions["shiplog"].clock = fake
    ann, bob, cy = register(client, "ann"), register(client, "bob"), register(client, "cy")
    game = open_game(client, ann, 2, clock={"days_per_move": 2}, on_timeout="forfeit")
    gid = game["id"]
    join(client, game, bob)
    action = client.get(f"/v1/games/{gid}/actions", headers=auth(ann["token"])).json["actions"][0]
    client.post(f"/v1/games/{gid}/actions", json=action, headers=auth(ann["token"]))
    problem(client.post(f"/v1/games/{gid}/seats/1/bot", json={}, headers=auth(cy["token"])), 403, "host.only")
    # bob is within his two days: the host may not put a bot on his seat
    version = client.get(f"/v1/games/{gid}").json["version"]
    problem(client.post(f"/v1/games/{gid}/seats/1/bot", json={}, headers=auth(ann["token"])), 422,
            "stand_in.player_present")
    assert client.get(f"/v1/games/{gid}").json["version"] == version
    fake.advance(days=2)  # his clock ran out (before a tick made him forfeit)
    resp = client.post(f"/v1/games/{gid}/seats/1/bot", json={}, headers=auth(ann["token"]))
    assert resp.status_code == 201
    assert [e["type"] for e in resp.json["events"]][:2] == ["BotStoodIn", "ActionTaken"]
    assert resp.json["events"][0]["text"] == ["A highest bot stands in for bob."]
    view = client.get(f"/v1/games/{gid}").json
    assert view["players"][1]["stand_in"] == "highest"
    resp = client.post(f"/v1/games/{gid}/seats/1/return", json={}, headers=auth(bob["token"]))
    assert resp.status_code == 201 and resp.json["events"][0]["type"] == "PlayerReturned"
    problem(client.post(f"/v1/games/{gid}/seats/1/return", json={}, headers=auth(bob["token"])), 409, "return.not_away")
    # the host sees only what any seat sees of the others
    host_view = client.get(f"/v1/games/{gid}", headers=auth(ann["token"])).json
    assert host_view["state"]["players"][1]["hand"] is None


def test_resigning_ends_the_game_when_the_table_says_so(client: Any) -> None:
    ann, bob = register(client, "ann"), register(client, "bob")
    game = open_game(client, ann, 2, on_resign="end")
    join(client, game, bob)
    resp = client.post(f"/v1/games/{game['id']}/resign", json={}, headers=auth(bob["token"]))
    assert resp.status_code == 201 and resp.json["status"] == "finished"
    view = client.get(f"/v1/games/{game['id']}").json
    assert view["outcome"]["termination"] == "resigned" and view["outcome"]["winners"] == [0] and view["seed"]
    problem(client.post(f"/v1/games/{game['id']}/resign", json={}, headers=auth(ann["token"])), 409, "game.over")


def test_relaxing_a_clock_making_a_game_private_and_renewing_its_invitation(client: Any) -> None:
    ann, bob, cy = (register(client, n) for n in ("ann", "bob", "cy"))
    game = open_game(client, ann, 3, clock={"days_per_move": 2})
    gid = game["id"]
    host = auth(ann["token"])
    problem(client.post(f"/v1/games/{gid}/clock", json={"clock": {"days_per_move": 1}}, headers=host), 422, "clock.not_relaxed")
    problem(client.post(f"/v1/games/{gid}/clock", json={"clock": {"days_per_move": 5}}, headers=auth(bob["token"])),
            403, "host.only")
    assert client.post(f"/v1/games/{gid}/clock", json={"clock": {"days_per_move": 5}}, headers=host).status_code == 201
    assert client.get(f"/v1/games/{gid}").json["settings"]["clock"] == {"days_per_move": 5}
    assert client.post(f"/v1/games/{gid}/private", json={}, headers=host).status_code == 201
    assert client.post(f"/v1/games/{gid}/private", json={}, headers=host).status_code == 200  # nothing to change
    problem(client.get(f"/v1/games/{gid}"), 404, "game.not_found")
    resp = client.post(f"/v1/games/{gid}/invite", json={}, headers=host)
    assert resp.status_code == 201 and not schemas.InviteSchema().validate(resp.json)
    problem(join(client, game, bob, invite=game["invite"]), 404, "game.not_found")
    assert join(client, game, bob, invite=resp.json["invite"]).status_code == 201
    assert client.get(f"/v1/games/{gid}", headers=auth(bob["token"])).status_code == 200  # a seat sees it
    problem(client.get(f"/v1/games/{gid}", headers=auth(cy["token"])), 404, "game.not_found")


def test_table_talk_is_in_the_log_and_bounded(client: Any) -> None:
    ann, bob, cy = (register(client, n) for n in ("ann", "bob", "cy"))
    game = open_game(client, ann, 2)
    gid = game["id"]
    join(client, game, bob)
    resp = client.post(f"/v1/games/{gid}/messages", json={"text": "good luck!"}, headers=auth(bob["token"]))
    assert resp.status_code == 201
    log = client.get(f"/v1/games/{gid}/events").json["events"]
    said = [e for e in log if e["type"] == "MessagePosted"]
    assert said == [{**said[0], "seat": 1, "detail": {"name": "bob", "text": "good luck!"}, "text": ["bob: good luck!"]}]
    problem(client.post(f"/v1/games/{gid}/messages", json={"text": "x" * 501}, headers=auth(bob["token"])),
            422, "message.too_long")
    problem(client.post(f"/v1/games/{gid}/messages", json={"text": "hi"}, headers=auth(cy["token"])),
            403, "message.not_seated")
    for n in range(9):
        client.post(f"/v1/games/{gid}/messages", json={"text": f"{n}"}, headers=auth(bob["token"]))
    resp = client.post(f"/v1/games/{gid}/messages", json={"text": "spam"}, headers=auth(bob["token"]))
    problem(resp, 429, "message.too_often")
    assert len([e for e in client.get(f"/v1/games/{gid}/events").json["events"] if e["type"] == "MessagePosted"]) == 10


# -- 5. clocks and 6. notifications over HTTP -------------------------------------------------


def test_the_inbox_most_urgent_first_and_a_timeout_by_the_clock(client: Any, app: Any) -> None:
    fake = FakeClock()
    app.extensions["shiplog"].clock = fake
    ann, bob = register(client, "ann"), register(client, "bob")
    slow = open_game(client, bob, 2, clock={"days_per_move": 7})
    join(client, slow, ann)
    fast = open_game(client, bob, 2, clock={"days_per_move": 1}, seat=1)
    join(client, fast, ann)
    inbox = client.get("/v1/me/inbox", headers=auth(ann["token"])).json
    assert not schemas.InboxSchema().validate(inbox)
    assert [w["game"]["id"] for w in inbox["inbox"]] == [fast["id"]]  # ann is seat 0 in fast: to act
    action = client.get(f"/v1/games/{slow['id']}/actions", headers=auth(bob["token"])).json["actions"][0]
    client.post(f"/v1/games/{slow['id']}/actions", json=action, headers=auth(bob["token"]))
    inbox = client.get("/v1/me/inbox", headers=auth(ann["token"])).json["inbox"]
    assert [w["game"]["id"] for w in inbox] == [fast["id"], slow["id"]]  # one day left before seven
    fake.advance(days=1, seconds=1)
    report = tick(app.extensions["shiplog"])
    assert report.timeouts == 1
    events = client.get(f"/v1/games/{fast['id']}/events").json["events"]
    assert [e["type"] for e in events][-3:] == ["TimedOut", "BotStoodIn", "ActionTaken"] and events[-1]["bot"]
    assert [w["game"]["id"] for w in client.get("/v1/me/inbox", headers=auth(ann["token"])).json["inbox"]] == [slow["id"]]


def test_deliveries_are_visible_to_their_player(client: Any, app: Any) -> None:
    app.extensions["shiplog"].env["SHIPLOG_WEBHOOK_ALLOW_PRIVATE"] = "1"
    with WebhookReceiver(answers=[500]).running() as hooks:
        ann = register(client, "ann", webhook_url=hooks.url())
        game = open_game(client, ann, 2)
        join(client, game, register(client, "bob"))
        tick(app.extensions["shiplog"])
    resp = client.get("/v1/me/deliveries", headers=auth(ann["token"]))
    assert resp.status_code == 200 and not schemas.DeliveriesSchema().validate(resp.json)
    (delivery,) = resp.json["deliveries"]
    assert delivery["kind"] == "turn" and delivery["state"] == "pending" and delivery["next_attempt"]
    assert delivery["attempts"][0]["status"] == 500
    assert client.get("/v1/me/deliveries", headers=auth(register(client, "eve")["token"])).json["deliveries"] == []


# -- 7. live updates ---------------------------------------------------------------------------


def read_event(chunks: Any) -> dict[str, str]:
    """The next event of a stream (comments and the retry line skipped)."""
    text = ""
    while True:
        text += next(chunks).decode()
        while "\n\n" in text:
            block, text = text.split("\n\n", 1)
            fields = dict(line.split(": ", 1) for line in block.splitlines() if not line.startswith(":") and ": " in line)
            if "data" in fields:
                return fields


def test_a_game_stream_sends_each_event_as_the_viewer_may_see_it_and_resumes(client: Any, app: Any) -> None:
    ann, bob = register(client, "ann"), register(client, "bob")
    game = open_game(client, ann, 2)
    gid = game["id"]
    resp = client.get(f"/v1/games/{gid}/stream", headers=auth(bob["token"]), buffered=False)
    assert resp.status_code == 200 and resp.mimetype == "text/event-stream"
    chunks = iter(resp.response)
    hello = read_event(chunks)
    assert hello["event"] == "hello" and json.loads(hello["data"])["status"] == "open"
    join(client, game, bob)
    taken, started = read_event(chunks), read_event(chunks)
    assert (taken["event"], started["event"]) == ("SeatTaken", "GameStarted")
    dealt = [f for f in json.loads(started["data"])["facts"] if f["t"] == "Dealt"]
    assert "cards" in dealt[1] and "cards" not in dealt[0]  # bob sees his own cards only
    resp.close()
    app.extensions["shiplog"].env["SHIPLOG_SSE_SECONDS"] = "0"
    again = client.get(f"/v1/games/{gid}/stream", headers={"Last-Event-ID": taken["id"]})
    ids = [line[4:] for line in again.get_data(as_text=True).splitlines() if line.startswith("id: ")]
    assert ids == [started["id"]]  # resumed after the last event seen


def test_streams_are_bounded_per_client(client: Any, app: Any) -> None:
    ann = register(client, "ann")
    game = open_game(client, ann, 2)
    opened = [client.get(f"/v1/games/{game['id']}/stream", headers=auth(ann["token"]), buffered=False) for _ in range(4)]
    assert all(r.status_code == 200 for r in opened)
    problem(client.get(f"/v1/games/{game['id']}/stream", headers=auth(ann["token"]), buffered=False), 429, "stream.too_many")
    opened[0].close()
    again = client.get(f"/v1/games/{game['id']}/stream", headers=auth(ann["token"]), buffered=False)
    assert again.status_code == 200
    for r in [*opened[1:], again]:
        r.close()


def test_the_inbox_stream_sends_the_inbox_when_it_changes(client: Any) -> None:
    ann, bob = register(client, "ann"), register(client, "bob")
    resp = client.get("/v1/me/inbox/stream", headers=auth(ann["token"]), buffered=False)
    chunks = iter(resp.response)
    first = read_event(chunks)
    assert first["event"] == "inbox" and json.loads(first["data"])["inbox"] == []
    game = open_game(client, ann, 2)
    join(client, game, bob)
    update = json.loads(read_event(chunks)["data"])
    assert [(w["game"]["id"], w["reason"]) for w in update["inbox"]] == [(game["id"], "turn")]
    resp.close()
    problem(client.get("/v1/me/inbox/stream"), 401, "auth.missing")


@pytest.mark.parametrize("path", ["/v1/me", "/v1/me/games", "/v1/me/inbox", "/v1/me/deliveries"])
def test_a_seat_token_is_not_a_player_token(client: Any, path: str) -> None:
    organised = client.post("/v1/games", json={"game": "high-card", "players": ["x", "y"]}).json
    problem(client.get(path, headers=auth(organised["seats"][0]["token"])), 401, "auth.invalid_token")
