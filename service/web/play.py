"""The game page and its forms: take a seat, act, take back, answer a take-back, talk, resign,
let a bot play for me and take my seat back, the host's invitation and bots; and the live
stream the page listens to.

The page is drawn from what the API gives the same viewer (`game_view`, `event_json`), so a
player without a seat sees exactly what a spectator of the API sees. The legal actions are
buttons: each posts the action exactly as `legal_actions` listed it, with the version the page
showed (a move made meanwhile is a 409, never a move on a board the player did not see). A rule
violation shows the rules' sentence on the page and changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any
from uuid import UUID

from eventsourcing.domain import Aggregate
from flask import Response, abort, redirect, render_template, request, url_for

from domain.core.aggregate import Game, Status
from domain.core.errors import IllegalAction
from domain.core.game.orders import SECRET
from domain.core.i18n import _

from ..live import game_stream
from ..localtime import left
from ..outcomes import GameNotFound, StaleVersion, VersionConflict
from ..players import Player
from ..problems import STATUS_BY_CODE
from ..tables import NotInvited
from ..views import event_json, game_view, identify, since_last_turn, viewer_of
from . import boards, choices, forms, orders
from .session import bp, current_player, shiplog

FORBIDDEN = ("seat.none", "message.not_seated", "host.only")  # the API's 403s raised by the pages themselves
LOG_ROWS = 40  # the newest events shown on the game page (the replay page has them all)
TALK_ROWS = 30
# Every event type of a game: the live stream names each event by its type (another seat's
# standing order by "Secret").
EVENT_TYPES = sorted([SECRET, *(n for n, v in vars(Game).items() if isinstance(v, type) and issubclass(v, Aggregate.Event)
                                and n not in ("Event", "Snapshot"))])


@bp.errorhandler(404)
def not_found(_exc: Exception) -> tuple[str, int]:
    return render_template("message.html", title=_("Not found"), player=current_player(),
                           sentence=_("There is no such page or game here (a private game needs its invitation link).")), 404


def load(game_id: str, version: int | None = None) -> Game:
    """The game, or a 404 page; a private game only for its seats, its host and whoever holds its
    invitation (?invite=), as in the API."""
    try:
        game = shiplog().get_game(UUID(game_id), version)
    except (ValueError, GameNotFound):
        abort(404)
    if game.private:
        try:
            shiplog().check_invited(game, request.values.get("invite"), current_player())
        except NotInvited:
            abort(404)
    return game


def who(game: Game) -> tuple[str, int | None]:
    """('seat', n), ('host', None) or ('spectator', None) for the player of the cookie."""
    player = current_player()
    return identify(game, None, str(player.id) if player is not None else None) or ("spectator", None)


def is_host(game: Game, player: Player | None) -> bool:
    return player is not None and game.host_player == str(player.id)


def names_of(game: Game) -> list[str]:
    return [s.get("name") or "" for s in game.seats]


def log_rows(game: Game, viewer: Any, everything: bool, stored: list[Any]) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The event log (newest first; the newest LOG_ROWS unless `everything`) and the table talk,
    as `viewer` may see them."""
    names, rules = names_of(game), game.rules
    shown = stored if everything else stored[-LOG_ROWS:]
    rows = [event_json(ev, rules, viewer, names) for ev in reversed(shown)]
    talk = [{"name": ev.name, "text": ev.text, "time": ev.timestamp, "seat": ev.author}
            for ev in stored if type(ev).__name__ == "MessagePosted"][-TALK_ROWS:]
    return rows, talk


def render_game(game: Game, error: str | None = None, status: int = 200) -> tuple[str, int]:
    player = current_player()
    kind, seat = who(game)
    view = game_view(game, kind, seat)
    rules = game.rules
    viewer = viewer_of(game, kind, seat)
    playing = game.status == Status.ACTIVE
    actions = game.legal_actions(seat) if seat is not None else []  # out-of-turn ones too (a waiting seat's sale)
    stored = shiplog().events_between(game.id)
    rows, talk = log_rows(game, viewer, request.args.get("log") == "all", stored)
    invite = request.values.get("invite")
    host = is_host(game, player)
    undo = view["undo_request"]
    mine = view["players"][seat] if seat is not None else None
    in_person = mine is not None and not mine["resigned"] and not mine["stand_in"]  # no bot plays my seat
    values = {
        "g": view,
        "game": game,
        "rules": rules,
        "kind": kind,
        "seat": seat,
        "names": names_of(game),
        "board": boards.board_template(game.game, rules),
        "info": boards.context(rules, view["state"]),
        "groups": boards.grouped_actions(rules, actions),
        "choices": choices.legal_choices(game, seat, actions, names_of(game)) if actions and seat is not None else [],
        "since": since_last_turn(stored, game, seat, viewer, names_of(game)) if playing and seat is not None else None,
        "rows": rows,
        "talk": talk,
        "error": error,
        "host": host,
        "invite": invite,
        "invite_link": url_for("web.game", game_id=str(game.id), invite=invite, _external=True) if invite else None,
        "can_join": game.status == Status.OPEN and seat is None,
        "can_talk": kind == "seat" or host,
        "playing": playing,
        "my_turn": playing and seat is not None and seat in game.to_act(),
        "answer_undo": undo is not None and in_person and seat != undo["seat"] and seat not in undo["accepted"],
        "mine": mine,
        "in_person": in_person,
        "can_take_back": in_person and undo is None and any(m.seat == seat for m in game.moves),
        "orders": orders.panel(game, seat) if playing and in_person and seat is not None else None,
        # the seats whose clock ran out, which the host may let a bot play (`Game.stand_in`)
        "overdue": [s for s in game.overdue(shiplog().clock()) if not game.bot_of(s)] if host and playing else [],
        "time_left": time_left(view, shiplog().clock()),
        "event_types": EVENT_TYPES,
        "bots": sorted(rules.BOTS),
        "outcome_rows": outcome_rows(view),
    }
    values["turns"] = 1 if values["my_turn"] or values["answer_undo"] else 0  # the tab's title says so
    return render_template("game.html", player=player, **values), status


def time_left(view: dict[str, Any], now: datetime) -> dict[int, dict[str, Any]]:
    """Per seat with a deadline, for everyone to read: the time left, and until when its clock
    stands still if it is on a day off now."""
    out = {}
    for clock in view["clocks"]:
        if clock["deadline"]:
            stopped = [e for b, e in clock.get("days_off", ()) if datetime.fromisoformat(b) <= now < datetime.fromisoformat(e)]
            out[clock["seat"]] = {"left": left(datetime.fromisoformat(clock["deadline"]), now),
                                  "stopped_until": stopped[0] if stopped else None}
    return out


def outcome_rows(view: dict[str, Any]) -> list[dict[str, Any]]:
    """The final results by rank, each with its name and score breakdown."""
    outcome = view.get("outcome")
    if not outcome:
        return []
    players = view["players"]
    rows = [{**r, "name": players[r["seat"]]["name"]} for r in outcome["results"]]
    return sorted(rows, key=lambda r: (r["rank"], r["seat"]))


@bp.route("/games/<game_id>")
def game(game_id: str) -> tuple[str, int]:
    forms.query(forms.GameQuery())
    return render_game(load(game_id))


def attempt(game_id: str, command: Callable[[Game, Player | None], Any], seated: bool = True) -> Any:
    """Run a form's command; afterwards the page again (303), or the page with the rules'
    sentence when it was refused (nothing changed)."""
    game = load(game_id)
    player = current_player()
    if player is None:
        return redirect(url_for("web.signin", next=url_for("web.game", game_id=game_id)), 303)
    try:
        if seated and who(game)[1] is None:
            raise IllegalAction("seat.none", _("You have no seat at this game."))
        command(game, player)
    except IllegalAction as exc:
        status = 403 if exc.code in FORBIDDEN else STATUS_BY_CODE.get(exc.code, 422)
        return render_game(load(game_id), exc.message, status)
    except StaleVersion:
        return render_game(load(game_id), _("Someone moved while you were looking: here is the game as it is now. "
                                            "Nothing of yours was played."), 409)
    except VersionConflict:
        return render_game(load(game_id), _("Another move was recorded at the same moment; look again and retry."), 409)
    invite = request.form.get("invite") if game.private else None
    return redirect(url_for("web.game", game_id=game_id, invite=invite or None), 303)


def seat_of(game: Game) -> int:
    seat = who(game)[1]
    assert seat is not None  # attempt() checked
    return seat


@bp.route("/games/<game_id>/act", methods=["POST"])
def act(game_id: str) -> Any:
    def command(game: Game, _player: Player | None) -> None:
        action, expected = forms.action(request.form)
        try:
            shiplog().submit(game, seat_of(game), action, expected)
        except (KeyError, TypeError, ValueError, AttributeError, IndexError):  # the API's safety net
            raise IllegalAction("action.malformed", _("This action is not understood by the rules of this game.")) from None

    return attempt(game_id, command)


@bp.route("/games/<game_id>/join", methods=["POST"])
def join(game_id: str) -> Any:
    def command(game: Game, player: Player | None) -> None:
        assert player is not None
        data = forms.join(request.form)
        try:
            shiplog().join(game, player, data.get("invite"), data.get("entropy"))
        except NotInvited:
            abort(404)

    return attempt(game_id, command, seated=False)


@bp.route("/games/<game_id>/undo", methods=["POST"])
def undo(game_id: str) -> Any:
    return attempt(game_id, lambda game, _p: shiplog().request_undo(game, seat_of(game)))


@bp.route("/games/<game_id>/undo/answer", methods=["POST"])
def answer_undo(game_id: str) -> Any:
    return attempt(game_id, lambda game, _p: shiplog().answer_undo(game, seat_of(game), forms.undo_answer(request.form)))


@bp.route("/games/<game_id>/resign", methods=["POST"])
def resign(game_id: str) -> Any:
    def command(game: Game, _player: Player | None) -> None:
        if request.form.get("sure") != "yes":
            raise IllegalAction("resign.unconfirmed", _("Tick the box to confirm that you resign."))
        shiplog().resign(game, seat_of(game))

    return attempt(game_id, command)


@bp.route("/games/<game_id>/stand-in", methods=["POST"])
def stand_in(game_id: str) -> Any:
    """A bot plays a seat until its player is back: my own ("let a bot play for me"), or, for
    the host, a seat whose clock ran out (`seat`)."""
    def command(game: Game, player: Player | None) -> None:
        own = who(game)[1]
        seat, bot = forms.stand_in(request.form)
        target = own if seat is None else seat
        if target is None:
            raise IllegalAction("seat.none", _("You have no seat at this game."))
        if target != own:
            host_only(game, player)
        shiplog().seat_bot(game, target, bot, asked=target == own)

    return attempt(game_id, command, seated=False)


@bp.route("/games/<game_id>/return", methods=["POST"])
def return_seat(game_id: str) -> Any:
    """I am back: the bot that played my seat leaves it."""
    return attempt(game_id, lambda game, _p: shiplog().return_seat(game, seat_of(game)))


@bp.route("/games/<game_id>/orders", methods=["POST"])
def give_order(game_id: str) -> Any:
    """A standing order of my seat (orders.py: the panel and its form)."""
    def command(game: Game, _player: Player | None) -> None:
        action, scope, condition = orders.order_form(request.form)
        shiplog().give_order(game, seat_of(game), action, scope, condition)

    return attempt(game_id, command)


@bp.route("/games/<game_id>/orders/<int:order>", methods=["POST"])
def change_order(game_id: str, order: int) -> Any:
    """My standing order `order` changed: another move, scope or condition (same form)."""
    def command(game: Game, _player: Player | None) -> None:
        action, scope, condition = orders.order_form(request.form)
        shiplog().change_order(game, seat_of(game), order, action, scope, condition)

    return attempt(game_id, command)


@bp.route("/games/<game_id>/orders/<int:order>/cancel", methods=["POST"])
def cancel_order(game_id: str, order: int) -> Any:
    return attempt(game_id, lambda game, _p: shiplog().cancel_order(game, seat_of(game), order))


@bp.route("/games/<game_id>/talk", methods=["POST"])
def talk(game_id: str) -> Any:
    def command(game: Game, player: Player | None) -> None:
        assert player is not None
        kind, seat = who(game)
        if kind == "seat" and seat is not None:
            name = game.seats[seat]["name"]
        elif is_host(game, player):
            name, seat = player.name, None
        else:
            raise IllegalAction("message.not_seated", _("Only the seats and the host talk at this table."))
        shiplog().post_message(game, seat, name, forms.message(request.form))

    return attempt(game_id, command, seated=False)


def host_only(game: Game, player: Player | None) -> None:
    if not is_host(game, player):
        raise IllegalAction("host.only", _("Only the host can do this."))


@bp.route("/games/<game_id>/bot", methods=["POST"])
def seat_bot(game_id: str) -> Any:
    def command(game: Game, player: Player | None) -> None:
        host_only(game, player)
        shiplog().seat_bot(game, None, forms.seat_bot(request.form))

    return attempt(game_id, command, seated=False)


@bp.route("/games/<game_id>/invite", methods=["POST"])
def renew_invite(game_id: str) -> Any:
    game = load(game_id)
    player = current_player()
    try:
        host_only(game, player)
        _result, invite = shiplog().renew_invite(game)
    except IllegalAction as exc:
        return render_game(load(game_id), exc.message, 403)
    return redirect(url_for("web.game", game_id=game_id, invite=invite), 303)


@bp.route("/games/<game_id>/live")
def live(game_id: str) -> Response:
    """The game's event stream for this page (EventSource sends the cookie, not a header)."""
    after = forms.query(forms.LiveQuery()).get("after")
    game = load(game_id)
    return game_stream(game, current_player(), after if after is not None and after >= 0 else None)
