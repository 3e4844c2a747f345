"""No answer of the server shows a viewer what it may not see (issue 27, item 3): seeded games
played through the API and compared with what the position hides from each viewer
(tests/leaks.py). At every move the mover's 201 answer (its events: its own action, and the
bots' that followed); at the move where an action type first comes up, and every EVERY moves,
every viewer's answers: the game (its view), the new rows of the event log (their actions and
facts), the version before the move, both event streams (the API's and the web page's), the web
page; and once in a game `replay log --as` from the store. The answers are also the rules' own
redaction for that viewer (`view`, `redacted`, `action_for`), so the server adds nothing the rules
hide. Every ORDER_EVERY moves a player asks what it could do next and queues a standing order
from it: the answer shows it nothing it was not shown when it met each decision, nobody else
lists the order, and every viewer but the seat is shown its events as bare "Secret" rows and its
ordered moves without their mark (issue 32).

Seat 0 is a bot (the curious policy of tests/leaks.py, registered for the test), so its moves,
the Maya's redraw marks among them, come to the other seats inside their own 201 answers too
(the solo Maya is a person: the host and the spectator see its moves). The other seats are
players who joined; the host left its seat before the start (so it sees as a host); a player
without a seat watches."""

from __future__ import annotations

import html
import json
from dataclasses import dataclass, field
from typing import Any
from uuid import UUID

import pytest
from click.testing import CliRunner

from domain.core import Rng, fold, registry
from domain.core.game.orders import seat_secret
from domain.core.rules import ALL, Viewer, action_for, redacted
from replay.cli import main as replay_main
from service.web.play import LOG_ROWS
from service.web.session import COOKIE

from .leaks import BOT, Curious, hidden, leaked, still_hidden

Json = dict[str, Any]
MOVES = 400  # at most, the players' moves of a game (bots move in between)
REPLAY_LOG_AT = 60  # the move at which `replay log` is read (sooner once an action was redacted)
EVERY = 50  # every answer is checked at the move where an action type comes up, and every so many moves
ORDER_EVERY = 25  # a player gives a standing order every so many moves
SERVED = [
    ("puerto-rico", {"expansions": ["new_buildings", "nobles"]}, 3),
    ("navegador", {}, 2),
    ("santa-maria", {"expansion": True, "modules": ["D"]}, 3),  # seat 0 is the Maya
    ("santa-maria", {"expansion": True, "modules": ["D"]}, 1),  # the solo Maya, played by a person
    ("felinia", {"mode": "advanced"}, 3),
]


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


@dataclass
class Table:
    """A game through the API, and what the test knows of it: the state after each version."""

    app: Any
    client: Any
    game: str
    gid: str = ""
    host: str = ""  # the host's player token ("": the host plays the one seat)
    spectator: str = ""
    seats: dict[int, str] = field(default_factory=dict)  # seat -> player token
    states: dict[int, Any] = field(default_factory=dict)  # version -> rules state
    events: dict[int, Any] = field(default_factory=dict)  # version -> stored event
    redacted_types: set[str] = field(default_factory=set)  # action types some viewer saw changed
    browsers: dict[str, Any] = field(default_factory=dict)  # player token -> web client
    secrets: dict[tuple[int, Viewer], frozenset[str]] = field(default_factory=dict)  # `hidden`, known
    orders: dict[int, int] = field(default_factory=dict)  # the standing orders the players gave: id -> seat

    def viewers(self) -> list[tuple[str, Viewer]]:
        """(player token, the viewer it is) for each seat with a player, the host and a spectator."""
        others = [self.host, self.spectator] if self.host else [self.spectator]
        return [(token, self.seen_as(seat)) for seat, token in sorted(self.seats.items())] + [
            (token, self.seen_as(None)) for token in others]

    def seen_as(self, viewer: Viewer) -> Viewer:
        """Who `viewer` is now: everyone sees everything once the game is over."""
        over = registry.get(self.game).outcome(self.states[max(self.states)]) is not None
        return ALL if over else viewer

    def browser(self, token: str) -> Any:
        """A client of the web pages with the player's cookie (one per player)."""
        if token not in self.browsers:
            self.browsers[token] = self.app.test_client()
            self.browsers[token].set_cookie(COOKIE, token)
        return self.browsers[token]

    def hidden(self, version: int, viewer: Viewer) -> frozenset[str]:
        if viewer == ALL:  # a finished game's viewers see everything, its earlier versions too
            return frozenset()
        key = (version, viewer)
        if key not in self.secrets:
            self.secrets[key] = hidden(self.game, self.states[version], viewer)
        return self.secrets[key]

    def leaked_by(self, version: int, viewer: Viewer, ids: set[str]) -> set[str]:
        """Those of `ids` (found in an answer) that event `version` may not show `viewer`: hidden
        all through it (before, between its facts, after; the setup: after it)."""
        ids = ids & self.hidden(version, viewer)
        before = self.states.get(version - 1)
        if not ids or before is None:
            return ids
        facts = getattr(self.events[version], "facts", None) or []
        return still_hidden(self.game, before, facts, viewer, ids & self.hidden(version - 1, viewer))


def register(client: Any, name: str) -> str:
    resp = client.post("/v1/players", json={"name": name})
    assert resp.status_code == 201
    return str(resp.json["token"])


def open_table(client: Any, app: Any, game: str, options: Json, seats: int) -> Table:
    """The host opens the game and, but in a solo game, leaves its seat; seat 0 is the curious
    bot but in a solo game; players take the other seats."""
    table = Table(app, client, game, host=register(client, "hana"), spectator=register(client, "sam"))
    created = client.post("/v1/games", json={"game": game, "seats": seats, "options": options, "seed": f"leaks {game}"},
                          headers=auth(table.host))
    assert created.status_code == 201, created.json
    table.gid = created.json["id"]
    if seats == 1:  # the game has started, the host in its one seat
        table.seats[0] = table.host
        table.host = ""
    else:
        assert client.post(f"/v1/games/{table.gid}/leave", json={}, headers=auth(table.host)).status_code == 201
        bot = client.post(f"/v1/games/{table.gid}/seats/0/bot", json={"bot": "curious"}, headers=auth(table.host))
        assert bot.status_code == 201, bot.json
    for seat in range(1, seats):
        table.seats[seat] = register(client, f"p{seat}")
        joined = client.post(f"/v1/games/{table.gid}/join", json={"seat": seat}, headers=auth(table.seats[seat]))
        assert joined.status_code == 201, joined.json
    app.extensions["shiplog"].env["SHIPLOG_SSE_SECONDS"] = "0"  # a stream sends what there is, and ends
    return table


def catch_up(table: Table, shiplog: Any) -> int:
    """Fold the stored events the test has not seen yet into `states`; the newest version."""
    rules = registry.get(table.game)
    known = max(table.states, default=-1)
    for ev in shiplog.events_between(UUID(table.gid), known if known >= 0 else None):
        version = ev.originator_version
        before = table.states.get(version - 1)
        facts = getattr(ev, "facts", None)
        table.states[version] = fold(rules, before, facts) if facts else before
        table.events[version] = ev
    return max(table.states)


def check_rows(table: Table, rows: list[Json], viewer: Viewer) -> None:
    """Event rows as `viewer` got them: nothing hidden by their event, and the rules' own
    redaction of the stored action and facts; another seat's standing order a bare "Secret" row."""
    rules = registry.get(table.game)
    for row in rows:
        version = row["version"]
        shown = table.leaked_by(version, viewer, leaked(table.hidden(version, viewer), row))
        assert not shown, f"{table.game} v{version}: viewer {viewer} is shown {shown} in {row}"
        ev = table.events[version]
        owner = seat_secret(type(ev).__name__, vars(ev))
        if owner is not None and viewer not in (owner, ALL) and row["type"] != "ActionTaken":
            assert row["type"] == "Secret" and row.get("seat") is None, (row, viewer)
            assert set(row) <= {"version", "type", "time", "timestamp", "seat"}, (row, viewer)  # (a record's row: timestamp)
            continue
        if row["type"] == "ActionTaken":
            action = action_for(rules, ev.action, ev.seat, viewer)
            assert row["action"] == action, (version, viewer)
            # how a move was played for a seat (forced) is that seat's to know while the game runs
            assert row.get("auto") == (ev.auto if viewer in (ev.seat, ALL) else None), (version, viewer)
            if action != ev.action:
                table.redacted_types.add(ev.action["type"])
        if getattr(ev, "facts", None) is not None:
            assert row["facts"] == redacted(rules, ev.facts, viewer), (version, viewer)


def check_view(table: Table, body: Json, version: int, viewer: Viewer) -> None:
    rules = registry.get(table.game)
    state = table.states[version]
    assert body["version"] == version
    assert body["state"] == rules.view(state, viewer), (version, viewer)
    secret = table.hidden(version, viewer)
    assert not leaked(secret, body), f"{table.game} v{version}: viewer {viewer} is shown {leaked(secret, body)}"


def stream_rows(client: Any, path: str, headers: dict[str, str]) -> list[Json]:
    resp = client.get(path, headers=headers)
    assert resp.status_code == 200 and resp.mimetype == "text/event-stream"
    text = resp.get_data(as_text=True)
    resp.close()
    return [json.loads(line[6:]) for line in text.splitlines() if line.startswith("data: ")]


def check_answers(table: Table, before: int, now: int) -> None:
    """Every answer of each viewer about the move(s) from version `before` to `now`."""
    client, gid = table.client, table.gid
    oldest = max(now - LOG_ROWS + 1, 1)  # the page's log: the newest LOG_ROWS events
    for token, viewer in table.viewers():
        headers = auth(token)
        check_view(table, client.get(f"/v1/games/{gid}", headers=headers).json, now, viewer)
        check_view(table, client.get(f"/v1/games/{gid}/versions/{before}", headers=headers).json, before, viewer)
        rows = client.get(f"/v1/games/{gid}/events?after={before}", headers=headers).json["events"]
        assert [r["version"] for r in rows] == list(range(before + 1, now + 1))
        check_rows(table, rows, viewer)
        browser = table.browser(token)  # the web pages know a player by the cookie
        for path, how in ((f"/v1/games/{gid}/stream?after={before}", client), (f"/games/{gid}/live?after={before}", browser)):
            streamed = stream_rows(how, path, headers if how is client else {})
            assert streamed == rows, path
        page = html.unescape(browser.get(f"/games/{gid}").get_data(as_text=True))
        check_text(table, page, viewer, oldest, now, "the page")


def check_text(table: Table, text: str, viewer: Viewer, oldest: int, now: int, what: str) -> None:
    """A text about events `oldest` to `now` (a page, a log) shows `viewer` nothing hidden from
    it now and by each of them."""
    shown = leaked(table.hidden(now, viewer), text)
    for version in range(oldest, now + 1):
        shown = table.leaked_by(version, viewer, shown)
    assert not shown, f"{table.game} v{now}: {what} of viewer {viewer} shows {shown}"


def give_order(table: Table, now: int, move: int) -> None:
    """A player queues a standing order from its "what could I do next" answer, which shows it
    nothing hidden from it when it met each decision; nobody else sees its orders."""
    client, gid = table.client, table.gid
    seat = sorted(table.seats)[move // ORDER_EVERY % len(table.seats)]
    token = table.seats[seat]
    decisions = client.get(f"/v1/games/{gid}/next", headers=auth(token)).json["decisions"]
    for decision in decisions:
        at = now if decision["at"] is None else decision["at"]
        assert not leaked(table.hidden(at, seat), decision), (table.game, seat, decision)
    for token_, viewer in table.viewers():
        theirs = client.get(f"/v1/games/{gid}/orders", headers=auth(token_)).json.get("orders", [])
        assert all(table.orders[o["id"]] == viewer for o in theirs), (table.game, viewer)  # its own alone
    if decisions:
        action = decisions[-1]["actions"][0]  # what it was offered the longest ago
        answer = client.post(f"/v1/games/{gid}/orders", json={"action": action}, headers=auth(token))
        assert answer.status_code == 201, answer.json
        table.orders[answer.json["events"][0]["version"]] = seat
        catch_up(table, table.app.extensions["shiplog"])
        check_rows(table, answer.json["events"], table.seen_as(seat))


def check_replay_log(table: Table, now: int) -> None:
    """`replay log --as` (JSON and words) of the running game from the store, for each seat with a
    player and for spectators: what the API's event log shows them."""
    for viewer in [*sorted(table.seats), None]:
        who = "spectator" if viewer is None else str(viewer)
        rows = json.loads(replay_cli("log", table.gid, "--as", who, "--json"))
        assert [r["version"] for r in rows] == list(range(now + 1))
        check_rows(table, rows, viewer)
        check_text(table, replay_cli("log", table.gid, "--as", who), viewer, 1, now, "replay log")


def replay_cli(*args: str) -> str:
    result = CliRunner().invoke(replay_main, list(args), catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return str(result.stdout)


@pytest.mark.parametrize(("game", "options", "seats"), SERVED, ids=[f"{g}-{n}" for g, _, n in SERVED])
def test_no_answer_shows_a_viewer_what_the_position_hides_from_it(app: Any, sqlite_env: dict[str, str], monkeypatch: Any,
                                                                  game: str, options: Json, seats: int) -> None:
    rules = registry.get(game)
    policy = Curious(BOT[game])

    def curious(state: Any, seat: int, rng: Rng) -> Json:
        return policy.choose(rules, state, seat, rules.legal_actions(state, seat), rng)

    monkeypatch.setitem(rules.BOTS, "curious", curious)
    for key, value in sqlite_env.items():  # the replay CLI reads the app's store
        monkeypatch.setenv(key, value)
    client, shiplog = app.test_client(), app.extensions["shiplog"]
    table = open_table(client, app, game, options, seats)
    now = catch_up(table, shiplog)
    rng = Rng(f"leaks {game}", "players")
    checked: dict[str, int] = {}
    logged = False
    for move in range(MOVES):
        state = table.states[now]
        if rules.outcome(state) is not None:
            break
        seat = min(rules.to_act(state))
        action = policy.choose(rules, state, seat, rules.legal_actions(state, seat), rng)
        answer = client.post(f"/v1/games/{table.gid}/actions", json=action, headers=auth(table.seats[seat]))
        assert answer.status_code == 201, answer.json
        before, now = now, catch_up(table, shiplog)
        assert answer.json["version"] == now
        check_rows(table, answer.json["events"], table.seen_as(seat))
        types = {table.events[v].action["type"] for v in range(before + 1, now + 1) if hasattr(table.events[v], "action")}
        if move % EVERY == 0 or any(checked.get(t, 0) < 1 for t in types):
            check_answers(table, before, now)
            for t in types:
                checked[t] = checked.get(t, 0) + 1
        if move % ORDER_EVERY == 1:
            give_order(table, now, move)
            now = catch_up(table, shiplog)
        if move == REPLAY_LOG_AT or (table.redacted_types and not logged):  # once, after a field was hidden
            check_replay_log(table, now)
            logged = True
    if hasattr(rules, "redact_action"):  # the game hides some action's field: it came up and was hidden
        assert table.redacted_types, f"{game}: no action was redacted for any viewer; play longer"
