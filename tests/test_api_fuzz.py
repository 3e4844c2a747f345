"""Whatever a client sends — malformed, huge, wrong types, unknown games, bad tokens — never a 500."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, given, settings
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
BODY = st.one_of(
    JSON.map(json.dumps),
    ACTIONISH.map(json.dumps),
    st.text(max_size=200),
    st.binary(max_size=200).map(lambda b: b.decode("latin-1")),
    st.just("x" * 70_000),
)
PRINTABLE = st.characters(min_codepoint=32, max_codepoint=126)
HEADERS = st.fixed_dictionaries(
    {},
    optional={
        "Authorization": st.one_of(st.just("TOKEN"), st.text(PRINTABLE, max_size=40), st.just("Bearer "), st.just("Bearer bad")),
        "If-Match": st.one_of(st.text(PRINTABLE, max_size=12), st.integers(0, 5).map(lambda n: f'"{n}"')),
        "Idempotency-Key": st.text(PRINTABLE, max_size=250),
        "Content-Type": st.sampled_from(["application/json", "text/plain", "application/x-www-form-urlencoded"]),
    },
)
PATHS = st.sampled_from([
    "/v1/games", "/v1/games/GID", "/v1/games/GID/actions", "/v1/games/GID/events", "/v1/games/GID/events?after=-5",
    "/v1/games/GID/events?after=abc", "/v1/games/GID/versions/0", "/v1/games/GID/versions/99999999999",
    "/v1/games/GID/record", "/v1/games/GID/undo", "/v1/games/GID/undo/answer", "/v1/games/GID/abandon",
    "/v1/games/00000000-0000-0000-0000-000000000000", "/v1/games/%00", "/v1/games?limit=x&offset=-1",
    "/v1/games?waiting=me", "/v1/games?waiting_for=abc", "/healthz", "/v1/catalog",
])

_state: dict[str, Any] = {}


def fuzz_client(tmp_path_factory: Any) -> tuple[Any, dict[str, Any]]:
    if "client" not in _state:
        env = {"PERSISTENCE_MODULE": "eventsourcing.sqlite",
               "SQLITE_DBNAME": str(tmp_path_factory.mktemp("fuzz") / "fuzz.sqlite")}
        client = create_app({"TESTING": True}, env).test_client()
        game = client.post("/v1/games", json={"game": "high-card", "players": ["a", "b"]}).json
        _state.update(client=client, game=game)
    return _state["client"], _state["game"]


@settings(max_examples=600, deadline=None, suppress_health_check=list(HealthCheck))
@given(method=st.sampled_from(["GET", "POST", "PUT", "DELETE", "PATCH"]), path=PATHS, body=BODY, headers=HEADERS)
def test_no_request_yields_a_500(tmp_path_factory: Any, method: str, path: str, body: str, headers: dict[str, str]) -> None:
    client, game = fuzz_client(tmp_path_factory)
    path = path.replace("GID", game["id"])
    if headers.get("Authorization") == "TOKEN":
        headers = {**headers, "Authorization": f"Bearer {game['seats'][0]['token']}"}
    resp = client.open(path, method=method, data=body.encode("utf-8", "surrogatepass"), headers=headers)
    assert resp.status_code < 500, (method, path, body[:100], headers, resp.get_data(as_text=True)[:300])
    if resp.status_code >= 400:
        assert resp.mimetype == "application/problem+json"
        assert resp.json["code"]
