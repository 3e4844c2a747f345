"""HTTP as clients expect it (issue 8.9) and the limits a request stays within (issue 8.6)."""

from __future__ import annotations

import io
from typing import Any

import pytest
from flask import Flask
from hypothesis import given, settings
from hypothesis import strategies as st

from service import schemas
from service.app import create_app
from service.callers import entity_tags
from tests.test_api import auth, create, problem


def first_action(client: Any, gid: str, headers: dict[str, str]) -> dict[str, Any]:
    return client.get(f"/v1/games/{gid}/actions", headers=headers).json["actions"][0]  # type: ignore[no-any-return]


# -- conditional requests --------------------------------------------------------------------


def test_a_stale_if_match_is_412_naming_the_current_version(client: Any) -> None:
    game = create(client)
    gid, ann = game["id"], auth(game["seats"][0]["token"])
    body = problem(client.post(f"/v1/games/{gid}/actions", json={"type": "draw"},
                               headers={**ann, "If-Match": '"3"'}), 412, "version.stale")
    assert body["current_version"] == 0
    problem(client.post(f"/v1/games/{gid}/undo", json={}, headers={**ann, "If-Match": '"3"'}), 412, "version.stale")
    assert client.get(f"/v1/games/{gid}").json["version"] == 0  # nothing changed


def test_if_match_accepts_star_and_a_list_that_names_the_current_version(client: Any) -> None:
    game = create(client)
    gid, ann, bob = game["id"], auth(game["seats"][0]["token"]), auth(game["seats"][1]["token"])
    resp = client.post(f"/v1/games/{gid}/actions", json={"type": "draw"}, headers={**ann, "If-Match": "*"})
    assert resp.status_code == 201 and resp.json["version"] == 1
    resp = client.post(f"/v1/games/{gid}/actions", json={"type": "draw"}, headers={**bob, "If-Match": '"0", "1"'})
    assert resp.status_code == 201 and resp.json["version"] == 2
    problem(client.post(f"/v1/games/{gid}/actions", json={"type": "draw"}, headers={**ann, "If-Match": 'W/"2"'}),
            412, "version.stale")  # If-Match compares strongly (RFC 9110 13.1.1)
    problem(client.post(f"/v1/games/{gid}/actions", json={"type": "draw"}, headers={**ann, "If-Match": '"two"'}),
            400, "header.if_match")


def test_a_lost_race_stays_409(sqlite_env: dict[str, str]) -> None:
    """Two workers on one store; the second still holds the game as it was before the first's move."""
    first = create_app({"TESTING": True}, sqlite_env).test_client()
    stale = create_app({"TESTING": True}, {**sqlite_env, "AGGREGATE_CACHE_FASTFORWARD": "n"}).test_client()
    game = create(first)
    gid, ann = game["id"], auth(game["seats"][0]["token"])
    assert stale.get(f"/v1/games/{gid}").json["version"] == 0  # now cached at version 0
    assert first.post(f"/v1/games/{gid}/actions", json={"type": "draw"}, headers=ann).status_code == 201
    problem(stale.post(f"/v1/games/{gid}/actions", json={"type": "draw"}, headers=ann), 409, "version.conflict")


def test_a_retried_request_with_its_idempotency_key_gets_its_first_answer_not_412(client: Any) -> None:
    game = create(client)
    gid = game["id"]
    headers = {**auth(game["seats"][0]["token"]), "If-Match": '"0"', "Idempotency-Key": "k1"}
    first = client.post(f"/v1/games/{gid}/actions", json={"type": "draw"}, headers=headers)
    again = client.post(f"/v1/games/{gid}/actions", json={"type": "draw"}, headers=headers)
    assert first.status_code == 201 and again.status_code == 200 and again.json["replayed"]


# -- methods, tokens, booleans ---------------------------------------------------------------


@pytest.mark.parametrize(("method", "path", "allowed"), [
    ("delete", "/v1/games", {"GET", "POST"}),
    ("put", "/v1/games/GID", {"GET"}),
    ("get", "/v1/games/GID/undo", {"POST"}),
    ("patch", "/v1/games/GID/actions", {"GET", "POST"}),
    ("post", "/healthz", {"GET"}),
])
def test_405_answers_carry_allow(client: Any, method: str, path: str, allowed: set[str]) -> None:
    game = create(client)
    resp = getattr(client, method)(path.replace("GID", game["id"]), json={})
    problem(resp, 405, "method.not_allowed")
    assert allowed <= {m.strip() for m in resp.headers["Allow"].split(",")} <= allowed | {"HEAD", "OPTIONS"}


@pytest.mark.parametrize("scheme", ["Bearer", "bearer", "BEARER", "BeArEr"])
def test_the_bearer_scheme_is_case_insensitive(client: Any, scheme: str) -> None:
    game = create(client)
    resp = client.get(f"/v1/games/{game['id']}/actions", headers={"Authorization": f"{scheme} {game['seats'][0]['token']}"})
    assert resp.status_code == 200 and resp.json["seat"] == 0


def test_a_401_says_how_to_authenticate(client: Any) -> None:
    game = create(client)
    resp = client.get(f"/v1/games/{game['id']}/actions")
    problem(resp, 401, "auth.missing")
    assert resp.headers["WWW-Authenticate"].startswith("Bearer")


@pytest.mark.parametrize("value", ["yes", "true", 1, 0, "no", None, "on"])
def test_booleans_are_strict(client: Any, value: Any) -> None:
    game = create(client)
    gid, ann, bob = game["id"], auth(game["seats"][0]["token"]), auth(game["seats"][1]["token"])
    client.post(f"/v1/games/{gid}/actions", json={"type": "draw"}, headers=ann)
    assert client.post(f"/v1/games/{gid}/undo", json={}, headers=ann).json["events"][0]["type"] == "UndoRequested"
    body = problem(client.post(f"/v1/games/{gid}/undo/answer", json={"accept": value}, headers=bob), 422, "body.invalid")
    assert "accept" in body["detail"]
    assert client.get(f"/v1/games/{gid}").json["undo_request"]["accepted"] == []


def test_acting_out_of_turn_names_who_is_to_act(client: Any) -> None:
    game = create(client)
    body = problem(client.post(f"/v1/games/{game['id']}/actions", json={"type": "draw"},
                               headers=auth(game["seats"][1]["token"])), 403, "turn.not_yours")
    assert "ann (seat 0)" in body["detail"]
    assert [{k: s[k] for k in ("seat", "name", "bot")} for s in body["to_act"]] == [{"seat": 0, "name": "ann", "bot": None}]


def test_take_back_answers_carry_the_callers_next_actions(client: Any) -> None:
    game = create(client)
    gid, ann, bob = game["id"], auth(game["seats"][0]["token"]), auth(game["seats"][1]["token"])
    play = first_action(client, gid, ann)
    client.post(f"/v1/games/{gid}/actions", json=play, headers=ann)
    undone = client.post(f"/v1/games/{gid}/undo", json={}, headers=ann)
    assert undone.status_code == 201 and undone.json["to_act"] == [0]
    assert undone.json["actions"] == client.get(f"/v1/games/{gid}/actions", headers=ann).json["actions"] != []
    client.post(f"/v1/games/{gid}/actions", json={"type": "draw"}, headers=ann)  # a draw: needs consent
    assert client.post(f"/v1/games/{gid}/undo", json={}, headers=ann).json["actions"] == []  # bob is to act
    answered = client.post(f"/v1/games/{gid}/undo/answer", json={"accept": True}, headers=bob)
    assert [e["type"] for e in answered.json["events"]] == ["UndoAnswered", "UndoApplied"]
    assert answered.json["to_act"] == [0] and answered.json["actions"] == []  # bob answered; ann is to act
    declined_by = client.post(f"/v1/games/{gid}/actions", json=play, headers=ann)
    assert declined_by.status_code == 201


# -- /events pages ---------------------------------------------------------------------------


def test_events_come_in_pages_with_a_next_link(client: Any) -> None:
    game = create(client)
    gid, tokens = game["id"], [auth(s["token"]) for s in game["seats"]]
    for _ in range(4):
        view = client.get(f"/v1/games/{gid}").json
        seat = view["to_act"][0]
        client.post(f"/v1/games/{gid}/actions", json=first_action(client, gid, tokens[seat]), headers=tokens[seat])
    everything = client.get(f"/v1/games/{gid}/events").json
    version = client.get(f"/v1/games/{gid}").json["version"]  # 4 moves, and any forced ones
    assert version >= 4 and [e["version"] for e in everything["events"]] == list(range(version + 1))
    assert everything["next"] is None
    seen, url = [], f"/v1/games/{gid}/events?limit=2"
    while url:
        page = client.get(url)
        assert page.status_code == 200 and len(page.json["events"]) <= 2
        seen += page.json["events"]
        url = page.json["next"]
        assert ("Link" in page.headers) == (url is not None)
        if url:
            assert page.headers["Link"] == f'<{url}>; rel="next"'
    assert seen == everything["events"]
    problem(client.get(f"/v1/games/{gid}/events?limit=0"), 400, "query.invalid")
    problem(client.get(f"/v1/games/{gid}/events?limit=501"), 400, "query.invalid")


# -- limits (issue 8.6) ----------------------------------------------------------------------


@pytest.mark.parametrize("content_type", [None, "application/x-www-form-urlencoded", "text/plain", "multipart/form-data"])
def test_a_post_that_is_not_application_json_is_415(client: Any, content_type: str | None) -> None:
    game = create(client)
    headers = {**auth(game["seats"][0]["token"]), **({"Content-Type": content_type} if content_type else {})}
    for path in ("/v1/games", f"/v1/games/{game['id']}/actions", f"/v1/games/{game['id']}/undo"):
        resp = client.post(path, data='{"type": "draw"}', headers=headers)
        problem(resp, 415, "body.content_type")
    assert client.get(f"/v1/games/{game['id']}").json["version"] == 0


def test_games_of_bots_only_are_refused(client: Any) -> None:
    bots = [{"name": "r1", "bot": "random"}, {"name": "r2", "bot": "random"}]
    problem(client.post("/v1/games", json={"game": "high-card", "players": bots}), 422, "options.all_bots")
    assert client.get("/v1/games").json["games"] == []


def test_at_most_eight_players(client: Any) -> None:
    body = problem(client.post("/v1/games", json={"game": "high-card", "players": [f"p{n}" for n in range(9)]}),
                   422, "body.invalid")
    assert "players" in body["detail"]


def test_new_games_per_client_and_minute_are_limited(sqlite_env: dict[str, str]) -> None:
    client = create_app({"TESTING": True, "SHIPLOG_GAMES_PER_MINUTE": 3}, sqlite_env).test_client()
    for _ in range(3):
        create(client)
    resp = client.post("/v1/games", json={"game": "high-card", "players": ["ann", "bob"]})
    problem(resp, 429, "rate.limited")
    assert int(resp.headers["Retry-After"]) > 0
    assert len(client.get("/v1/games").json["games"]) == 3
    other = client.post("/v1/games", json={"game": "high-card", "players": ["a", "b"]},
                        environ_base={"REMOTE_ADDR": "10.0.0.2"})
    assert other.status_code == 201  # the limit is per client address


def test_sign_ups_per_client_and_minute_are_limited(sqlite_env: dict[str, str]) -> None:
    client = create_app({"TESTING": True, "SHIPLOG_SIGNUPS_PER_MINUTE": 2}, sqlite_env).test_client()
    assert [client.post("/v1/players", json={"name": n}).status_code for n in ("a", "b")] == [201, 201]
    resp = client.post("/v1/players", json={"name": "c"})
    problem(resp, 429, "rate.limited")
    assert int(resp.headers["Retry-After"]) > 0 and "sign-ups" in resp.json["detail"]
    assert client.post("/v1/players", json={"name": "c"}, environ_base={"REMOTE_ADDR": "10.0.0.2"}).status_code == 201


def test_the_limits_are_counted_in_the_store_by_every_worker_together(store_env: dict[str, str]) -> None:
    """Issue 27 item 4: two workers (two apps on one store, SQLite or PostgreSQL) count a
    client's new games together; each used to count its own (N workers: N times the limit)."""
    config = {"TESTING": True, "SHIPLOG_GAMES_PER_MINUTE": 3}
    workers = [create_app(config, store_env).test_client() for _ in range(2)]
    body = {"game": "high-card", "players": ["ann", "bob"]}
    answers = [workers[n % 2].post("/v1/games", json=body).status_code for n in range(5)]
    assert answers == [201, 201, 201, 429, 429]


@pytest.mark.parametrize("name", ["a\x1bb", "\x07", "tab\tname", "\x9b31m"])
def test_names_with_control_characters_are_refused(client: Any, name: str) -> None:
    problem(client.post("/v1/games", json={"game": "high-card", "players": [name, "bob"]}), 422, "body.invalid")


PLAIN = Flask(__name__)


@settings(max_examples=150, deadline=None)
@given(value=st.from_regex(schemas.ETAGS, fullmatch=True))
def test_every_entity_tag_list_the_document_allows_is_read_as_versions(value: str) -> None:
    """The If-Match pattern in /v1/openapi.json and werkzeug's parser agree: what the document
    allows is never a 400."""
    with PLAIN.test_request_context(headers={"If-Match": value}):
        tags = entity_tags("If-Match")
        assert tags.star_tag or {tag.isdigit() for tag in tags.as_set(include_weak=True)} == {True}


# -- bodies too large (issue 27 item 8) -------------------------------------------------------


TEN_MB = b'{"name": "' + b"x" * (10 * 1024 * 1024) + b'"}'
OVER_64_KIB = b'{"name": "' + b"x" * (65 * 1024) + b'"}'


def chunked(client: Any, path: str, body: bytes, content_type: str = "application/json") -> Any:
    """A body without Content-Length (empty, as PEP 3333 allows), its end told by the server (as
    granian and gunicorn do for Transfer-Encoding: chunked)."""
    return client.post(path, input_stream=io.BytesIO(body), headers={"Content-Type": content_type, "Transfer-Encoding": "chunked"},
                       environ_overrides={"wsgi.input_terminated": True, "CONTENT_LENGTH": ""})


@pytest.mark.parametrize("path", ["/v1/players", "/v1/games", "/signup"])
def test_a_body_over_64_kib_is_413_whether_its_length_is_given_or_chunked(client: Any, path: str) -> None:
    """Issue 27 item 8: a chunked body over 64 KiB was cut at 64 KiB and parsed (400); it is a
    413 like a body whose Content-Length says it is too large."""
    problem(client.post(path, data=TEN_MB, content_type="application/json"), 413, "body.too_large")
    problem(chunked(client, path, OVER_64_KIB), 413, "body.too_large")
    problem(chunked(client, path, TEN_MB), 413, "body.too_large")
    form = b"name=" + b"x" * (65 * 1024)
    problem(chunked(client, path, form, "application/x-www-form-urlencoded"), 413, "body.too_large")


def test_a_chunked_body_within_64_kib_is_read_whole(client: Any) -> None:
    created = chunked(client, "/v1/players", b'{"name": "' + b"x" * 30 + b'"}')
    assert created.status_code == 201 and created.json["name"] == "x" * 30
    exactly = b'{"name": "ann"}' + b" " * (64 * 1024 - 15)  # 64 KiB to the byte: the limit itself is allowed
    created = chunked(client, "/v1/players", exactly)
    assert created.status_code == 201 and created.json["name"] == "ann"
