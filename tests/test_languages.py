"""Which language a request is answered in (issue 31, service/languages.py): `?lang=`, the
signed-in player's setting, the switch's cookie, Accept-Language, else English; an unknown
language is English and never an error. The API's problem details speak the request's
Accept-Language; the pages carry `<html lang>` and a switch on every page."""

from __future__ import annotations

import re
from typing import Any

import pytest

from domain.core.i18n import ngettext, speaking
from service.languages import (
    COOKIE,
    catalogs,
    from_header,
    player_language,
    speaking_to,
    supported,
    when,
)
from service.web.session import COOKIE as PLAYER_COOKIE
from tests.test_api import problem
from tests.test_web import csrf, sign_up

HOME_RU, HOME_HU, HOME_EN = "Настольные игры по переписке", "Levelezős társasjátékok", "Board games by correspondence"


def page(client: Any, path: str = "/", **headers: str) -> tuple[str, str]:
    response = client.get(path, headers=headers)
    assert response.status_code == 200
    text = response.get_data(as_text=True)
    return re.search(r'<html lang="([^"]+)">', text).group(1), text  # type: ignore[union-attr]


@pytest.mark.parametrize(("header", "language", "words"), [
    ("ru-RU,ru;q=0.9,en;q=0.8", "ru", HOME_RU), ("hu", "hu", HOME_HU), ("de-DE, hu;q=0.5", "hu", HOME_HU),
    ("de-DE,fr;q=0.9", "en", HOME_EN), ("", "en", HOME_EN), ("ru;q=abc, ;;, *", "en", HOME_EN),
])
def test_the_browsers_languages_choose_the_page_and_an_unknown_one_is_english(client: Any, header: str, language: str,
                                                                             words: str) -> None:
    tag, text = page(client, **{"Accept-Language": header})
    assert tag == language and words in text
    assert client.get("/", headers={"Accept-Language": header}).headers["Content-Language"] == language


def test_lang_in_the_address_wins_and_a_visitor_keeps_it(client: Any) -> None:
    response = client.get("/?lang=hu", headers={"Accept-Language": "ru"})
    assert '<html lang="hu">' in response.get_data(as_text=True)
    assert any(c.startswith(f"{COOKIE}=hu") for c in response.headers.getlist("Set-Cookie"))
    assert page(client, "/lobby", **{"Accept-Language": "ru"})[0] == "hu"  # the cookie, over the browser's
    assert page(client, "/?lang=xx", **{"Accept-Language": "ru"})[0] == "hu"  # unknown: ignored, no error
    links = re.findall(r'<a href="([^"]+)" hreflang="(\w+)"', page(client, "/lobby?lang=ru")[1])
    assert links == [("/lobby?lang=en", "en"), ("/lobby?lang=ru", "ru"), ("/lobby?lang=hu", "hu")]


def test_a_players_language_is_kept_in_their_settings_and_used_for_their_mail(app: Any) -> None:
    ann = sign_up(app, "ann")
    assert page(ann, "/", **{"Accept-Language": "en"})[0] == "en"
    switch = page(ann)[1]
    assert 'action="/language"' in switch  # a signed-in player's switch is a form (CSRF-checked)
    answer = ann.post("/language", data={"lang": "ru", "next": "/lobby", "csrf_token": csrf(switch)})
    assert answer.status_code == 303 and answer.headers["Location"] == "/lobby"
    ann.delete_cookie(COOKIE)
    assert page(ann, "/", **{"Accept-Language": "hu"})[0] == "ru"  # the setting, over the browser's
    player = player_of(app, ann)
    assert player.language == "ru" and player_language(player) == "ru"
    with speaking_to(player):
        assert ngettext("{n} day", "{n} days", 5) and catalogs("ru").dgettext("shiplog", "Your turn") == "Ваш ход"
    settings = page(ann, "/settings")[1]
    assert '<option value="ru" lang="ru" selected>' in settings
    saved = ann.post("/settings", data={"csrf_token": csrf(settings), "name": "ann", "language": "hu",
                                        "email_mode": "off", "digest_hour": "7"})
    assert saved.status_code == 200 and '<html lang="hu">' in saved.get_data(as_text=True)
    assert page(ann, "/?lang=en")[0] == "en"  # a link's ?lang= still wins for that page


def player_of(app: Any, client: Any) -> Any:
    """The player a browser is signed in as (its session cookie)."""
    cookie = client.get_cookie(PLAYER_COOKIE)
    return app.extensions["shiplog"].get_player(app.extensions["shiplog.signins"].player(cookie.value))


def test_the_api_answers_in_the_requests_accept_language(client: Any) -> None:
    game = client.post("/v1/games", json={"game": "puerto-rico", "players": ["ann", "bob", "cy"],
                                          "options": {"first_governor": "seat_order"}}).json
    token = {"Authorization": f"Bearer {game['seats'][0]['token']}"}
    move = {"type": "select_role", "role": "pirate"}
    english = problem(client.post(f"/v1/games/{game['id']}/actions", json=move, headers=token), 422, "role.unknown")
    russian = problem(client.post(f"/v1/games/{game['id']}/actions", json=move,
                                  headers={**token, "Accept-Language": "ru"}), 422, "role.unknown")
    assert english["detail"].startswith("There is no role 'pirate'")
    assert russian["detail"].startswith("В этой игре нет роли 'pirate'"), russian
    missing = problem(client.get("/v1/games/nonexistent", headers={"Accept-Language": "hu-HU"}), 404, "game.not_found")
    assert missing["detail"] == "Nincs ilyen azonosítójú játék."
    turn = problem(client.post(f"/v1/games/{game['id']}/actions", json={"type": "select_role", "role": "settler"},
                               headers={"Authorization": f"Bearer {game['seats'][1]['token']}",
                                        "Accept-Language": "ru"}), 403, "turn.not_yours")
    assert turn["detail"].startswith("Сейчас не ваш ход")
    view = client.get(f"/v1/games/{game['id']}?lang=ru").json
    assert view["title"] == "Пуэрто-Рико"
    assert problem(client.get("/v1/games/nonexistent?lang=zz"), 404, "game.not_found")["detail"] == "There is no game with this id."


def test_russian_plurals_dates_and_the_tags_we_speak() -> None:
    forms = {1: "1 день", 2: "2 дня", 4: "4 дня", 5: "5 дней", 11: "11 дней", 21: "21 день", 22: "22 дня"}
    with speaking("ru", catalogs("ru")):
        said = {n: catalogs("ru").dngettext("shiplog", "%(num)d day per move", "%(num)d days per move", n) % {"num": n}
                for n in forms}
    assert said == {n: f"{form} на ход" for n, form in forms.items()}
    assert [supported(t) for t in ("ru-RU", "HU", "en_GB", "de", "", None, 7, "r" * 40)] == ["ru", "hu", "en", None, None,
                                                                                          None, None, None]
    assert from_header("fr;q=1, hu;q=0.8, ru;q=0.9") == "ru" and from_header("*;q=0") is None


def test_times_are_written_as_the_readers_language_writes_them(app: Any) -> None:
    stamp = "2025-03-01T09:30:00+00:00"
    with app.test_request_context("/", headers={"Accept-Language": "ru"}):
        app.preprocess_request()
        russian = when(stamp)
    with app.test_request_context("/", headers={"Accept-Language": "en"}):
        app.preprocess_request()
        english = when(stamp)
    assert "мар" in russian and "Mar" in english and russian.endswith("UTC")


def test_the_catalog_describes_the_games_in_the_requests_language(client: Any) -> None:
    english = next(g for g in client.get("/v1/catalog").json["games"] if g["game"] == "puerto-rico")
    russian = next(g for g in client.get("/v1/catalog", headers={"Accept-Language": "ru"}).json["games"]
                   if g["game"] == "puerto-rico")
    assert english["title"] == "Puerto Rico" and russian["title"] == "Пуэрто-Рико"
    assert russian["description"].startswith("Плантации, растущий город")
    assert [o["name"] for o in russian["options"]] == [o["name"] for o in english["options"]]  # names stay
    assert all(o["sentence"] != e["sentence"] for o, e in zip(russian["options"], english["options"], strict=True))


def test_a_schema_refusal_names_the_field_and_says_why_in_the_requests_language(client: Any) -> None:
    english = problem(client.post("/v1/players", json={}), 422, "body.invalid")
    russian = problem(client.post("/v1/players", json={}, headers={"Accept-Language": "ru"}), 422, "body.invalid")
    assert english["detail"] == "The request body is not valid: name: Missing data for required field."
    assert russian["detail"] == "Тело запроса неверно: name: Нет обязательного поля."
    assert russian["errors"] == english["errors"]  # the field-by-field errors stay the schema's


def test_the_pages_scripts_get_their_words_by_plural_category() -> None:
    """static/notify.js counts a deadline down in the page's language: each unit's forms by the
    CLDR plural category Intl.PluralRules gives it."""
    from service.web.texts import page_words  # lazy: the pages' helper, only here

    with speaking("ru", catalogs("ru")):
        russian = page_words()
    assert russian["units"]["day"] == {"one": "{n} день", "few": "{n} дня", "many": "{n} дней"}
    assert russian["left"] == "осталось {left}"
    english = page_words()
    assert english["units"]["minute"] == {"one": "{n} minute", "other": "{n} minutes"}


def test_the_pages_write_times_in_the_players_zone_and_numbers_in_their_language(app: Any,
                                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    import service.web.language as pages_language

    class Player:
        language, time_zone = "ru", "Europe/Moscow"

    stamp = "2025-03-01T09:30:00+00:00"
    with app.test_request_context("/lobby", headers={"Accept-Language": "hu"}):
        app.preprocess_request()
        visitor = when(stamp), app.jinja_env.from_string("{{ 1234567 | number }}").render()
    assert visitor[0].endswith("9:30:00 UTC") and visitor[1] == "1\xa0234\xa0567"  # a visitor: UTC, in Hungarian
    with app.test_request_context("/lobby", headers={"Accept-Language": "en"}):
        app.preprocess_request()
        assert app.jinja_env.from_string("{{ 1234567 | number }}").render() == "1,234,567"
    monkeypatch.setattr(pages_language, "current_player", lambda: Player())
    with app.test_request_context("/lobby"):
        app.preprocess_request()
        player = when(stamp), app.jinja_env.from_string("{{ 1234567 | number }}").render()
    assert player[0].endswith("12:30:00 Europe/Moscow") and "мар" in player[0]  # the player's zone and language
    assert player[1] == "1\xa0234\xa0567"


def test_the_schemas_own_refusals_and_the_json_checks_speak_the_requests_language(client: Any) -> None:
    both = {"game": "puerto-rico", "players": ["ann", "bob", "cy"], "seats": 3}
    russian = problem(client.post("/v1/games", json=both, headers={"Accept-Language": "ru"}), 422, "body.invalid")
    assert "Укажите либо players" in russian["detail"], russian
    english = problem(client.post("/v1/games", json=both), 422, "body.invalid")
    assert "Give either players" in english["detail"]
    twice = client.post("/v1/games", data=b'{"game": 1, "game": 2}', content_type="application/json",
                        headers={"Accept-Language": "hu"})
    assert problem(twice, 400, "body.duplicate_key")["detail"] == "A(z) 'game' név kétszer szerepel egy JSON-objektumban."


def test_marshmallows_messages_with_their_numbers_are_said_again_in_the_readers_language() -> None:
    from service.parsing import first_error

    errors = {"digest_hour": ["Must be greater than or equal to 0 and less than or equal to 23."]}
    with speaking("ru", catalogs("ru")):
        assert first_error(errors) == "digest_hour: Должно быть не меньше 0 и не больше 23."
        assert first_error({"name": ["Longer than maximum length 40."]}) == "name: Длиннее наибольшей длины 40."
        assert first_error({"x": ["Something no catalog knows."]}) == "x: Something no catalog knows."
    with speaking("hu", catalogs("hu")):
        assert first_error({"mode": ["Must be one of: turn, digest, off."]}) == "mode: Ezek egyike lehet: turn, digest, off."
    assert first_error(errors) == "digest_hour: Must be greater than or equal to 0 and less than or equal to 23."


def test_signing_up_keeps_the_language_of_the_pages_and_the_api_takes_one(app: Any, client: Any) -> None:
    visitor = app.test_client()
    form = visitor.get("/signup", headers={"Accept-Language": "ru-RU,ru;q=0.9"}).get_data(as_text=True)
    assert '<html lang="ru">' in form
    answer = visitor.post("/signup", data={"name": "vera", "csrf_token": csrf(form)},
                          headers={"Accept-Language": "ru-RU,ru;q=0.9", "Referer": "http://localhost/signup"})
    assert answer.status_code == 201
    assert player_of(app, visitor).language == "ru"  # her e-mails will be Russian too
    assert player_of(app, sign_up(app, "emma")).language is None  # English pages: the browser's, unset
    made = client.post("/v1/players", json={"name": "ilona", "language": "hu"})
    assert made.status_code == 201 and client.get("/v1/me", headers={"Authorization": f"Bearer {made.json['token']}"}).json["language"] == "hu"
    refused = client.post("/v1/players", json={"name": "olga", "language": "xx"})
    assert refused.status_code == 422
