"""The HTTP API, as a client sees it: the happy path, every error class, secrets kept."""

from __future__ import annotations

import uuid
from typing import Any

import pytest

from domain.core import registry
from service import schemas

Json = dict[str, Any]


def create(client: Any, **extra: Any) -> Json:
    body = {"game": "high-card", "players": ["ann", "bob"], **extra}
    resp = client.post("/v1/games", json=body)
    assert resp.status_code == 201, resp.json
    return resp.json  # type: ignore[no-any-return]


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def to_act_token(client: Any, game: Json) -> tuple[int, str]:
    view = client.get(f"/v1/games/{game['id']}").json
    seat = view["to_act"][0]
    return seat, game["seats"][seat]["token"]


def problem(resp: Any, status: int, code: str) -> Json:
    assert resp.status_code == status, resp.json
    assert resp.mimetype == "application/problem+json"
    body = resp.json
    assert body["code"] == code and body["status"] == status and body["detail"]
    assert not schemas.ProblemSchema().validate(body)
    return body  # type: ignore[no-any-return]


def test_create_returns_tokens_once_and_the_documented_fields(client: Any) -> None:
    game = create(client)
    assert set(game) >= {"id", "game", "version", "seats", "host_token", "seed_commitment"}
    assert [s["name"] for s in game["seats"]] == ["ann", "bob"]
    assert all(len(s["token"]) >= 32 for s in game["seats"])
    assert game["version"] == 0 and game["client_seeded"] is False
    assert not schemas.CreatedSchema().validate(game)
    view = client.get(f"/v1/games/{game['id']}").json
    assert not schemas.GameViewSchema().validate(view)
    assert view["status"] == "active" and view["to_act"] == [0] and "outcome" in view
    assert game["seats"][0]["token"] not in str(view)


def test_a_full_game_over_http(client: Any) -> None:
    game = create(client)
    gid = game["id"]
    while True:
        view = client.get(f"/v1/games/{gid}").json
        if view["status"] != "active":
            break
        seat, token = to_act_token(client, game)
        actions = client.get(f"/v1/games/{gid}/actions", headers=auth(token)).json
        assert not schemas.LegalActionsSchema().validate(actions)
        resp = client.post(f"/v1/games/{gid}/actions", json=actions["actions"][0],
                           headers={**auth(token), "If-Match": f'"{view["version"]}"'})
        assert resp.status_code == 201, resp.json
        # the move, the forced moves that followed it (High Card: the last card of a hand), SeedRevealed at the end
        assert resp.json["version"] == view["version"] + len(resp.json["events"])
        assert [e["auto"] for e in resp.json["events"] if e["type"] == "ActionTaken"][0] is None
        assert not schemas.AcceptedSchema().validate(resp.json)
        listed = client.get(f"/v1/games/{gid}/actions", headers=auth(token)).json["actions"]
        assert resp.json["actions"] == listed  # the next actions come with the answer
    assert view["status"] == "finished"
    assert view["outcome"]["winners"] and len(view["outcome"]["results"]) == 2
    assert view["seed"] is not None
    record = client.get(f"/v1/games/{gid}/record").json
    assert record["format"] == "shiplog.record" and record["seed"] == view["seed"]


def test_bots_move_by_themselves(client: Any) -> None:
    resp = client.post("/v1/games", json={"game": "high-card", "players": ["ann", {"name": "robo", "bot": "random"}]})
    game = resp.json
    assert game["seats"][1]["token"] is None
    token = game["seats"][0]["token"]
    action = client.get(f"/v1/games/{game['id']}/actions", headers=auth(token)).json["actions"][0]
    resp = client.post(f"/v1/games/{game['id']}/actions", json=action, headers=auth(token))
    assert resp.status_code == 201
    seats = [e["seat"] for e in resp.json["events"]]
    assert seats[0] == 0 and (1 in seats or resp.json["status"] == "finished")


def test_hidden_cards_stay_hidden_from_other_seats_and_spectators(client: Any, app: Any) -> None:
    game = create(client, seed="teaching table 1")
    gid = game["id"]
    state = app.extensions["shiplog"].get_game(uuid.UUID(gid)).state
    hands = [list(h) for h in state.hands]
    assert all(hands)
    ann = client.get(f"/v1/games/{gid}", headers=auth(game["seats"][0]["token"])).json
    assert ann["state"]["players"][0]["hand"] == hands[0]
    assert ann["state"]["players"][1]["hand"] is None
    spectator = client.get(f"/v1/games/{gid}").json
    assert all(p["hand"] is None for p in spectator["state"]["players"])
    for who in ({}, auth(game["seats"][0]["token"])):
        log = client.get(f"/v1/games/{gid}/events", headers=who).json
        text = str(log)
        assert "state_hash" not in text and "draws" not in text
        dealt = [f for f in log["events"][0]["facts"] if f["t"] == "Dealt"]
        others = [f for f in dealt if f["seat"] != (0 if who else None)]
        assert all("cards" not in f for f in others)
    problem(client.get(f"/v1/games/{gid}/record"), 403, "record.not_yet")


def test_the_host_sees_what_a_spectator_sees_on_every_endpoint_while_the_game_runs(client: Any, app: Any) -> None:
    """Issue 8.2: no token sees hidden information during play, the host's included."""
    game = create(client, seed="host walk")
    gid, host = game["id"], auth(game["host_token"])
    ann = auth(game["seats"][0]["token"])
    action = client.get(f"/v1/games/{gid}/actions", headers=ann).json["actions"][0]
    assert client.post(f"/v1/games/{gid}/actions", json=action, headers=ann).status_code == 201
    state = app.extensions["shiplog"].get_game(uuid.UUID(gid)).state
    secret_hands = list(state.hands)
    assert any(secret_hands)

    def without_viewer(body: Json) -> Json:
        return {k: v for k, v in body.items() if k != "viewer"}

    for path in (f"/v1/games/{gid}", f"/v1/games/{gid}/versions/0", f"/v1/games/{gid}/versions/1"):
        as_host, as_spectator = client.get(path, headers=host), client.get(path)
        assert as_host.status_code == 200 and as_host.json["viewer"] == "host"
        assert without_viewer(as_host.json) == without_viewer(as_spectator.json), path
        assert all(p["hand"] is None for p in as_host.json["state"]["players"])
        assert as_host.json["seed"] is None
    as_host = client.get(f"/v1/games/{gid}/events", headers=host)
    assert as_host.status_code == 200 and as_host.json == client.get(f"/v1/games/{gid}/events").json
    assert all("cards" not in f for e in as_host.json["events"] for f in e.get("facts", []) if f["t"] == "Dealt")
    problem(client.get(f"/v1/games/{gid}/record", headers=host), 403, "record.not_yet")
    problem(client.get(f"/v1/games/{gid}/actions", headers=host), 403, "seat.host_cannot_act")
    problem(client.post(f"/v1/games/{gid}/actions", json=action, headers=host), 403, "seat.host_cannot_act")
    problem(client.post(f"/v1/games/{gid}/undo", json={}, headers=host), 403, "seat.host_cannot_act")
    problem(client.post(f"/v1/games/{gid}/undo/answer", json={"accept": True}, headers=host), 403, "seat.host_cannot_act")
    listed = client.get("/v1/games?waiting=me", headers=host)
    assert listed.status_code == 200 and listed.json["games"] == []
    # The host keeps its powers; once the game is over everyone sees everything.
    abandoned = client.post(f"/v1/games/{gid}/abandon", json={"reason": "rain"}, headers=host)
    assert abandoned.status_code == 201
    assert all(e["type"] != "ActionTaken" or "facts" in e for e in abandoned.json["events"])
    for who in ({}, host, ann):
        view = client.get(f"/v1/games/{gid}", headers=who).json
        assert [p["hand"] for p in view["state"]["players"]] == [list(h) for h in secret_hands]
        assert view["seed"] is not None
        record = client.get(f"/v1/games/{gid}/record", headers=who)
        assert record.status_code == 200 and record.json["seed"] == view["seed"]
        assert all("draws" in e for e in record.json["events"] if e["type"] == "ActionTaken")


def test_the_log_says_what_happened_in_words_without_the_hidden_cards(client: Any) -> None:
    game = create(client, seed="teaching table 2")
    gid = game["id"]
    hands = [client.get(f"/v1/games/{gid}", headers=auth(s["token"])).json["state"]["players"][n]["hand"]
             for n, s in enumerate(game["seats"])]
    ann = auth(game["seats"][0]["token"])
    created = client.get(f"/v1/games/{gid}/events", headers=ann).json["events"][0]
    assert len(created["text"]) == len(created["facts"])
    assert created["text"][1] == f"ann is dealt the {hands[0][0]} and the {hands[0][1]}."
    assert created["text"][2] == "bob is dealt 2 cards."
    assert not any(f"the {card}" in line for line in created["text"] for card in hands[1])
    spectator = client.get(f"/v1/games/{gid}/events").json["events"][0]["text"]
    assert spectator[1:] == ["ann is dealt 2 cards.", "bob is dealt 2 cards."]
    resp = client.post(f"/v1/games/{gid}/actions", json={"type": "play", "card": hands[0][0]}, headers=ann)
    assert resp.json["events"][0]["text"] == [f"ann plays the {hands[0][0]}.", "It is bob's turn."]


def test_a_sentence_that_fails_is_the_fact_name_not_a_500(client: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from tests import tinygame

    def broken(fact: dict[str, Any], viewer: Any) -> str:
        raise KeyError("a bug in the game's words")

    game = create(client)
    monkeypatch.setattr(tinygame, "describe", broken)
    resp = client.get(f"/v1/games/{game['id']}/events")
    assert resp.status_code == 200
    assert resp.json["events"][0]["text"] == ["DeckShuffled", "Dealt", "Dealt"]


def test_client_seeded_games_are_marked_and_deterministic(client: Any) -> None:
    a, b = create(client, seed="same"), create(client, seed="same")
    view_a = client.get(f"/v1/games/{a['id']}", headers=auth(a["seats"][0]["token"])).json
    view_b = client.get(f"/v1/games/{b['id']}", headers=auth(b["seats"][0]["token"])).json
    assert view_a["client_seeded"] and view_a["state"] == view_b["state"]
    assert view_a["state"]["players"][0]["hand"]
    # the same guessable seed commits differently in each game (the salt is secret until the end)
    assert a["seed_commitment"] != b["seed_commitment"]


def test_view_at_a_past_version(client: Any) -> None:
    game = create(client)
    gid = game["id"]
    seat, token = to_act_token(client, game)
    action = client.get(f"/v1/games/{gid}/actions", headers=auth(token)).json["actions"][0]
    client.post(f"/v1/games/{gid}/actions", json=action, headers=auth(token))
    then = client.get(f"/v1/games/{gid}/versions/0").json
    now = client.get(f"/v1/games/{gid}").json
    assert then["version"] == 0 and now["version"] == 1 and then["state"] != now["state"]
    problem(client.get(f"/v1/games/{gid}/versions/7"), 404, "version.not_found")


def test_events_after_n(client: Any) -> None:
    game = create(client)
    gid = game["id"]
    seat, token = to_act_token(client, game)
    action = client.get(f"/v1/games/{gid}/actions", headers=auth(token)).json["actions"][0]
    client.post(f"/v1/games/{gid}/actions", json=action, headers=auth(token))
    log = client.get(f"/v1/games/{gid}/events?after=0").json
    assert [e["version"] for e in log["events"]] == [1]
    assert not schemas.EventsSchema().validate(log)
    problem(client.get(f"/v1/games/{gid}/events?after=x"), 400, "query.invalid")


def test_listing_and_waiting_for_me(client: Any) -> None:
    game = create(client)
    create(client)
    listed = client.get("/v1/games?game=high-card&status=active").json["games"]
    assert len(listed) == 2
    mine = client.get("/v1/games?waiting=me", headers=auth(game["seats"][0]["token"])).json["games"]
    assert [g["id"] for g in mine] == [game["id"]]
    theirs = client.get("/v1/games?waiting=me", headers=auth(game["seats"][1]["token"])).json["games"]
    assert theirs == []
    problem(client.get("/v1/games?waiting=me"), 401, "auth.missing")
    problem(client.get("/v1/games?status=bogus"), 400, "query.invalid")


# -- errors ----------------------------------------------------------------------------------


def test_malformed_json_is_400_and_wrong_shapes_are_422(client: Any) -> None:
    problem(client.post("/v1/games", data="{not json", content_type="application/json"), 400, "body.malformed_json")
    problem(client.post("/v1/games", data="", content_type="application/json"), 400, "body.empty")
    problem(client.post("/v1/games", json=[1, 2]), 422, "body.not_an_object")
    body = problem(client.post("/v1/games", json={"game": "high-card", "players": "ann"}), 422, "body.invalid")
    assert "players" in body["detail"]
    problem(client.post("/v1/games", json={"game": "chess", "players": ["a", "b"]}), 422, "game.unknown")
    problem(client.post("/v1/games", json={"game": "high-card", "players": ["a"]}), 422, "options.player_count")
    problem(client.post("/v1/games", json={"game": "high-card", "players": ["a", "b"], "options": {"x": 1}}),
            422, "options.unknown")


def test_tokens_401_and_403(client: Any) -> None:
    game = create(client)
    gid = game["id"]
    problem(client.post(f"/v1/games/{gid}/actions", json={"type": "draw"}), 401, "auth.missing")
    problem(client.post(f"/v1/games/{gid}/actions", json={"type": "draw"}, headers=auth("nope")), 401, "auth.invalid_token")
    problem(client.post(f"/v1/games/{gid}/actions", json={"type": "draw"}, headers={"Authorization": "Basic x"}),
            401, "auth.malformed")
    problem(client.post(f"/v1/games/{gid}/actions", json={"type": "draw"}, headers=auth(game["seats"][1]["token"])),
            403, "turn.not_yours")
    problem(client.post(f"/v1/games/{gid}/actions", json={"type": "draw"}, headers=auth(game["host_token"])),
            403, "seat.host_cannot_act")
    other = create(client)
    problem(client.post(f"/v1/games/{gid}/actions", json={"type": "draw"}, headers=auth(other["seats"][0]["token"])),
            401, "auth.invalid_token")


def test_unknown_games_and_routes_are_404(client: Any) -> None:
    problem(client.get(f"/v1/games/{uuid.uuid4()}"), 404, "game.not_found")
    problem(client.get("/v1/games/not-a-uuid"), 404, "game.not_found")
    problem(client.get("/v1/nothing"), 404, "route.not_found")


def test_illegal_actions_are_422_with_the_rule_code_and_change_nothing(client: Any) -> None:
    game = create(client)
    gid = game["id"]
    token = game["seats"][0]["token"]
    before = client.get(f"/v1/games/{gid}", headers=auth(game["host_token"])).json
    problem(client.post(f"/v1/games/{gid}/actions", json={"type": "play", "card": 99}, headers=auth(token)),
            422, "play.not_in_hand")
    problem(client.post(f"/v1/games/{gid}/actions", json={"type": "fly"}, headers=auth(token)), 422, "action.unknown_type")
    problem(client.post(f"/v1/games/{gid}/actions", json={"card": 1}, headers=auth(token)), 422, "body.invalid")
    after = client.get(f"/v1/games/{gid}", headers=auth(game["host_token"])).json
    assert before == after


def test_stale_if_match_is_412_and_bad_if_match_400(client: Any) -> None:
    game = create(client)
    gid = game["id"]
    token = game["seats"][0]["token"]
    body = problem(client.post(f"/v1/games/{gid}/actions", json={"type": "draw"},
                               headers={**auth(token), "If-Match": '"5"'}), 412, "version.stale")
    assert body["current_version"] == 0
    problem(client.post(f"/v1/games/{gid}/actions", json={"type": "draw"}, headers={**auth(token), "If-Match": "abc"}),
            400, "header.if_match")


def test_huge_bodies_are_413(client: Any) -> None:
    game = create(client)
    big = {"type": "draw", "pad": "x" * 100_000}
    problem(client.post(f"/v1/games/{game['id']}/actions", json=big, headers=auth(game["seats"][0]["token"])),
            413, "body.too_large")


def test_idempotency_key_applies_once_over_http(client: Any) -> None:
    game = create(client)
    gid = game["id"]
    headers = {**auth(game["seats"][0]["token"]), "Idempotency-Key": "move-1"}
    first = client.post(f"/v1/games/{gid}/actions", json={"type": "draw"}, headers=headers)
    second = client.post(f"/v1/games/{gid}/actions", json={"type": "draw"}, headers=headers)
    assert first.status_code == 201 and second.status_code == 200
    assert second.json["replayed"] and second.json["version"] == first.json["version"] == 1
    assert first.json["events"] == second.json["events"]
    problem(client.post(f"/v1/games/{gid}/actions", json={"type": "play", "card": 1}, headers=headers),
            422, "idempotency.key_reused")


def test_take_back_at_once_and_with_consent(client: Any) -> None:
    game = create(client)
    gid = game["id"]
    ann, bob = (auth(s["token"]) for s in game["seats"])
    play = client.get(f"/v1/games/{gid}/actions", headers=ann).json["actions"][0]
    assert play["type"] == "play"
    client.post(f"/v1/games/{gid}/actions", json=play, headers=ann)
    resp = client.post(f"/v1/games/{gid}/undo", json={}, headers=ann)
    assert resp.status_code == 201 and resp.json["events"][0]["type"] == "UndoApplied"
    assert client.get(f"/v1/games/{gid}").json["to_act"] == [0]
    client.post(f"/v1/games/{gid}/actions", json={"type": "draw"}, headers=ann)
    resp = client.post(f"/v1/games/{gid}/undo", json={}, headers=ann)
    assert resp.json["events"][0]["type"] == "UndoRequested"
    view = client.get(f"/v1/games/{gid}").json
    assert view["undo_request"]["seat"] == 0
    problem(client.post(f"/v1/games/{gid}/undo/answer", json={"accept": True}, headers=ann), 422, "undo.own_request")
    problem(client.post(f"/v1/games/{gid}/undo/answer", json={"accept": "maybe"}, headers=bob), 422, "body.invalid")
    resp = client.post(f"/v1/games/{gid}/undo/answer", json={"accept": True}, headers=bob)
    assert [e["type"] for e in resp.json["events"]] == ["UndoAnswered", "UndoApplied"]
    problem(client.post(f"/v1/games/{gid}/undo", json={}, headers=bob), 422, "undo.nothing")


def test_only_the_host_abandons(client: Any) -> None:
    game = create(client)
    gid = game["id"]
    problem(client.post(f"/v1/games/{gid}/abandon", json={}, headers=auth(game["seats"][0]["token"])),
            403, "abandon.host_only")
    resp = client.post(f"/v1/games/{gid}/abandon", json={"reason": "rain"}, headers=auth(game["host_token"]))
    assert resp.status_code == 201
    view = client.get(f"/v1/games/{gid}").json
    assert view["status"] == "abandoned" and view["seed"]
    problem(client.post(f"/v1/games/{gid}/actions", json={"type": "draw"}, headers=auth(game["seats"][0]["token"])),
            409, "game.over")


def test_healthz_and_catalog(client: Any) -> None:
    health = client.get("/healthz").json
    assert health["status"] == "ok" and "high-card" in health["games"]
    catalog = client.get("/v1/catalog").json
    assert any(g["game"] == "high-card" and g["bots"] for g in catalog["games"])
    pr = next(g for g in catalog["games"] if g["game"] == "puerto-rico")
    expansions = next(o for o in pr["options"] if o["name"] == "expansions")
    assert expansions["type"] == "choices" and expansions["choices"] == ["new_buildings", "nobles"]
    assert expansions["default"] == [] and expansions["sentence"]
    assert all(g["description"] == registry.get(g["game"]).BLURB for g in catalog["games"])
    assert pr["levels"] == {"easy": "greedy", "normal": "search-normal", "strong": "search-strong"}
    felinia = next(g for g in catalog["games"] if g["game"] == "felinia")
    assert felinia["levels"]["easy"] == "heuristic" and set(felinia["levels"].values()) <= set(felinia["bots"])
    assert next(g for g in catalog["games"] if g["game"] == "high-card")["levels"] == {"easy": "highest"}
    assert not schemas.CatalogSchema().validate(catalog)


@pytest.mark.parametrize("path", ["/v1/games", "/v1/catalog", "/healthz"])
def test_wrong_methods_are_problems_not_crashes(client: Any, path: str) -> None:
    resp = client.delete(path)
    problem(resp, 405, "method.not_allowed")


def test_polling_with_if_none_match_gets_304_until_something_happens(client: Any) -> None:
    game = create(client)
    gid = game["id"]
    first = client.get(f"/v1/games/{gid}")
    assert first.headers["ETag"] == '"0"' and "Authorization" in first.headers["Vary"]
    assert client.get(f"/v1/games/{gid}", headers={"If-None-Match": '"0"'}).status_code == 304
    token = game["seats"][0]["token"]
    action = client.get(f"/v1/games/{gid}/actions", headers=auth(token)).json["actions"][0]
    client.post(f"/v1/games/{gid}/actions", json=action, headers=auth(token))
    again = client.get(f"/v1/games/{gid}", headers={"If-None-Match": '"0"'})
    assert again.status_code == 200 and again.json["version"] == 1
