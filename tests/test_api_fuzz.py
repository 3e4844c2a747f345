"""Whatever a client sends — malformed, huge, wrong types, unknown games, bad tokens, JSON nested
thousands deep, lone surrogates, numbers past 2**63, NaN and Infinity, duplicate keys — never a 500."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from service.app import create_app

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(min_value=-(2**70), max_value=2**70) | st.floats(allow_nan=False)
    | st.text(max_size=30),
    lambda children: st.lists(children, max_size=5) | st.dictionaries(st.text(max_size=10), children, max_size=5),
    max_leaves=20,
)
ACTIONISH = st.fixed_dictionaries(
    {"type": st.sampled_from(["play", "draw", "fly", "", 7, None])},
    optional={"card": JSON, "extra": JSON},
)
CREATEISH = st.fixed_dictionaries(
    {"game": st.sampled_from(["high-card", "chess", ""]), "players": st.lists(st.text(max_size=8), max_size=4)},
    optional={"seed": st.text(max_size=8), "options": st.dictionaries(st.text(max_size=5), JSON, max_size=2)},
)
# Classes of JSON text that json.dumps never writes but a client can send.
HUGE = st.integers(min_value=2**53, max_value=2**200) | st.integers(max_value=-(2**53))
LONE_SURROGATE = st.integers(0xD800, 0xDFFF).map(lambda c: f"\\u{c:04x}")
NON_FINITE = st.sampled_from(["NaN", "Infinity", "-Infinity", "1e400", "-1e999"])
DEPTH = st.integers(min_value=33, max_value=5000)
DEEP = st.one_of(
    DEPTH.map(lambda n: "[" * n + "]" * n),
    DEPTH.map(lambda n: '{"a":' * n + "1" + "}" * n),
    DEPTH.map(lambda n: '{"type": "play", "card": ' + "[" * n + "]" * n + "}"),
    DEPTH.map(lambda n: '{"game": "high-card", "players": ["a", "b"], "options": ' + '{"x":' * n + "1" + "}" * n + "}"),
)
SURROGATES = st.one_of(
    LONE_SURROGATE.map(lambda s: '{"game": "high-card", "players": ["' + s + '", "b"]}'),
    LONE_SURROGATE.map(lambda s: '{"game": "high-card", "players": ["a", "b"], "seed": "x' + s + '"}'),
    LONE_SURROGATE.map(lambda s: '{"reason": "' + s + '"}'),
    LONE_SURROGATE.map(lambda s: '{"type": "draw", "' + s + '": 1}'),
    LONE_SURROGATE.map(lambda s: '{"type": "' + s + '"}'),
)
NUMBERS = st.one_of(
    HUGE.map(lambda n: '{"type": "play", "card": ' + str(n) + "}"),
    HUGE.map(lambda n: '{"type": "draw", "x": ' + str(n) + "}"),
    HUGE.map(lambda n: '{"game": "high-card", "players": ["a", "b"], "options": {"x": ' + str(n) + "}}"),
    NON_FINITE.map(lambda c: '{"type": "draw", "x": ' + c + "}"),
    NON_FINITE.map(lambda c: '{"accept": ' + c + "}"),
)
DUPLICATES = st.sampled_from([
    '{"game": "high-card", "game": "chess", "players": ["a", "b"]}',
    '{"type": "draw", "type": "play", "card": 1}',
    '{"accept": true, "accept": false}',
    '{"reason": "a", "reason": "b"}',
])
BODY = st.one_of(
    JSON.map(json.dumps),
    ACTIONISH.map(json.dumps),
    CREATEISH.map(json.dumps),
    DEEP, SURROGATES, NUMBERS, DUPLICATES,
    st.text(max_size=200),
    st.binary(max_size=200).map(lambda b: b.decode("latin-1")),
    st.just("x" * 70_000),
)
PRINTABLE = st.characters(min_codepoint=32, max_codepoint=126)
NUMBER = st.one_of(st.integers(-5, 5), HUGE, st.just(2**63), st.just(2**64 + 1)).map(str)
HEADERS = st.fixed_dictionaries(
    {},
    optional={
        "Authorization": st.one_of(st.just("TOKEN"), st.just("HOST"), st.text(PRINTABLE, max_size=40),
                                   st.just("Bearer "), st.just("Bearer bad"), st.just("bearer TOKEN")),
        "If-Match": st.one_of(st.text(PRINTABLE, max_size=12), st.integers(0, 5).map(lambda n: f'"{n}"'),
                              NUMBER.map(lambda n: f'"{n}"'), st.just("*")),
        "If-None-Match": st.one_of(st.text(PRINTABLE, max_size=12), NUMBER.map(lambda n: f'"{n}"')),
        "Idempotency-Key": st.text(PRINTABLE, max_size=250),
        "Content-Type": st.one_of(st.just("application/json"),
                                  st.sampled_from(["text/plain", "application/x-www-form-urlencoded", "application/json; charset=latin-1"])),
    },
)
PATHS = st.one_of(
    st.sampled_from([
        "/v1/games", "/v1/games/GID", "/v1/games/GID/actions", "/v1/games/GID/events", "/v1/games/GID/events?after=-5",
        "/v1/games/GID/events?after=abc", "/v1/games/GID/versions/0", "/v1/games/GID/versions/99999999999",
        "/v1/games/GID/record", "/v1/games/GID/undo", "/v1/games/GID/undo/answer", "/v1/games/GID/abandon",
        "/v1/games/00000000-0000-0000-0000-000000000000", "/v1/games/%00", "/v1/games?limit=x&offset=-1",
        "/v1/games?waiting=me", "/v1/games?waiting_for=abc", "/healthz", "/v1/catalog", "/v1/games/GID/events?after=%ED%A0%80",
        "/v1/games?game=%ED%A0%80", "/v1/games?waiting=yes",
    ]),
    NUMBER.map(lambda n: f"/v1/games/GID/events?after={n}"),
    NUMBER.map(lambda n: f"/v1/games/GID/events?limit={n}"),
    NUMBER.map(lambda n: f"/v1/games/GID/versions/{n}"),
    NUMBER.map(lambda n: f"/v1/games?limit={n}&offset={n}"),
)

_state: dict[str, Any] = {}


def fuzz_client(tmp_path_factory: Any) -> tuple[Any, dict[str, Any]]:
    if "client" not in _state:
        env = {"PERSISTENCE_MODULE": "eventsourcing.sqlite",
               "SQLITE_DBNAME": str(tmp_path_factory.mktemp("fuzz") / "fuzz.sqlite")}
        client = create_app({"TESTING": True, "SHIPLOG_GAMES_PER_MINUTE": 10**6}, env).test_client()
        game = client.post("/v1/games", json={"game": "high-card", "players": ["a", "b"]}).json
        _state.update(client=client, game=game)
    return _state["client"], _state["game"]


def send(tmp_path_factory: Any, method: str, path: str, body: str, headers: dict[str, str]) -> Any:
    client, game = fuzz_client(tmp_path_factory)
    path = path.replace("GID", game["id"])
    seat, host = game["seats"][0]["token"], game["host_token"]
    tokens = {"TOKEN": f"Bearer {seat}", "HOST": f"Bearer {host}", "bearer TOKEN": f"bearer {seat}"}
    if headers.get("Authorization") in tokens:
        headers = {**headers, "Authorization": tokens[headers["Authorization"]]}
    resp = client.open(path, method=method, data=body.encode("utf-8", "surrogatepass"), headers=headers)
    assert resp.status_code < 500, (method, path, body[:100], headers, resp.get_data(as_text=True)[:300])
    if resp.status_code >= 400:
        assert resp.mimetype == "application/problem+json"
        assert resp.json["code"]
    return resp


@settings(max_examples=600, deadline=None, suppress_health_check=list(HealthCheck))
@given(method=st.sampled_from(["GET", "POST", "PUT", "DELETE", "PATCH"]), path=PATHS, body=BODY, headers=HEADERS)
@example(method="POST", path="/v1/games", body="[" * 5000 + "]" * 5000, headers={"Content-Type": "application/json"})
@example(method="POST", path="/v1/games", body='{"game": "high-card", "players": ["\\ud800", "b"]}',
         headers={"Content-Type": "application/json"})
@example(method="GET", path=f"/v1/games/GID/events?after={2**64}", body="", headers={})
def test_no_request_yields_a_500(tmp_path_factory: Any, method: str, path: str, body: str, headers: dict[str, str]) -> None:
    send(tmp_path_factory, method, path, body, headers)


JSON_POST = {"Content-Type": "application/json", "Authorization": "TOKEN"}


@pytest.mark.parametrize(("path", "body", "code"), [
    ("/v1/games", "[" * 1000 + "]" * 1000, "body.too_deep"),
    ("/v1/games/GID/actions", '{"type": "play", "card": ' + "[" * 40 + "]" * 40 + "}", "body.too_deep"),
    ("/v1/games", '{"game": "high-card", "players": ["\\udc00", "b"]}', "body.invalid_text"),
    ("/v1/games", '{"game": "high-card", "players": ["a", "b"], "seed": "\\ud800"}', "body.invalid_text"),
    ("/v1/games/GID/abandon", '{"reason": "\\udfff"}', "body.invalid_text"),
    ("/v1/games/GID/actions", '{"type": "play", "card": ' + str(2**64) + "}", "body.number_out_of_range"),
    ("/v1/games/GID/actions", '{"type": "play", "card": 1e400}', "body.number_out_of_range"),
    ("/v1/games/GID/actions", '{"type": "draw", "x": NaN}', "body.malformed_json"),
    ("/v1/games/GID/actions", '{"type": "draw", "x": -Infinity}', "body.malformed_json"),
    ("/v1/games", '{"game": "high-card", "game": "chess", "players": ["a", "b"]}', "body.duplicate_key"),
])
def test_bodies_that_are_not_i_json_are_400_with_a_code(tmp_path_factory: Any, path: str, body: str, code: str) -> None:
    resp = send(tmp_path_factory, "POST", path, body, JSON_POST)
    assert resp.status_code == 400 and resp.json["code"] == code, resp.json


@pytest.mark.parametrize("path", [
    f"/v1/games/GID/events?after={2**63}", f"/v1/games/GID/events?limit={2**64}", f"/v1/games?limit={2**64}&offset=1",
    f"/v1/games?offset={2**63}",
])
def test_numbers_past_2_63_in_queries_are_400(tmp_path_factory: Any, path: str) -> None:
    resp = send(tmp_path_factory, "GET", path, "", {})
    assert resp.status_code == 400 and resp.json["code"] == "query.invalid", resp.json


def test_a_version_past_2_63_is_404_and_an_if_match_past_2_63_is_412(tmp_path_factory: Any) -> None:
    resp = send(tmp_path_factory, "GET", f"/v1/games/GID/versions/{2**64}", "", {})
    assert resp.status_code == 404 and resp.json["code"] == "version.not_found"
    resp = send(tmp_path_factory, "POST", "/v1/games/GID/actions", '{"type": "draw"}', {**JSON_POST, "If-Match": f'"{2**64}"'})
    assert resp.status_code == 412 and resp.json["code"] == "version.stale"
