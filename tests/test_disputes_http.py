"""Settling a dispute over HTTP (issue 16.3): GET /v1/games/{id}/versions/{n}/actions and
POST /v1/games/{id}/versions/{n}/try, for every registered game.

A finished game (a fixture imported into the store) answers anyone, with everything: the actions
then are the rules' legal_actions, each is accepted, the action really taken causes exactly the
recorded facts, others are refused with a code. A running game (played here through the API)
answers a seat about itself only, from what it could see: the answer stops before any draw or
revealing fact and shows the facts redacted for it; other seats, the host and players without a
seat get 403, no token 401. Bad input is a 4xx, never a 500.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any
from uuid import UUID

import pytest

from domain.core import registry
from domain.core.record import replay_states
from domain.core.rng import Rng
from domain.core.rules import out_of_turn, redacted

ROOT = Path(__file__).resolve().parent.parent
GAMES = registry.names()
MOVES = 40  # moves played per running game


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def fixture_for(game: str) -> dict[str, Any] | None:
    for path in sorted(ROOT.joinpath("fixtures").rglob("*.json")):
        record = json.loads(path.read_text())
        if record["game"] == game:
            return record  # type: ignore[no-any-return]
    return None


def finished_record(client: Any, game: str) -> dict[str, Any]:
    """A finished game in the store: the game's first fixture, or one played here (bots and one
    person who plays the first legal action)."""
    record = fixture_for(game)
    if record is not None:
        client.application.extensions["shiplog"].import_record(record)
        return record
    bots = sorted(registry.get(game).BOTS)
    players = ["ann", *({"name": f"bot {n}", "bot": bots[0]} for n in range(1, registry.get(game).MIN_SEATS))]
    created = client.post("/v1/games", json={"game": game, "players": players, "seed": "disputes"}).json
    token = created["seats"][0]["token"]
    while client.get(f"/v1/games/{created['id']}").json["status"] == "active":
        actions = client.get(f"/v1/games/{created['id']}/actions", headers=auth(token)).json["actions"]
        assert client.post(f"/v1/games/{created['id']}/actions", json=actions[0], headers=auth(token)).status_code == 201
    return client.get(f"/v1/games/{created['id']}/record").json  # type: ignore[no-any-return]


@pytest.mark.parametrize("game", GAMES)
def test_a_finished_game_answers_anyone_with_the_rules_and_the_recorded_facts(client: Any, game: str) -> None:
    record = finished_record(client, game)
    rules = registry.get(game)
    gid = record["id"]
    states = {v: s for v, _ev, s in replay_states(record)}
    taken = [ev for ev in record["events"] if ev["type"] == "ActionTaken"]
    for ev in random.Random(game).sample(taken, min(8, len(taken))):
        before, seat = ev["version"] - 1, ev["seat"]
        got = client.get(f"/v1/games/{gid}/versions/{before}/actions", query_string={"seat": seat})
        assert got.status_code == 200, got.json
        answers = got.json["seats"][0]["actions"]
        assert [a["action"] for a in answers] == rules.legal_actions(states[before], seat)
        assert all(a["accepted"] and len(a["text"]) == len(a["facts"]) for a in answers)
        tried = client.post(f"/v1/games/{gid}/versions/{before}/try", json={"seat": seat, "action": ev["action"]})
        assert tried.status_code == 200 and tried.json["accepted"], tried.json
        assert tried.json["facts"] == ev["facts"] and tried.json["stopped"] is None
        refused = client.post(f"/v1/games/{gid}/versions/{before}/try",
                              json={"seat": seat, "action": {**ev["action"], "surplus": True}})
        assert refused.status_code == 200 and not refused.json["accepted"] and "." in refused.json["code"]
        other = (seat + 1) % len(record["players"])
        if other not in rules.to_act(states[before]):
            late = client.post(f"/v1/games/{gid}/versions/{before}/try", json={"seat": other, "action": ev["action"]})
            if ev["action"]["type"] in out_of_turn(rules):  # Felinia's sale: any seat's, the rules answer it
                assert late.json["accepted"] or late.json["code"] != "turn.not_yours", late.json
            else:
                assert not late.json["accepted"] and late.json["code"] == "turn.not_yours", late.json
    last = record["events"][-1]["version"]
    over = client.post(f"/v1/games/{gid}/versions/{last}/try", json={"seat": 0, "action": taken[-1]["action"]})
    assert over.json["code"] == "game.over"


def play(client: Any, game: str) -> tuple[str, list[str], str]:
    """An organised game of people for every seat, created with a client seed."""
    rules = registry.get(game)
    names = [f"p{n}" for n in range(rules.MIN_SEATS)]
    created = client.post("/v1/games", json={"game": game, "players": names, "seed": f"running-{game}"}).json
    return created["id"], [s["token"] for s in created["seats"]], created["host_token"]


@pytest.mark.parametrize("game", GAMES)
def test_a_running_game_answers_a_seat_about_itself_from_what_it_could_see(client: Any, game: str) -> None:
    rules = registry.get(game)
    gid, tokens, host = play(client, game)
    shiplog = client.application.extensions["shiplog"]
    rnd = random.Random(game)
    stops = 0
    for _ in range(MOVES):
        game_now = shiplog.get_game(UUID(gid))
        if game_now.status != "active":
            break
        version, state, seed = game_now.version, game_now.state, game_now.seed
        seat = min(game_now.to_act())
        mine = client.get(f"/v1/games/{gid}/versions/{version}/actions", headers=auth(tokens[seat]))
        assert mine.status_code == 200, mine.json
        answers = mine.json["seats"][0]["actions"]
        assert [a["action"] for a in answers] == rules.legal_actions(state, seat)
        for answer in answers:
            rng = Rng(seed, f"event:{version + 1}")
            full = json.loads(json.dumps(rules.decide(state, seat, answer["action"], rng)))
            cut = next((i for i, f in enumerate(full) if rules.reveals(f)), len(full))
            if rng.draws:
                assert answer["stopped"] == "draw" and answer["facts"] == [], answer
            else:
                assert answer["facts"] == redacted(rules, full[:cut], seat)
                assert answer["stopped"] == ("reveal" if cut < len(full) else None)
            stops += answer["stopped"] is not None
        action = answers[rnd.randrange(len(answers))]["action"]
        tried = client.post(f"/v1/games/{gid}/versions/{version}/try", json={"action": action}, headers=auth(tokens[seat]))
        assert tried.status_code == 200 and tried.json["accepted"] and tried.json["seat"] == seat
        for other in range(len(tokens)):
            if other != seat:  # nobody asks about another seat, nor with another seat's token
                assert client.get(f"/v1/games/{gid}/versions/{version}/actions", query_string={"seat": other},
                                  headers=auth(tokens[seat])).status_code == 403
                assert client.post(f"/v1/games/{gid}/versions/{version}/try", json={"seat": seat, "action": action},
                                   headers=auth(tokens[other])).status_code == 403
        for headers in (auth(host), {}):  # the host sees no secret while the game runs; nor does a spectator
            asked = client.get(f"/v1/games/{gid}/versions/{version}/actions", headers=headers)
            assert asked.status_code == (403 if headers else 401), asked.json
            tried = client.post(f"/v1/games/{gid}/versions/{version}/try", json={"seat": seat, "action": action},
                                headers=headers)
            assert tried.status_code == (403 if headers else 401), tried.json
        assert client.post(f"/v1/games/{gid}/actions", json=action, headers=auth(tokens[seat])).status_code == 201
    if game in ("puerto-rico", "high-card"):
        assert stops > 0  # the probe did meet a draw or a reveal


def test_high_card_a_seat_cannot_tell_the_other_hand_from_the_deck(client: Any) -> None:
    """Seat 0 tries to play each card it does not hold: whether the card is in the other hand or
    in the deck, the answer is the same refusal; a draw is accepted and shows no card."""
    gid, tokens, _host = play(client, "high-card")
    game = client.application.extensions["shiplog"].get_game(UUID(gid))
    own, other = game.state.hands[0], game.state.hands[1]
    answers = {}
    for card in range(1, 10):
        if card not in own:
            body = client.post(f"/v1/games/{gid}/versions/{game.version}/try", json={"action": {"type": "play", "card": card}},
                               headers=auth(tokens[0])).json
            answers[card] = {k: v for k, v in body.items() if k != "action"}
    assert len({json.dumps(a, sort_keys=True) for a in answers.values()}) == 1, answers
    assert any(c in other for c in answers) and any(c in game.state.deck for c in answers)
    drawn = client.post(f"/v1/games/{gid}/versions/{game.version}/try", json={"action": {"type": "draw"}},
                        headers=auth(tokens[0])).json
    assert drawn["accepted"] and drawn["stopped"] == "draw" and drawn["facts"] == [] and drawn["text"] == []
    assert "note" in drawn and str(game.state.deck[0]) not in json.dumps({k: drawn[k] for k in ("facts", "text")})


@pytest.mark.parametrize(("method", "path", "body", "status", "code"), [
    ("get", "/v1/games/{gid}/versions/999999/actions", None, 404, "version.not_found"),
    ("get", "/v1/games/{gid}/versions/-1/actions", None, 404, "route.not_found"),
    ("get", "/v1/games/{gid}/versions/99999999999999999999/actions", None, 404, "version.not_found"),
    ("get", "/v1/games/{gid}/versions/1/actions?seat=abc", None, 400, "query.invalid"),
    ("get", "/v1/games/{gid}/versions/1/actions?seat=-1", None, 400, "query.invalid"),
    ("get", "/v1/games/{gid}/versions/1/actions?seat=7", None, 404, "seat.not_found"),
    ("get", "/v1/games/not-a-uuid/versions/1/actions", None, 404, "game.not_found"),
    ("get", "/v1/games/00000000-0000-0000-0000-000000000000/versions/1/actions", None, 404, "game.not_found"),
    ("post", "/v1/games/{gid}/versions/1/try", "{not json", 400, "body.malformed_json"),
    ("post", "/v1/games/{gid}/versions/1/try", "[1, 2]", 422, "body.not_an_object"),
    ("post", "/v1/games/{gid}/versions/1/try", "{}", 422, "body.invalid"),
    ("post", "/v1/games/{gid}/versions/1/try", '{"seat": 0, "action": "pass"}', 422, "body.invalid"),
    ("post", "/v1/games/{gid}/versions/1/try", '{"seat": "0", "action": {}}', 422, "body.invalid"),
    ("post", "/v1/games/{gid}/versions/1/try", '{"seat": 0, "action": {"type": "draw"}, "x": 1}', 422, "body.invalid"),
    ("post", "/v1/games/{gid}/versions/1/try", '{"seat": 0, "action": {}}', 422, "body.invalid"),
    ("post", "/v1/games/{gid}/versions/1/try", '{"seat": 0, "action": {"type": 7}}', 422, "body.invalid"),
    ("post", "/v1/games/{gid}/versions/1/try", '{"seat": 0, "action": {"type": "draw", "n": 1e300}}', 400, None),
    ("post", "/v1/games/{gid}/versions/1/try", '{"seat": 6, "action": {"type": "draw"}}', 404, "seat.not_found"),
    ("post", "/v1/games/{gid}/versions/999/try", '{"seat": 0, "action": {"type": "draw"}}', 404, "version.not_found"),
    ("post", "/v1/games/{gid}/versions/1/try", '{"seat": 0, "action": ' + "[" * 5000 + "]" * 5000 + "}", 400, None),
])
def test_bad_questions_are_4xx_never_500(client: Any, method: str, path: str, body: str | None, status: int,
                                          code: str | None) -> None:
    record = finished_record(client, "high-card")
    headers = {"Content-Type": "application/json"}
    resp = getattr(client, method)(path.format(gid=record["id"]), data=body, headers=headers)
    assert resp.status_code == status, resp.json
    if code:
        assert resp.json["code"] == code


def test_a_finished_game_answers_with_refusals_as_answers_not_errors(client: Any) -> None:
    record = finished_record(client, "high-card")
    gid = record["id"]
    for action in ({"type": "no_such"}, {"type": "play"}, {"type": "play", "card": "x"}, {"type": "play", "card": [1]},
                   {"type": "draw", "deep": {"a": [{"b": None}]}}):
        resp = client.post(f"/v1/games/{gid}/versions/1/try", json={"seat": 0, "action": action})
        assert resp.status_code == 200 and resp.json["accepted"] is False and resp.json["code"], (action, resp.json)
    both = client.get(f"/v1/games/{gid}/versions/1/actions").json  # no seat, no token: the seats to act then
    assert [row["seat"] for row in both["seats"]] == both["to_act"]
    nobody = client.post(f"/v1/games/{gid}/versions/{record['events'][-1]['version']}/try", json={"action": {"type": "draw"}})
    assert nobody.status_code == 422 and nobody.json["code"] == "try.seat_required"
    assert client.post(f"/v1/games/{gid}/versions/1/try", data="{}", headers={"Content-Type": "text/plain"}).status_code == 415


def test_players_at_a_game_with_open_seats_ask_about_their_own_seat_only(client: Any) -> None:
    from tests.test_api_play import join, open_game, play_out, register

    ann, bob, carl = (register(client, n) for n in ("ann", "bob", "carl"))
    game = open_game(client, ann, 2)
    gid = game["id"]
    before = client.get(f"/v1/games/{gid}/versions/0/actions", headers=auth(ann["token"]))
    assert before.status_code == 200 and before.json["seats"] == [{"seat": 0, "actions": []}]
    refused = client.post(f"/v1/games/{gid}/versions/0/try", json={"action": {"type": "draw"}}, headers=auth(ann["token"])).json
    assert refused["code"] == "game.not_started"
    assert join(client, game, bob).status_code == 201
    version = client.get(f"/v1/games/{gid}").json["version"]
    asked = client.get(f"/v1/games/{gid}/versions/{version}/actions", headers=auth(ann["token"]))
    assert asked.status_code == 200 and asked.json["seats"][0]["seat"] == 0
    assert client.get(f"/v1/games/{gid}/versions/{version}/actions?seat=1", headers=auth(ann["token"])).status_code == 403
    assert client.get(f"/v1/games/{gid}/versions/{version}/actions", headers=auth(carl["token"])).status_code == 403
    assert client.post(f"/v1/games/{gid}/versions/{version}/try", json={"action": {"type": "draw"}},
                       headers=auth(carl["token"])).status_code == 403
    assert client.get(f"/v1/games/{gid}/versions/{version}/actions", headers=auth("no-such-token")).status_code == 401
    play_out(client, gid, {0: ann["token"], 1: bob["token"]})
    after = client.get(f"/v1/games/{gid}/versions/{version}/actions?seat=1", headers=auth(carl["token"]))
    assert after.status_code == 200 and after.json["seats"][0]["seat"] == 1  # over: public
