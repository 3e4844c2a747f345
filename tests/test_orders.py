"""Standing orders (issue 32, items 3 and 4) over HTTP: a seat queues actions for its coming
decisions; when its step comes the first that is legal (and whose condition holds) is played for
it, a "next" one is used up, one not legal then is dropped and its seat told; orders are listed,
changed and cancelled; they race moves like any command; `replay verify` re-decides the moves
they played.

High Card, seed "orders 0": ann holds 4 and 6, bob 5 and 3, the deck 7, 9, 2, 8, 1; ann begins.
Who sees what is in tests/test_orders_secret.py.
"""

from __future__ import annotations

import copy
from typing import Any
from uuid import UUID

import pytest

from domain.core.record import verify
from service.outcomes import VersionConflict

Json = dict[str, Any]
PLAY_5 = {"type": "play", "card": 5}


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def new_game(client: Any, forced: bool = True) -> tuple[str, str, str]:
    """(game id, ann's token, bob's token)."""
    created = client.post("/v1/games", json={"game": "high-card", "players": ["ann", "bob"], "seed": "orders 0",
                                             "forced_moves": forced})
    assert created.status_code == 201, created.json
    return created.json["id"], created.json["seats"][0]["token"], created.json["seats"][1]["token"]


def order(client: Any, gid: str, token: str, action: Json, scope: str = "next", condition: Json | None = None) -> Json:
    resp = client.post(f"/v1/games/{gid}/orders", json={"action": action, "scope": scope, "condition": condition},
                       headers=auth(token))
    assert resp.status_code == 201, resp.json
    return resp.json  # type: ignore[no-any-return]


def act(client: Any, gid: str, token: str, action: Json) -> Json:
    resp = client.post(f"/v1/games/{gid}/actions", json=action, headers=auth(token))
    assert resp.status_code == 201, resp.json
    return resp.json  # type: ignore[no-any-return]


def rows(client: Any, gid: str, token: str, after: int = -1) -> list[Json]:
    return client.get(f"/v1/games/{gid}/events?after={after}", headers=auth(token)).json["events"]  # type: ignore[no-any-return]


def test_an_order_is_played_when_its_step_comes_and_used_up(client: Any, app: Any) -> None:
    gid, ann, bob = new_game(client)
    given = order(client, gid, bob, PLAY_5)
    number = given["events"][0]["version"]
    assert given["orders"] == [{"id": number, "action": PLAY_5, "scope": "next", "condition": None}]
    answer = act(client, gid, ann, {"type": "play", "card": 4})
    played = answer["events"][1]
    assert (played["seat"], played["action"]) == (1, PLAY_5)  # in ann's own answer: bob was not woken
    assert answer["to_act"] == [0]
    seen = rows(client, gid, bob)[-1]
    assert (seen["auto"], seen["order"]) == ("order", number)
    assert seen["text"][0] == f"Played by bob's standing order #{number}: bob plays the 5."
    assert client.get(f"/v1/games/{gid}/orders", headers=auth(bob)).json["orders"] == []  # used up


def test_an_order_not_legal_when_its_step_comes_is_dropped_and_its_seat_told(client: Any) -> None:
    gid, ann, bob = new_game(client)
    number = order(client, gid, bob, {"type": "play", "card": 9})["events"][0]["version"]  # not in his hand
    order(client, gid, bob, {"type": "draw"}, scope="always")
    answer = act(client, gid, ann, {"type": "play", "card": 4})
    assert [e["type"] for e in answer["events"]] == ["ActionTaken", "Secret", "ActionTaken"]  # as ann sees it
    dropped, drawn = rows(client, gid, bob)[-2:]
    assert dropped["type"] == "OrderDropped" and dropped["detail"] == {"order": number, "reason": "not_legal"}
    assert dropped["text"] == [f"Standing order #{number} of bob is dropped: its action was not legal then."]
    assert (drawn["action"], drawn["auto"]) == ({"type": "draw"}, "order")  # the next order that applied
    assert [o["action"] for o in client.get(f"/v1/games/{gid}/orders", headers=auth(bob)).json["orders"]] == [
        {"type": "draw"}]  # "always" stays


def test_an_always_order_not_legal_is_skipped_and_kept(client: Any) -> None:
    gid, ann, bob = new_game(client)
    order(client, gid, bob, {"type": "draw"}, scope="always")
    act(client, gid, ann, {"type": "play", "card": 4})  # bob draws the 7 (3 cards)
    answer = act(client, gid, ann, {"type": "play", "card": 6})  # bob's hand is full: he chooses
    assert answer["to_act"] == [1] and len(answer["events"]) == 1
    assert len(client.get(f"/v1/games/{gid}/orders", headers=auth(bob)).json["orders"]) == 1


def test_a_condition_is_judged_on_what_the_seat_sees(client: Any) -> None:
    gid, ann, bob = new_game(client)
    listed = client.get(f"/v1/games/{gid}/orders", headers=auth(bob)).json
    assert [c["if"] for c in listed["conditions"]] == ["deck_at_least"]
    for condition in ({"if": "moon_is_full"}, {"if": ["deck_at_least"]}, {"if": "deck_at_least", "cards": "6"},
                      {"if": "deck_at_least"}):
        bad = client.post(f"/v1/games/{gid}/orders", json={"action": PLAY_5, "condition": condition}, headers=auth(bob))
        assert bad.status_code == 422 and bad.json["code"] == "order.condition", condition
    number = order(client, gid, bob, PLAY_5, condition={"if": "deck_at_least", "cards": 6})["events"][0]["version"]
    order(client, gid, bob, {"type": "play", "card": 3}, condition={"if": "deck_at_least", "cards": 5})
    act(client, gid, ann, {"type": "play", "card": 4})
    dropped, played = rows(client, gid, bob)[-2:]
    assert dropped["detail"] == {"order": number, "reason": "condition"}  # the deck holds 5
    assert played["action"] == {"type": "play", "card": 3} and played["auto"] == "order"


def test_orders_are_changed_and_cancelled(client: Any) -> None:
    gid, ann, bob = new_game(client)
    first = order(client, gid, bob, PLAY_5)["events"][0]["version"]
    second = order(client, gid, bob, {"type": "draw"})["events"][0]["version"]
    changed = client.put(f"/v1/games/{gid}/orders/{first}", json={"action": {"type": "play", "card": 3}},
                         headers=auth(bob))
    assert changed.status_code == 201 and changed.json["orders"][0]["action"] == {"type": "play", "card": 3}
    cancelled = client.delete(f"/v1/games/{gid}/orders/{first}", headers=auth(bob))
    assert [o["id"] for o in cancelled.json["orders"]] == [second]
    missing = client.delete(f"/v1/games/{gid}/orders/{first}", headers=auth(bob))
    assert missing.status_code == 404 and missing.json["code"] == "order.not_found"
    assert client.delete(f"/v1/games/{gid}/orders/{second}", headers=auth(ann)).status_code == 404  # not ann's
    client.delete(f"/v1/games/{gid}/orders/{second}", headers=auth(bob))
    assert act(client, gid, ann, {"type": "play", "card": 4})["to_act"] == [1]  # nothing left to play for bob


def test_giving_an_order_judges_nothing_and_a_seat_to_act_has_it_played_at_once(client: Any) -> None:
    gid, ann, _bob = new_game(client)
    given = order(client, gid, ann, {"type": "play", "card": 9})  # ann does not hold the 9: nothing is said
    assert [e["type"] for e in given["events"]] == ["OrderGiven", "OrderDropped"]  # her step is now: tried at once
    played = order(client, gid, ann, {"type": "play", "card": 6})
    assert [e["type"] for e in played["events"]] == ["OrderGiven", "ActionTaken"] and played["to_act"] == [1]


def test_an_order_and_a_move_racing_for_one_version_one_wins_the_other_is_refused(client: Any, app: Any) -> None:
    shiplog = app.extensions["shiplog"]
    for first, second in (("move", "order"), ("order", "move")):
        gid, _ann, bob = new_game(client)
        mover, orderer = shiplog.get_game(UUID(gid)), shiplog.get_game(UUID(gid))  # both read the same version
        commands = {"move": lambda mover=mover: shiplog.submit(mover, 0, {"type": "draw"}),
                    "order": lambda orderer=orderer: shiplog.give_order(orderer, 1, PLAY_5)}
        commands[first]()
        with pytest.raises(VersionConflict):
            commands[second]()
    stale = client.post(f"/v1/games/{gid}/orders", json={"action": PLAY_5}, headers={**auth(bob), "If-Match": '"0"'})
    assert stale.status_code == 412 and stale.json["code"] == "version.stale"


def test_replay_verify_re_decides_the_moves_orders_played(client: Any, app: Any) -> None:
    gid, ann, bob = new_game(client)
    order(client, gid, bob, PLAY_5)
    order(client, gid, bob, {"type": "draw"}, scope="always")
    act(client, gid, ann, {"type": "play", "card": 4})
    act(client, gid, ann, {"type": "play", "card": 6})
    shiplog = app.extensions["shiplog"]
    record, seed = shiplog.record(UUID(gid)), shiplog.get_game(UUID(gid)).seed
    report = verify(record, seed=seed)
    assert report.ok and report.hashes_checked
    ordered = [e for e in record["events"] if e.get("auto") == "order"]
    assert len(ordered) == 3  # the 5, then a draw twice by the standing "always" order
    forged = copy.deepcopy(record)
    next(e for e in forged["events"] if e.get("auto") == "order")["order"] = 99  # an order bob never gave
    bad = verify(forged, seed=seed)
    assert not bad.ok and "standing order #99" in bad.divergence.problem  # type: ignore[union-attr]


def test_next_lists_the_decision_the_seat_faces_and_the_last_of_each_kind_it_met(client: Any) -> None:
    gid, ann, bob = new_game(client, forced=False)
    assert client.get(f"/v1/games/{gid}/next", headers=auth(bob)).json["decisions"] == []  # met none yet
    now = client.get(f"/v1/games/{gid}/next", headers=auth(ann)).json["decisions"]
    assert now == [{"step": ["draw", "play"], "actions": [{"type": "play", "card": 4}, {"type": "play", "card": 6},
                                                          {"type": "draw"}], "at": None}]
    act(client, gid, ann, {"type": "draw"})  # ann holds 4, 6, 7
    act(client, gid, bob, {"type": "play", "card": 3})
    act(client, gid, ann, {"type": "play", "card": 7})
    met = client.get(f"/v1/games/{gid}/next", headers=auth(ann)).json["decisions"]
    assert [(d["step"], d["at"]) for d in met] == [(["play"], 2), (["draw", "play"], 0)]  # newest first
    assert client.get(f"/v1/games/{gid}/next", headers=auth(bob)).json["decisions"][0]["at"] is None  # bob to act


def test_a_seat_keeps_twenty_orders_and_changes_them_thirty_times_in_ten_minutes(client: Any) -> None:
    gid, _ann, bob = new_game(client)
    numbers = [order(client, gid, bob, {"type": "play", "card": n})["events"][0]["version"] for n in range(20)]
    full = client.post(f"/v1/games/{gid}/orders", json={"action": PLAY_5}, headers=auth(bob))
    assert full.status_code == 422 and full.json["code"] == "order.too_many"
    for number in numbers[:10]:
        assert client.delete(f"/v1/games/{gid}/orders/{number}", headers=auth(bob)).status_code == 201
    often = client.delete(f"/v1/games/{gid}/orders/{numbers[10]}", headers=auth(bob))
    assert often.status_code == 429 and often.json["code"] == "order.too_often"
