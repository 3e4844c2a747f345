"""The game page's "Standing orders" panel (issue 32, item 3): a seat queues one of the moves of
its "what could I do next" answer, or a move typed as JSON, next time or every time, with one
of the game's conditions, and cancels it; a refused order is said on the page, nothing stored."""

from __future__ import annotations

import html
from typing import Any
from uuid import UUID

from tests.test_web import create, csrf, sign_up


def test_a_seat_queues_and_cancels_standing_orders_on_its_page(app: Any) -> None:
    ann = sign_up(app, "ann")
    gid = create(ann, "high-card", 2, **{"seat.1": "highest"})
    shiplog = app.extensions["shiplog"]
    page = html.unescape(ann.get(f"/games/{gid}").get_data(as_text=True))
    assert "Standing orders" in page and '<option value="{"card":' in page  # her moves now, to queue
    assert "the deck still holds this many cards" not in page  # a condition with a number to give: the API's
    form = {"csrf_token": csrf(page), "action": '{"type":"draw"}', "scope": "always",
            "condition": '{"if":"deck_at_least","cards":99}'}
    assert ann.post(f"/games/{gid}/orders", data=form).status_code == 422  # 99 cards: out of bounds, as the API says
    queued = ann.post(f"/games/{gid}/orders", data={**form, "condition": "", "typed": '{"type": "draw", "x": 1}'})
    assert queued.status_code == 303  # a move no rule lists is queued all the same: nothing is judged now
    game = shiplog.get_game(UUID(gid))
    assert [(o.action, o.scope) for o in game.orders_of(0)] == [({"type": "draw", "x": 1}, "always")]
    page = html.unescape(ann.get(f"/games/{gid}").get_data(as_text=True))
    number = game.orders_of(0)[0].id
    assert f"#{number} Draw: " in page and "every time" in page
    assert ann.post(f"/games/{gid}/orders/{number}/cancel", data={"csrf_token": csrf(page)}).status_code == 303
    assert shiplog.get_game(UUID(gid)).orders_of(0) == []
    watcher = html.unescape(sign_up(app, "dee").get(f"/games/{gid}").get_data(as_text=True))
    assert "Standing orders" not in watcher and "Queue a move" not in watcher


def test_a_seat_changes_a_standing_order_on_its_page_and_a_refused_change_keeps_it(app: Any) -> None:
    ann = sign_up(app, "ann")
    gid = create(ann, "high-card", 2, **{"seat.1": "highest"})
    shiplog = app.extensions["shiplog"]
    page = html.unescape(ann.get(f"/games/{gid}").get_data(as_text=True))
    waits = '{"if":"deck_at_least","cards":9}'  # 5 cards are left: the order waits, kept
    assert ann.post(f"/games/{gid}/orders", data={"csrf_token": csrf(page), "action": '{"type":"draw"}',
                                                  "scope": "always", "condition": waits}).status_code == 303
    number = shiplog.get_game(UUID(gid)).orders_of(0)[0].id
    page = html.unescape(ann.get(f"/games/{gid}").get_data(as_text=True))
    edit = page[page.index(f"Change #{number}"):page.index(f"Save #{number}")]
    assert '<option value="{"type":"draw"}" selected>' in edit  # the form starts from the order as it is
    assert '<option value="always" selected>' in edit
    assert '<option value="{"cards":9,"if":"deck_at_least"}" selected>' in edit  # a condition with a number, as it is
    card = shiplog.get_game(UUID(gid)).state.hands[0][0]
    changed = {"csrf_token": csrf(page), "action": f'{{"type":"play","card":{card}}}', "scope": "always",
               "condition": waits}
    assert ann.post(f"/games/{gid}/orders/{number}", data=changed).status_code == 303
    (order,) = shiplog.get_game(UUID(gid)).orders_of(0)
    assert (order.id, order.action, order.scope) == (number, {"type": "play", "card": card}, "always")
    assert order.condition == {"if": "deck_at_least", "cards": 9}
    version = shiplog.get_game(UUID(gid)).version
    refused = ann.post(f"/games/{gid}/orders/{number}", data={**changed, "scope": "sometimes"})
    assert refused.status_code == 422 and shiplog.get_game(UUID(gid)).version == version
    assert ann.post(f"/games/{gid}/orders/{number + 50}", data=changed).status_code == 404
