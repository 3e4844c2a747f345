"""The web pages without a browser (Flask's test client): the player cookie, CSRF, the board
drawn from the same redacted view the API gives the viewer, the actions as buttons, private
games, the new-game form built from OPTIONS. The browser tests are in tests/browser/."""

from __future__ import annotations

import html
import json
import re
from typing import Any
from uuid import UUID

import pytest
from flask import render_template

from domain.core import registry
from domain.core.rules import ALL
from service.web import boards
from service.web.session import COOKIE
from tests import tinygame
from tests.conftest import FakeClock

PR = {"option.expansions": ["new_buildings", "nobles"]}


def csrf(page: str) -> str:
    return re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)  # type: ignore[union-attr]


def sign_up(app: Any, name: str, base_url: str = "http://localhost") -> Any:
    client = app.test_client()
    form = client.get("/signup", base_url=base_url).get_data(as_text=True)
    response = client.post("/signup", data={"name": name, "csrf_token": csrf(form)}, base_url=base_url,
                           headers={"Referer": f"{base_url}/signup"})  # over https the token needs a same-site Referer
    assert response.status_code == 201
    client.response = response
    return client


def create(client: Any, game: str, seats: int, **fields: Any) -> str:
    form = client.get(f"/new/{game}").get_data(as_text=True)
    response = client.post(f"/new/{game}", data={"csrf_token": csrf(form), "seats": str(seats), **fields})
    assert response.status_code == 303, response.get_data(as_text=True)
    return str(response.headers["Location"].split("/games/")[1].split("?")[0])


def play_out(shiplog: Any, gid: str) -> Any:
    """The game played to its end by each seat's first legal action; the game at its end."""
    game = shiplog.get_game(UUID(gid))
    while game.status == "active":
        seat = min(game.to_act())
        shiplog.submit(game.id, seat, game.rules.legal_actions(game.state, seat)[0])
        game = shiplog.get_game(game.id)
    return game


def player_cookie(response: Any) -> str:
    return next(c for c in response.headers.getlist("Set-Cookie") if c.startswith(f"{COOKIE}="))


def test_the_player_cookie_holds_a_session_httponly_samesite_lax_secure_over_https_never_the_token(app: Any) -> None:
    ann = sign_up(app, "ann")
    plain = player_cookie(ann.response)
    assert "HttpOnly" in plain and "SameSite=Lax" in plain and "Secure" not in plain
    secure = player_cookie(sign_up(app, "bob", "https://localhost").response)
    assert "Secure" in secure and "HttpOnly" in secure and "SameSite=Lax" in secure
    session = plain.split(";")[0].split("=", 1)[1]
    token = re.search(r'value="([^"]+)" data-testid="token"', ann.response.get_data(as_text=True)).group(1)  # type: ignore[union-attr]
    assert session != token and app.extensions["shiplog"].player_by_token(session) is None
    assert app.extensions["shiplog"].player_by_token(token).name == "ann"  # the token shown once
    assert ">ann</a>" in ann.get("/").get_data(as_text=True)  # the session signs ann in


def test_forms_without_the_csrf_token_are_refused_and_change_nothing(app: Any) -> None:
    client = app.test_client()
    response = client.post("/signup", data={"name": "mallory"})
    assert response.status_code == 400 and "This form was refused" in response.get_data(as_text=True)
    ann = sign_up(app, "ann")
    gid = create(ann, "high-card", 2, **{"seat.1": "random"})
    version = app.extensions["shiplog"].get_game(UUID(gid)).version
    action = json.dumps({"type": "draw"})
    assert ann.post(f"/games/{gid}/act", data={"action": action}).status_code == 400
    assert ann.post(f"/games/{gid}/act", data={"action": action, "csrf_token": "forged"}).status_code == 400
    assert app.extensions["shiplog"].get_game(UUID(gid)).version == version
    assert app.test_client().post("/v1/players", json={"name": "api"}).status_code == 201  # the API is not affected


def board_html(app: Any, game: Any, view: dict[str, Any], seat: int | None) -> str:
    rules = game.rules
    with app.test_request_context():
        return render_template(boards.board_template(game.game, rules), view=view, seat=seat,
                               names=[s["name"] for s in game.seats], info=boards.context(rules, view),
                               players=[], to_act=sorted(game.to_act()))


def test_the_board_is_drawn_from_the_viewers_redacted_view_and_a_player_without_a_seat_sees_no_secret(app: Any) -> None:
    ann = sign_up(app, "ann")
    gid = create(ann, "puerto-rico", 3, **{"seat.1": "greedy", "seat.2": "random"}, **PR)
    shiplog = app.extensions["shiplog"]
    game = shiplog.get_game(UUID(gid))
    while game.status == "active" and game.version < 40:  # into the game: VP chips, forests, a hidden pile
        seat = min(game.to_act())
        shiplog.submit(game.id, seat, game.rules.legal_actions(game.state, seat)[0])
        game = shiplog.get_game(game.id)
    rules = game.rules
    everything = board_html(app, game, rules.view(game.state, ALL), None)
    for viewer, client in ((None, sign_up(app, "dee")), (0, ann)):
        page = html.unescape(client.get(f"/games/{gid}").get_data(as_text=True))
        game_view = client.get(f"/v1/games/{gid}").json  # what the API shows a spectator
        assert game_view["state"] == rules.view(game.state, None)
        mine = html.unescape(board_html(app, game, rules.view(game.state, viewer), viewer))
        assert mine in page
        assert html.unescape(everything) not in page
    spectator = html.unescape(sign_up(app, "eve").get(f"/games/{gid}").get_data(as_text=True))
    assert spectator.count('data-secret="vp"') == 3
    assert "Face-down order" not in spectator


def test_every_legal_action_is_a_button_and_nothing_else(app: Any) -> None:
    ann = sign_up(app, "ann")
    gid = create(ann, "navegador", 3, **{"seat.1": "greedy", "seat.2": "greedy"})
    game = app.extensions["shiplog"].get_game(UUID(gid))
    page = ann.get(f"/games/{gid}").get_data(as_text=True)
    shown = [json.loads(html.unescape(a)) for a in re.findall(r'data-action="([^"]+)"', page)]
    legal = game.rules.legal_actions(game.state, 0) if 0 in game.to_act() else []
    assert shown == legal and legal
    watcher = sign_up(app, "dee").get(f"/games/{gid}").get_data(as_text=True)
    assert 'data-action="' not in watcher  # no button (the board's marks, in single quotes, are the script's to offer)


def test_a_private_game_is_not_found_without_its_invitation(app: Any) -> None:
    ann = sign_up(app, "ann")
    form = ann.get("/new/high-card").get_data(as_text=True)
    response = ann.post("/new/high-card", data={"csrf_token": csrf(form), "seats": "2", "private": "1"})
    target = response.headers["Location"]
    gid, invite = target.split("/games/")[1].split("?invite=")
    bob = sign_up(app, "bob")
    assert bob.get(f"/games/{gid}").status_code == 404
    assert bob.get(f"/games/{gid}/replay").status_code == 404
    page = bob.get(f"/games/{gid}?invite={invite}").get_data(as_text=True)
    assert "Take a seat" in page
    joined = bob.post(f"/games/{gid}/join", data={"csrf_token": csrf(page), "invite": invite})
    assert joined.status_code == 303
    assert bob.get(f"/games/{gid}").status_code == 200  # a seat of it now


@pytest.mark.parametrize("game", registry.names())
def test_the_new_game_form_has_a_field_for_every_option(app: Any, game: str) -> None:
    page = sign_up(app, "ann").get(f"/new/{game}").get_data(as_text=True)
    for option in registry.get(game).OPTIONS:
        assert f'name="option.{option.name}"' in page
        assert option.sentence in html.unescape(page)


def test_a_bad_option_is_the_games_sentence_on_the_form(app: Any) -> None:
    ann = sign_up(app, "ann")
    form = ann.get("/new/puerto-rico").get_data(as_text=True)
    response = ann.post("/new/puerto-rico", data={"csrf_token": csrf(form), "seats": "3", "option.max_large_buildings": "9"})
    assert response.status_code == 422
    assert "max_large_buildings must be a whole number from 1 to 6" in html.unescape(response.get_data(as_text=True))


def test_the_lobby_lists_my_turn_first_then_my_games_then_open_games(app: Any) -> None:
    ann = sign_up(app, "ann")
    waiting = create(ann, "high-card", 2, **{"seat.1": "random"})
    open_one = create(ann, "high-card", 2)
    bob = sign_up(app, "bob")
    theirs = create(bob, "high-card", 2)
    page = ann.get("/lobby").get_data(as_text=True)
    assert page.index(waiting) < page.index("Your other games") < page.index(open_one) < page.index(theirs)


def test_a_take_back_is_asked_and_answered_and_table_talk_is_shown(app: Any) -> None:
    ann = sign_up(app, "ann")
    gid = create(ann, "high-card", 2)
    bob = sign_up(app, "bob")
    page = bob.get(f"/games/{gid}").get_data(as_text=True)  # a public game: listed, no invitation needed
    assert bob.post(f"/games/{gid}/join", data={"csrf_token": csrf(page)}).status_code == 303
    shiplog = app.extensions["shiplog"]
    clients = {0: ann, 1: bob}
    for _ in range(2):  # one move each, by their buttons
        game = shiplog.get_game(UUID(gid))
        seat = min(game.to_act())
        page = clients[seat].get(f"/games/{gid}").get_data(as_text=True)
        action = html.unescape(re.findall(r'name="action" value="([^"]+)"', page)[0])
        moved = clients[seat].post(f"/games/{gid}/act", data={"csrf_token": csrf(page), "action": action,
                                                              "version": str(game.version)})
        assert moved.status_code == 303
    game = shiplog.get_game(UUID(gid))
    mover = 1 - min(game.to_act())  # who moved last asks to take it back
    asker, answerer = clients[mover], clients[1 - mover]
    page = asker.get(f"/games/{gid}").get_data(as_text=True)
    assert asker.post(f"/games/{gid}/undo", data={"csrf_token": csrf(page)}).status_code == 303
    asked = shiplog.get_game(UUID(gid))
    if asked.undo_request is not None:  # a move that revealed something: the other seat is asked
        page = answerer.get(f"/games/{gid}").get_data(as_text=True)
        assert "Accept the take-back" in page
        assert answerer.post(f"/games/{gid}/undo/answer", data={"csrf_token": csrf(page), "accept": "yes"}).status_code == 303
    assert shiplog.get_game(UUID(gid)).state == shiplog.get_game(UUID(gid), game.version - 1).state
    page = ann.get(f"/games/{gid}").get_data(as_text=True)
    assert ann.post(f"/games/{gid}/talk", data={"csrf_token": csrf(page), "text": "well played"}).status_code == 303
    assert "well played" in bob.get(f"/games/{gid}").get_data(as_text=True)
    eve = sign_up(app, "eve")
    page = eve.get(f"/games/{gid}").get_data(as_text=True)
    refused = eve.post(f"/games/{gid}/talk", data={"csrf_token": csrf(page), "text": "hi"})
    assert refused.status_code == 403 and "Only the seats and the host talk" in html.unescape(refused.get_data(as_text=True))


def test_the_players_panel_says_who_resigned_timed_out_or_stands_in_and_offers_a_seat_only_what_it_may_do(
        app: Any) -> None:
    shiplog = app.extensions["shiplog"]
    shiplog.clock = clock = FakeClock()
    ann = sign_up(app, "ann")
    gid = create(ann, "high-card", 3, days_per_move="1")
    bob, cy = sign_up(app, "bob"), sign_up(app, "cy")
    for client in (bob, cy):
        page = client.get(f"/games/{gid}").get_data(as_text=True)
        assert client.post(f"/games/{gid}/join", data={"csrf_token": csrf(page)}).status_code == 303

    def page_of(client: Any) -> str:
        return html.unescape(client.get(f"/games/{gid}").get_data(as_text=True))

    def said(client: Any) -> str:  # the page's words, without its tags
        return " ".join(re.sub(r"<[^>]+>", " ", page_of(client)).split())

    def post(client: Any, path: str, **form: str) -> None:
        response = client.post(f"/games/{gid}/{path}", data={"csrf_token": csrf(page_of(client)), **form})
        assert response.status_code == 303, response.get_data(as_text=True)

    game = shiplog.get_game(UUID(gid))
    shiplog.submit(game.id, 0, tinygame.legal_actions(game.state, 0)[0])  # ann moves; bob is to act
    assert "Let a bot play for bob" not in page_of(ann)  # bob is within his day
    clock.advance(days=1)
    assert "Let a bot play for bob (their time ran out)" in page_of(ann)  # ann hosts
    post(ann, "stand-in", seat="1")
    assert "bob · stood in by highest bot (the host's call)" in said(cy)
    mine = page_of(bob)
    assert "Take my seat back" in mine and "Take back my last move" not in mine and "Resign…" not in mine
    post(bob, "return")
    assert "Let a bot play for me" in page_of(cy)  # cy is to act now
    post(cy, "stand-in")
    assert "cy · stood in by highest bot (at their request)" in said(ann)
    post(cy, "return")
    post(ann, "resign", sure="yes")  # ann's turn: her bot plays it; bob is to act
    for client in (ann, bob):
        assert "ann · resigned — played by highest bot" in said(client)
    mine = page_of(ann)
    assert "You resigned" in mine
    for offer in ("Take back my last move", "Resign…", "Let a bot play for me", "Take my seat back"):
        assert offer not in mine
    clock.advance(days=1)
    shiplog.time_out(UUID(gid))  # bob's day ran out: a bot plays for him until he is back
    assert "bob · timed out — played by highest bot" in said(cy)
    assert "since your time ran out" in page_of(bob) and "Take my seat back" in page_of(bob)


def _strings(value: Any, keys: bool = True) -> set[str]:
    """Every string of 3 or more characters inside a view (with its keys, or without)."""
    if isinstance(value, dict):
        return set().union(*(_strings(v, keys) | (_strings(k) if keys else set()) for k, v in value.items())) if value else set()
    if isinstance(value, list | tuple):
        return set().union(*(_strings(v, keys) for v in value)) if value else set()
    return {str(value)} if isinstance(value, str) and len(value) >= 3 else set()


@pytest.mark.parametrize("game", [g for g in registry.names() if boards.board_path(registry.get(g)) is not None])
def test_every_games_board_is_its_viewers_redacted_view_and_shows_no_hidden_id(app: Any, game: str) -> None:
    """Each registered game's board, a few moves in: the page of a seat and of a player without a
    seat holds the board drawn from that viewer's own view, and none of the ids the view hides
    from them (face-down stacks, decks, bags) appears on it."""
    ann = sign_up(app, "ann")
    rules = registry.get(game)
    seats = max(rules.MIN_SEATS, min(3, rules.MAX_SEATS))
    bot = next((b for b in rules.BOTS if b != "random"), "random")
    gid = create(ann, game, seats, **{f"seat.{s}": bot for s in range(1, seats)})
    shiplog = app.extensions["shiplog"]
    game_now = shiplog.get_game(UUID(gid))
    for _ in range(12):  # a little way into the game
        if game_now.status != "active":
            break
        seat = min(game_now.to_act())
        shiplog.submit(game_now.id, seat, game_now.rules.legal_actions(game_now.state, seat)[0])
        game_now = shiplog.get_game(game_now.id)
    rules = game_now.rules
    for viewer, client in ((None, sign_up(app, "dee")), (0, ann)):
        page = html.unescape(client.get(f"/games/{gid}").get_data(as_text=True))
        shown = rules.view(game_now.state, viewer)
        assert html.unescape(board_html(app, game_now, shown, viewer)) in page
        public = _strings(shown) | _strings([s["name"] for s in game_now.seats]) | _strings(
            {k: v for k, v in boards.context(rules, shown).items() if not callable(v)})
        hidden = _strings(rules.view(game_now.state, ALL), keys=False) - public
        board = html.unescape(board_html(app, game_now, shown, viewer))
        leaked = sorted(h for h in hidden if re.search(rf"\b{re.escape(h)}\b", board))
        assert leaked == [], f"{game}: the board of viewer {viewer} shows hidden {leaked[:5]}"


def test_the_replay_page_answers_what_else_any_seat_could_have_done_once_the_game_is_over(app: Any) -> None:
    """Issue 16 item 4: a finished game is public: anyone asks about any seat at any version; a
    running game answers only its own seat (the browser test asks as a seat)."""
    from domain.core.dispute import Position, legal

    ann = sign_up(app, "ann")
    gid = create(ann, "high-card", 2, **{"seat.1": "random"})
    shiplog = app.extensions["shiplog"]
    game = play_out(shiplog, gid)
    eve = sign_up(app, "eve")  # no seat
    for at in range(game.version + 1):
        then = shiplog.get_game(game.id, at)
        for seat in (0, 1):
            page = html.unescape(eve.get(f"/games/{gid}/replay?at={at}&ask={seat}").get_data(as_text=True))
            expected = legal(Position(game.rules, at, then.state, then.status != "active"), seat)
            listed = re.search(r'data-testid="alternatives"[^>]*>(.*?)</(ol|p)>', page, re.S)
            assert listed is not None
            assert listed.group(1).count("<li") == len(expected), (at, seat)
    page = html.unescape(eve.get(f"/games/{gid}/replay?at=0&ask=0&try=" + "{nope").get_data(as_text=True))
    assert "Refused (action.malformed)" in page


VARIANTS = {"santa-maria": {"advanced_setup": True, "shared_blue_dice": True}, "felinia": {"mode": "advanced"}}


@pytest.mark.parametrize(("game", "options"), [(g, {}) for g in registry.names() if boards.helpers(registry.get(g)) is not None]
                         + [(g, o) for g, o in VARIANTS.items() if g in registry.names()])
def test_every_legal_action_of_a_whole_game_has_button_words_and_every_view_draws(app: Any, game: str, options: dict[str, Any]) -> None:
    """One seeded game (random and rule-of-thumb moves in turn): every action listed on the way gets button words (no
    payload, no crash), and the board draws from every seat's view at every tenth move."""
    from domain.core import Rng, fold

    rules = registry.get(game)
    seats = max(rules.MIN_SEATS, min(3, rules.MAX_SEATS))
    state = fold(rules, None, rules.setup(options, seats, Rng("labels", "setup")))
    names = [f"P{s}" for s in range(seats)]
    with app.test_request_context():
        for move in range(3000):
            if rules.outcome(state) is not None:
                break
            seat = min(rules.to_act(state))
            for action in rules.legal_actions(state, seat):
                label = boards.action_label(rules, action)
                assert label and "{" not in label, (action, label)
            if move % 10 == 0:
                for viewer in (*range(seats), None):
                    view = rules.view(state, viewer)
                    render_template(boards.board_template(game, rules), view=view, seat=viewer, names=names,
                                    info=boards.context(rules, view), players=[], to_act=sorted(rules.to_act(state)))
            bot = rules.BOTS["random"] if move % 2 else next(b for n, b in rules.BOTS.items() if n != "random")
            action = bot(state, seat, Rng(f"labels-{move}", "bot"))
            for fact in rules.decide(state, seat, action, Rng(f"labels-{move}", "decide")):
                state = rules.evolve(state, fact)
        assert rules.outcome(state) is not None
