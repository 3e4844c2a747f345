"""The pages around the games: home (the catalog), sign-up and sign-in, settings, the lobby and
the new-game form (built from the game's OPTIONS)."""

from __future__ import annotations

from typing import Any

from flask import Response, abort, redirect, render_template, request, url_for

from domain.core import registry
from domain.core.errors import IllegalAction
from domain.core.options import Option
from domain.core.rules import GameRules

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


def safe_next(target: str | None) -> str:
    """Only a path of this site (never another host) after signing in."""
    if target and target.startswith("/") and not target.startswith("//") and "\\" not in target:
        return target
    return url_for("web.lobby")


@bp.route("/")
def home() -> Page:
    player = current_player()
    inbox = shiplog().readmodels.inbox(str(player.id)) if player is not None else []
    return page("home.html", games=games(), inbox=inbox)


@bp.route("/signup", methods=["GET", "POST"])
def signup() -> Page:
    if request.method == "GET":
        return page("signup.html", next=request.args.get("next"))
    form = request.form
    try:
        player, token = shiplog().register_player(form.get("name", ""), form.get("email") or None)
    except IllegalAction as exc:
        return page("signup.html", 422, error=exc.message, next=form.get("next"))
    response = Response(render_template("welcome.html", player=player, token=token,
                                        next=safe_next(form.get("next"))), status=201)
    return remember(response, token)


@bp.route("/signin", methods=["GET", "POST"])
def signin() -> Page:
    if request.method == "GET":
        return page("signin.html", next=request.args.get("next"))
    token = request.form.get("token", "").strip()
    player = shiplog().player_by_token(token) if token and len(token) <= 200 else None
    if player is None:
        return page("signin.html", 422, error="This is not a player token of this server.",
                    next=request.form.get("next"))
    return remember(redirect(safe_next(request.form.get("next")), 303), token)  # type: ignore[arg-type]


@bp.route("/signout", methods=["POST"])
def signout() -> Response:
    return forget(redirect(url_for("web.home"), 303))  # type: ignore[arg-type]


@bp.route("/settings", methods=["GET", "POST"])
def settings() -> Page:
    player = signed_in()
    app = shiplog()
    if request.method == "GET":
        return page("settings.html", email_enabled=app.notifier.smtp is not None)
    form = request.form
    changes: dict[str, Any] = {
        "name": form.get("name", ""),
        "email": form.get("email") or None,
        "webhook_url": form.get("webhook_url") or None,
        "email_mode": form.get("email_mode", "off"),
    }
    hour = form.get("digest_hour", "")
    if hour.strip():
        try:
            changes["digest_hour"] = int(hour)
        except ValueError:
            changes["digest_hour"] = hour  # the check says what is wrong with it
    try:
        secret = app.update_player(player, changes, new_secret=bool(form.get("new_webhook_secret")))
    except IllegalAction as exc:
        return page("settings.html", 422, error=exc.message, email_enabled=app.notifier.smtp is not None)
    return page("settings.html", saved=True, secret=secret, email_enabled=app.notifier.smtp is not None)


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
    titles = dict((name, rules.TITLE) for name, rules in games())
    return page("lobby.html", inbox=inbox, mine=others, open_games=open_games, titles=titles)


# -- the new-game form ---------------------------------------------------------------------


def option_value(option: Option, form: Any) -> Any:
    """The option's value from the form (None: the game's default)."""
    field = f"option.{option.name}"
    if option.kind == "choices":
        return [c for c in option.choices if c in form.getlist(field)]
    raw = form.get(field)
    if option.kind == "bool":
        if option.default is None:  # three ways: the game's default, yes, no
            return {"true": True, "false": False}.get(raw or "")
        return raw == "true"
    if raw is None or raw == "":
        return None
    if option.kind == "int":
        try:
            return int(raw)
        except ValueError:
            return raw  # check_options says what is wrong with it
    return raw


def clock_setting(form: Any) -> dict[str, int] | None:
    days = form.get("days_per_move", "").strip()
    if not days:
        return None
    if not days.isdigit():
        raise IllegalAction("clock.invalid", "Days per move is a whole number of days (or empty: no clock).")
    return {"days_per_move": int(days)}


@bp.route("/new/<game>", methods=["GET", "POST"])
def new_game(game: str) -> Page:
    try:
        rules = registry.get(game)
    except IllegalAction:
        abort(404)
    player = signed_in()
    if request.method == "GET":
        return page("new_game.html", game=game, rules=rules, form={})
    form = request.form
    try:
        seats = int(form.get("seats", rules.MIN_SEATS))
        others = [form.get(f"seat.{n}", "open") for n in range(1, seats)]
        bots = [b for b in others if b != "open"]
        if any(b not in rules.BOTS for b in bots):
            raise IllegalAction("options.unknown_bot", "Choose a bot of this game, or leave the seat open.")
        options = {o.name: v for o in rules.OPTIONS if (v := option_value(o, form)) is not None}
        settings = {"clock": clock_setting(form), "on_timeout": form.get("on_timeout", "bot"),
                    "on_resign": form.get("on_resign", "bot")}
        opened = shiplog().open_game(player, game, seats, options, None, bool(form.get("private")), settings,
                                     form.get("entropy") or None, 0, bots)
    except ValueError:
        return page("new_game.html", 422, game=game, rules=rules, form=form, error="Choose how many players.")
    except IllegalAction as exc:
        return page("new_game.html", 422, game=game, rules=rules, form=form, error=exc.message)
    target = url_for("web.game", game_id=str(opened.game.id), invite=opened.invite)
    return redirect(target, 303)  # type: ignore[return-value]
