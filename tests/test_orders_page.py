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
