"""The pages around the games: home (the catalog), sign-up and sign-in, settings, the lobby, the
new-game form (built from the game's OPTIONS) and the e-mails' one-click "no more e-mail" link."""

from __future__ import annotations

from typing import Any

from flask import Response, abort, g, redirect, render_template, request, url_for

from domain.core import registry
from domain.core.errors import IllegalAction
from domain.core.i18n import _, words_of
from domain.core.rules import GameRules

from .. import schemas
from ..languages import DEFAULT, speak
from ..live import inbox_stream
from ..localtime import zones
from ..ratelimits import rate_limited
from ..tokens import mail_off_player
from . import forms
from .session import bp, current_player, forget, remember, shiplog

Page = str | tuple[str, int] | Response


def games() -> list[tuple[str, GameRules]]:
    """The games this server hosts (a broken game package is left out, as in the catalog)."""
    out = []
    for name in registry.names():
        try:
            out.append((name, registry.get(name)))
        except IllegalAction:
            continue
    return out


def page(template: str, status: int = 200, **values: Any) -> tuple[str, int]:
    return render_template(template, player=current_player(), **values), status


def signed_in() -> Any:
    player = current_player()
    if player is None:
        abort(redirect(url_for("web.signin", next=request.full_path if request.method == "GET" else None)))
    return player


def next_page(target: str | None) -> str:
    """Where to go after signing in or up: a path of this site, or the lobby."""
    return forms.safe_next(target) or url_for("web.lobby")


@bp.route("/")
def home() -> Page:
    player = current_player()
    inbox = shiplog().readmodels.inbox(str(player.id)) if player is not None else []
    return page("home.html", games=games(), inbox=inbox, turns=len(inbox), position=shiplog().readmodels.position())


def signup_language() -> str | None:
    """The language of the pages a visitor signs up on becomes their setting (their e-mails are
    written in it); English, the default, stays unset (the browser's)."""
    tag = g.get("shiplog_language")
    return tag if tag and tag != DEFAULT else None


@bp.route("/signup", methods=["GET", "POST"])
def signup() -> Page:
    if request.method == "GET":
        return page("signup.html", next=forms.query(forms.NextQuery()).get("next"))
    rate_limited("players")
    form = request.form
    try:
        data = forms.signup(form)
        player, token = shiplog().register_player(data["name"], data["email"], data["webhook_url"],
                                                  data.get("email_mode"), data["digest_hour"],
                                                  language=signup_language())
    except IllegalAction as exc:
        return page("signup.html", 422, error=exc.message, next=forms.safe_next(form.get("next")))
    response = Response(status=201)
    remember(response, player)
    response.set_data(render_template("welcome.html", player=player, token=token, next=next_page(form.get("next"))))
    return response


@bp.route("/signin", methods=["GET", "POST"])
def signin() -> Page:
    if request.method == "GET":
        return page("signin.html", next=forms.query(forms.NextQuery()).get("next"))
    form = request.form
    try:
        player = shiplog().player_by_token(forms.signin(form))
    except forms.Refused:
        player = None
    if player is None:
        return page("signin.html", 422, error=_("This is not a player token of this server."),
                    next=forms.safe_next(form.get("next")))
    return remember(redirect(next_page(form.get("next")), 303), player)  # type: ignore[arg-type]


@bp.route("/signout", methods=["POST"])
def signout() -> Response:
    return forget(redirect(url_for("web.home"), 303))  # type: ignore[arg-type]


@bp.route("/signout/everywhere", methods=["POST"])
def signout_everywhere() -> Response:
    """Close every session of this player: every browser and device is signed out."""
    signed_in()
    return forget(redirect(url_for("web.home"), 303), everywhere=True)  # type: ignore[arg-type]


@bp.route("/settings", methods=["GET", "POST"])
def settings() -> Page:
    player = signed_in()
    app = shiplog()
    shown = {"email_enabled": app.notifier.smtp is not None, "zones": sorted(zones())}
    if request.method == "GET":
        return page("settings.html", **shown)
    try:
        changes, new_secret = forms.profile(request.form)
        secret = app.update_player(player, changes, new_secret=new_secret)
    except IllegalAction as exc:
        return page("settings.html", 422, error=exc.message, **shown)
    speak()  # the page that says "Saved." is in the language just chosen
    return page("settings.html", saved=True, secret=secret, **shown)


@bp.route("/lobby")
def lobby() -> Page:
    """Where you are awaited first (your turns, take-backs to answer), then your other games, then
    the games with open seats anyone may join."""
    player = current_player()
    models = shiplog().readmodels
    inbox = models.inbox(str(player.id)) if player is not None else []
    waiting_ids = {w.game.id for w in inbox}
    mine = [g for g in models.games_of(str(player.id))] if player is not None else []
    others = [g for g in mine if g.id not in waiting_ids]
    seated = {g.id for g in mine}
    open_games = [g for g in models.open_games(None) if g.id not in seated][:50]
    titles = dict((name, words_of(rules).gettext(rules.TITLE)) for name, rules in games())
    return page("lobby.html", inbox=inbox, mine=others, open_games=open_games, titles=titles, turns=len(inbox),
                position=models.position())


@bp.route("/inbox/live")
def inbox_live() -> Response:
    """The stream of the home page (the inbox) and of the lobby (`?lobby=1`: the open games and
    the player's games too): live.js fetches the page again when it says something changed."""
    player = current_player()
    if player is None:
        abort(401)
    return inbox_stream(player, lobby=request.args.get("lobby") == "1")


@bp.route("/new/<game>", methods=["GET", "POST"])
def new_game(game: str) -> Page:
    """The new-game form, built from the game's OPTIONS; it posts what `POST /v1/games` takes."""
    try:
        rules = registry.get(game)
    except IllegalAction:
        abort(404)
    player = signed_in()
    if request.method == "GET":
        return page("new_game.html", game=game, rules=rules, form={})
    rate_limited("games")
    form = request.form
    try:
        data = forms.new_game(game, rules, form)
        opened = shiplog().open_game(player, game, data["seats"], data["options"], None, data["private"],
                                     schemas.CreateGameSchema().settings(data), data.get("entropy"), None, data["bots"])
    except IllegalAction as exc:
        return page("new_game.html", 422, game=game, rules=rules, form=form, error=exc.message)
    target = url_for("web.game", game_id=str(opened.game.id), invite=opened.invite)
    return redirect(target, 303)  # type: ignore[return-value]


@bp.route("/mail/off/<token>", methods=["GET", "POST"])
def mail_off(token: str) -> Page:
    """The link in every e-mail (and its List-Unsubscribe header): GET asks, POST (the button,
    or a mail program's one click) turns the player's e-mail off, and changes nothing else. It
    works without signing in: the token is signed by the server (service/tokens.py)."""
    app = shiplog()
    found = mail_off_player(app.notifier.secret, token)
    player = app.get_player(found) if found else None
    if player is None:
        return page("message.html", 404, title=_("This link does not work"),
                    sentence=_("It is not a link of this server's e-mails (or the server's key has changed since)."))
    if request.method == "POST":
        app.update_player(player, {"email_mode": "off"})
    return page("mail_off.html", whose=player, done=request.method == "POST")
