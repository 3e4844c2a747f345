"""Selling «в любое время (!)» (rules page §3.2, FE-AMB-10): a seat may sell gold, spice and goods
whenever the game runs, also while another seat is to act. The sale changes nobody's turn, its
goods reach the bag at once (the next preparation draws them), every other action of a waiting
seat is still `turn.not_yours`, and over HTTP a sale racing another seat's move either lands in
order or loses with 409/412 and lands when retried: never a lost sale."""

from __future__ import annotations

import html
import json
import re
from dataclasses import replace
from typing import Any
from uuid import UUID

from flask.testing import FlaskClient

import domain.felinia as fe
from domain.felinia.components import C
from domain.felinia.state import State, Step
from service.app import create_app
from tests.test_api import auth, problem
from tests.test_web import create, csrf, sign_up

from .helpers import (
    BLUE,
    GREEN,
    RED,
    act,
    act_facts,
    goods,
    legal,
    names,
    new,
    no_goods,
    refused,
    settle_facts,
    with_player,
)

Json = dict[str, Any]
STORE = {"type": "store_fourth"}


def sale(g: str, n: int = 1) -> Json:
    return {"type": "sell", "item": "goods", "goods": g, "count": n}


def test_a_seat_sells_while_another_is_bidding() -> None:
    state = new()
    assert fe.to_act(state) == {BLUE} and state.step is Step.BIDDING
    g = next(g for g, n in zip(C.goods, state.players[GREEN].goods, strict=True) if n)  # a start good
    assert legal(state, GREEN) and all(a["type"] == "sell" for a in legal(state, GREEN))
    after, facts = act_facts(state, GREEN, sale(g))
    assert names(facts) == ["ItemsSold"] and fe.to_act(after) == {BLUE}  # nobody's turn changed
    assert after.players[GREEN].silver == state.players[GREEN].silver + 1
    assert after.bag[C.goods.index(g)] == state.bag[C.goods.index(g)] + 1  # into the bag at once
    refused(state, GREEN, {"type": "place_bid", "target": "own_board"}, "turn.not_yours")
    refused(state, GREEN, {"type": "sell", "item": "gold", "count": 1}, "sell.not_held")
    after = act(after, BLUE, {"type": "place_bid", "target": "own_board"})  # Blue's bid, as before
    assert fe.to_act(after) == {RED} and after.players[GREEN].silver == state.players[GREEN].silver + 1


def test_seats_not_at_the_table_and_a_finished_game_sell_nothing() -> None:
    state = new()
    for stranger in (-1, 4, True):
        refused(state, stranger, sale("wine"), "turn.not_yours")  # type: ignore[arg-type]
        assert fe.legal_actions(state, stranger) == []  # type: ignore[arg-type]
    over = replace(state, step=Step.GAME_OVER, scores=(0, 0, 0, 0))
    refused(over, GREEN, sale("wine"), "game.over")
    assert all(fe.legal_actions(over, s) == [] for s in range(4))


def storage_with_an_empty_bag(seller_goods: tuple[int, ...]) -> State:
    """Red owes storage (4 goods, 2 silver), Green owes nothing; the bag and the markets are empty."""
    state = no_goods(new())
    state = replace(state, bag=goods(), markets=tuple(goods() for _ in state.markets))
    state = with_player(state, RED, goods=goods(wine=4), silver=2)
    state = with_player(state, GREEN, goods=seller_goods)
    state, facts = settle_facts(replace(state, step=Step.EXPLORATION, sailing=(), expedition=None, voyage=None))
    assert {"t": "StorageBegan", "owing": [RED]} in facts and fe.to_act(state) == {RED}
    return state


def drawn(facts: list[Json]) -> list[str]:
    return [g for f in facts if f["t"] == "MarketRefilled" for g in f["drawn"]]


def test_a_sale_out_of_turn_reaches_the_bag_before_the_preparation_draws() -> None:
    """FE-AMB-10: Green's books, sold while Red stores, are what the markets are refilled with."""
    quiet = storage_with_an_empty_bag(goods(books=1))
    _, facts = act_facts(quiet, RED, STORE)  # Red keeps 4: storage ends, the preparation runs
    assert "BiddingBegan" in names(facts) and drawn(facts) == []  # nothing in the bag to draw
    sold, facts = act_facts(quiet, GREEN, sale("books"))
    assert names(facts) == ["ItemsSold"] and fe.to_act(sold) == {RED}
    _, facts = act_facts(sold, RED, STORE)
    assert "BiddingBegan" in names(facts) and drawn(facts) == ["books"]


def test_a_seat_done_with_its_final_sales_may_still_sell() -> None:
    """FE-AMB-39 is the asynchronous form of "any time" before the count; it does not end it."""
    state = with_player(with_player(no_goods(new()), BLUE, silver=3, spice=2), RED, silver=2, goods=goods(wine=1))
    state, _ = settle_facts(replace(state, end_trigger="last_merchant", step=Step.EXPLORATION, sailing=(),
                                    expedition=None))
    assert BLUE in fe.to_act(state)
    state = act(state, BLUE, {"type": "final_done"})
    assert BLUE not in fe.to_act(state) and not state.over
    state, facts = act_facts(state, BLUE, {"type": "sell", "item": "spice", "count": 1})
    assert names(facts) == ["ItemsSold"] and state.players[BLUE].silver == 4 and BLUE not in fe.to_act(state)
    refused(state, BLUE, {"type": "final_done"}, "turn.not_yours")


# -- over HTTP -----------------------------------------------------------------------------------


def felinia(client: FlaskClient) -> Json:
    body = {"game": "felinia", "players": ["ann", "bob", "cy"], "options": {"first_player": 0},
            "seed": "selling at any time"}
    resp = client.post("/v1/games", json=body)
    assert resp.status_code == 201, resp.json
    return resp.json  # type: ignore[no-any-return]


def tokens(game: Json) -> tuple[Json, Json, Json]:
    """Ann (to bid first), Bob and Cy (waiting, with start goods to sell)."""
    return auth(game["seats"][0]["token"]), auth(game["seats"][1]["token"]), auth(game["seats"][2]["token"])


def sales_of(client: FlaskClient, gid: str, headers: Json) -> list[Json]:
    """The `sell` actions the token's seat may send now (`GET .../actions`)."""
    actions = client.get(f"/v1/games/{gid}/actions", headers=headers).json["actions"]
    sales = [a for a in actions if a["type"] == "sell"]
    assert sales
    return sales


def sold(client: FlaskClient, gid: str) -> list[Json]:
    """Every ItemsSold fact in the log."""
    rows = client.get(f"/v1/games/{gid}/events?after=-1&limit=200").json["events"]
    return [f for ev in rows for f in ev.get("facts", []) if f["t"] == "ItemsSold"]


def test_a_waiting_seat_lists_and_posts_its_sales_over_http(client: FlaskClient) -> None:
    game = felinia(client)
    gid = game["id"]
    ann, bob, _cy = tokens(game)
    assert client.get(f"/v1/games/{gid}").json["to_act"] == [0]
    listed = client.get(f"/v1/games/{gid}/actions", headers=bob).json["actions"]
    assert listed == sales_of(client, gid, bob)  # out of turn: its sales and nothing else
    sale_ = listed[0]
    resp = client.post(f"/v1/games/{gid}/actions", json=sale_, headers=bob)
    assert resp.status_code == 201, resp.json
    assert resp.json["to_act"] == [0] and all(a["type"] == "sell" for a in resp.json["actions"])
    problem(client.post(f"/v1/games/{gid}/actions", json={"type": "place_bid", "target": "own_board"}, headers=bob),
            403, "turn.not_yours")
    assert client.post(f"/v1/games/{gid}/actions", json={"type": "place_bid", "target": "own_board"},
                       headers=ann).status_code == 201
    assert [f["seat"] for f in sold(client, gid)] == [1]


def test_a_sale_and_a_bid_with_the_same_if_match_one_wins_the_other_412_then_lands(client: FlaskClient) -> None:
    game = felinia(client)
    gid = game["id"]
    ann, bob, cy = tokens(game)
    bid = {"type": "place_bid", "target": "own_board"}

    def post(headers: Json, action: Json, version: int) -> Any:
        return client.post(f"/v1/games/{gid}/actions", json=action, headers={**headers, "If-Match": f'"{version}"'})

    # Bob's sale wins over Ann's bid, both sent having seen version 0; Ann's bid, sent again, lands
    assert post(bob, sales_of(client, gid, bob)[0], 0).status_code == 201
    problem(post(ann, bid, 0), 412, "version.stale")
    assert post(ann, bid, 1).status_code == 201
    # Bob's bid wins over Cy's sale, both sent having seen version 2; Cy's sale, sent again, lands
    cy_sale = sales_of(client, gid, cy)[0]
    assert post(bob, bid, 2).status_code == 201
    problem(post(cy, cy_sale, 2), 412, "version.stale")
    assert [f["seat"] for f in sold(client, gid)] == [1]  # the refused sale changed nothing
    assert post(cy, cy_sale, 3).status_code == 201
    assert [f["seat"] for f in sold(client, gid)] == [1, 2]  # both sales, each once
    view = client.get(f"/v1/games/{gid}").json
    assert view["version"] == 4 and view["to_act"] == [2]  # Ann and Bob have bid: Cy's turn


def test_without_if_match_a_sale_and_a_bid_land_in_order(client: FlaskClient) -> None:
    game = felinia(client)
    gid = game["id"]
    ann, bob, _cy = tokens(game)
    before = client.get(f"/v1/games/{gid}", headers=bob).json["state"]["players"][1]["silver"]
    first_sale = sales_of(client, gid, bob)[0]
    assert client.post(f"/v1/games/{gid}/actions", json=first_sale, headers=bob).status_code == 201
    assert client.post(f"/v1/games/{gid}/actions", json={"type": "place_bid", "target": "guild"},
                       headers=ann).status_code == 201
    second_sale = sales_of(client, gid, bob)[0]
    resp = client.post(f"/v1/games/{gid}/actions", json=second_sale, headers=bob)
    assert resp.status_code == 201 and resp.json["to_act"] == [1]  # Bob's turn now: he bids next
    assert [f["seat"] for f in sold(client, gid)] == [1, 1]
    after = client.get(f"/v1/games/{gid}", headers=bob).json["state"]["players"][1]["silver"]
    assert after == min(C.silver_max, before + first_sale["count"] + second_sale["count"])


def test_a_sale_that_loses_the_race_at_the_store_is_409_and_lands_when_retried(sqlite_env: dict[str, str]) -> None:
    """Two workers on one store; the second still holds the game as it was before Ann's bid, so
    Bob's sale through it loses the race (409) and changes nothing; sent again, it lands."""
    first = create_app({"TESTING": True}, sqlite_env).test_client()
    stale = create_app({"TESTING": True}, {**sqlite_env, "AGGREGATE_CACHE_FASTFORWARD": "n"}).test_client()
    game = felinia(first)
    gid = game["id"]
    ann, bob, _cy = tokens(game)
    assert stale.get(f"/v1/games/{gid}").json["version"] == 0  # cached at version 0
    action = sales_of(first, gid, bob)[0]
    assert first.post(f"/v1/games/{gid}/actions", json={"type": "place_bid", "target": "own_board"},
                      headers=ann).status_code == 201
    problem(stale.post(f"/v1/games/{gid}/actions", json=action, headers=bob), 409, "version.conflict")
    assert sold(first, gid) == []
    resp = first.post(f"/v1/games/{gid}/actions", json=action, headers=bob)
    assert resp.status_code == 201 and resp.json["version"] == 2
    assert [f["seat"] for f in sold(first, gid)] == [1]


def test_the_page_shows_a_waiting_seat_its_sales_and_posts_them(app: Any) -> None:
    ann = sign_up(app, "ann")
    gid = create(ann, "felinia", 2, **{"option.first_player": "1"})
    bob = sign_up(app, "bob")
    page = bob.get(f"/games/{gid}").get_data(as_text=True)
    assert bob.post(f"/games/{gid}/join", data={"csrf_token": csrf(page)}).status_code == 303
    shiplog = app.extensions["shiplog"]
    game = shiplog.get_game(UUID(gid))
    assert game.to_act() == {1}  # Bob bids first; Ann waits
    page = ann.get(f"/games/{gid}").get_data(as_text=True)
    said = re.sub(r"<script[^>]*>.*?</script>", "", page, flags=re.S)  # (not the script's words for later)
    assert "Your turn" not in said and "Waiting for bob" in said and "out of turn" in said
    listed = game.legal_actions(0)
    assert listed and all(a["type"] == "sell" for a in listed)
    shown = [json.loads(html.unescape(a)) for a in re.findall(r'data-action="([^"]+)"', page)]
    assert shown == listed  # every sale a button, nothing else
    moved = ann.post(f"/games/{gid}/act", data={"csrf_token": csrf(page), "action": json.dumps(listed[0]),
                                               "version": str(game.version)})
    assert moved.status_code == 303, moved.get_data(as_text=True)
    after = shiplog.get_game(game.id)
    assert after.version == game.version + 1 and after.to_act() == {1}
    assert "Your turn" in bob.get(f"/games/{gid}").get_data(as_text=True)
