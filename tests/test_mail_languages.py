"""The notifications speak their player's language (issue 31): every kind of e-mail (a turn, a
reminder, a take-back request, a game over with its ranking, several games in one mail, the
daily digest) has its subject, text and HTML parts in the player's setting's language, with the
deadline written by Babel for that language in the player's time zone and the scores as that
language writes numbers; a push's words too. Through a real SMTP server, a Russian player's mail
says in Russian what happened in Puerto Rico since their last turn."""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime
from email import message_from_bytes, policy
from typing import Any

import pytest

from domain.core.i18n import speaking
from service import mails, push
from service.languages import catalogs, speaking_to
from tests.englishwords import english_left
from tests.test_mail_content import QUIET, parts
from tests.test_turn_mails import server

NOW = datetime(2030, 1, 1, 12, 0, tzinfo=UTC)
LINKS = mails.Links("https://tables.example")
NAMES = ["ann", "bob"]
GAME = {"id": "4f0c", "game": "puerto-rico", "title": "Puerto Rico", "players": ["ann", "bob", None],
        "status": "active", "version": 7, "url": "https://tables.example/games/4f0c"}
SECTIONS = [
    {"kind": "turn", "seat": 0, "game": GAME, "since": ["—"], "more": 3, "deadline": "2030-01-03T09:30:00+00:00",
     "on_timeout": "bot"},
    {"kind": "reminder", "seat": 0, "game": GAME, "deadline": "2030-01-01T18:00:00+00:00", "on_timeout": "lose"},
    {"kind": "undo", "seat": 0, "game": GAME, "asker": "bob"},
    {"kind": "ended", "seat": 0, "game": {**GAME, "status": "finished"}, "termination": "finished",
     "ranking": [{"rank": 1, "name": "bob", "score": 1234, "seat": 1}, {"rank": 2, "name": "ann", "score": 56, "seat": 0}]},
    {"kind": "ended", "seat": 0, "game": {**GAME, "status": "abandoned"}, "termination": "abandoned", "ranking": []},
]
DIGEST = {"kind": "digest", "time": NOW.isoformat(), "time_zone": "Europe/Moscow",
          "inbox": [{"game": GAME, "seat": 0, "reason": "turn", "deadline": "2030-01-03T09:30:00+00:00", "url": GAME["url"]},
                    {"game": GAME, "seat": 0, "reason": "undo", "deadline": None, "url": GAME["url"]}],
          "ended": [{"game": GAME}]}
PAYLOADS = {
    "merged": {"kind": "mail", "time": NOW.isoformat(), "time_zone": "Europe/Moscow", "sections": SECTIONS},
    **{kind: {"kind": "mail", "time": NOW.isoformat(), "time_zone": "Europe/Budapest", "sections": [section]}
       for kind, section in [("turn", SECTIONS[0]), ("reminder", SECTIONS[1]), ("undo", SECTIONS[2]), ("ended", SECTIONS[3])]},
    "digest": DIGEST,
    "empty digest": {**DIGEST, "inbox": [], "ended": []},
    "one occasion (an older payload)": {**SECTIONS[2], "time": NOW.isoformat()},
}


def composed(payload: dict[str, Any], language: str) -> tuple[str, str, str]:
    delivery = {"id": "d1", "payload": json.dumps(payload)}
    with speaking(language, catalogs(language)):
        message = mails.compose("ann", delivery, "shiplog@tables.example", "ann@example.org", LINKS, LINKS.mail_off("t"))
    message = message_from_bytes(message.as_bytes(), policy=policy.default)  # as the mailbox reads it
    text, page = parts(message)
    return str(message["Subject"]), text, page


def words_of(text: str) -> str:
    """What a reader reads: no tags, no addresses."""
    return re.sub(r"https?://\S+|<[^>]+>", " ", text)


@pytest.mark.parametrize("language", ["ru", "hu"])
@pytest.mark.parametrize("kind", list(PAYLOADS))
def test_every_kind_of_mail_is_in_the_players_language(kind: str, language: str) -> None:
    english = composed(PAYLOADS[kind], "en")
    said = composed(PAYLOADS[kind], language)
    for english_part, part in zip(english, said, strict=True):
        assert part != english_part
        assert not english_left(words_of(part), language, NAMES + ["—", "4f0c", "Europe/Moscow", "Europe/Budapest"]), part
    assert f'<html lang="{language}">' in said[2]


def test_dates_and_numbers_are_the_languages_own_in_the_players_time_zone() -> None:
    _subject, text, page = composed(PAYLOADS["merged"], "ru")
    assert "3 января 2030\u202fг., 12:30 (Europe/Moscow)" in text  # 09:30 UTC in Moscow, as Russian writes it
    assert "1\xa0234" in text and "1\xa0234" in page  # a Russian thousands separator
    _subject, text, _page = composed(PAYLOADS["turn"], "hu")
    assert "2030. január 3., csütörtök 10:30 (Europe/Budapest)" in text
    _subject, text, _page = composed(PAYLOADS["ended"], "hu")
    assert "1\xa0234" in text
    _subject, text, _page = composed(PAYLOADS["ended"], "en")
    assert "1. bob: 1,234" in text


def test_the_subject_counts_in_the_languages_plural_forms() -> None:
    five = {**DIGEST, "inbox": (DIGEST["inbox"] * 3)[:5]}
    assert composed(five, "ru")[0] == "shiplog: вас ждут 5 игр"
    assert composed({**DIGEST, "inbox": DIGEST["inbox"][:1]}, "ru")[0] == "shiplog: вас ждёт 1 игра"
    assert composed(DIGEST, "ru")[0] == "shiplog: вас ждут 2 игры"
    assert composed(PAYLOADS["merged"], "en")[0].endswith("(and 4 more)")


def test_a_push_is_in_the_players_language() -> None:
    class Reader:
        language = "hu"

    with speaking_to(Reader()):
        one = push.message(SECTIONS[:1], NOW, "Europe/Budapest", LINKS)
        several = push.message(SECTIONS[:3], NOW, "Europe/Budapest", LINKS)
    assert one["title"].startswith("Te következel: Puerto Rico (ann, bob, ")
    assert several["title"] == "3 játék vár rád"
    for said in (one["title"], one["body"], several["body"]):
        assert not english_left(words_of(said), "hu", NAMES + ["Europe/Budapest"]), said


def test_a_russian_players_turn_mail_says_the_moves_in_russian(sqlite_env: dict[str, str]) -> None:
    with server(sqlite_env, **QUIET) as s:
        ann, _ = s.player("ann", email="ann@example.org", time_zone="Europe/Moscow")
        s.app.update_player(ann, {"language": "ru"})  # (the settings page's choice)
        ann = s.app.get_player(ann.id)
        bob, _ = s.player("bob", email="bob@example.org")
        gid = s.app.open_game(ann, "puerto-rico", 2, settings={"clock": {"days_per_move": 3}}).game.id
        s.app.join(gid, bob)
        game = s.app.get_game(gid)
        while game.status == "active" and 0 not in game.to_act():
            seat = min(game.to_act())
            s.app.submit(gid, seat, game.legal_actions(seat)[0])
            game = s.app.get_game(gid)
        s.tick(minutes=10)
        (mail,) = [m for m in s.mails() if m["To"] == "ann@example.org"]
        text, page = parts(mail)
        assert mail["Subject"].startswith("Ваш ход: Пуэрто-Рико") and mail["Content-Language"] == "ru"
        assert "Здравствуйте, ann!" in text and "С вашего прошлого хода:" in text and "(Europe/Moscow)" in text
        names = ["ann", "bob", "Europe/Moscow"]
        assert not english_left(words_of(text), "ru", names), text
        assert not english_left(words_of(page), "ru", names), page
        bobs = [m for m in s.mails() if m["To"] == "bob@example.org"]
        assert all(m["Subject"].startswith("Your turn") for m in bobs)  # bob chose no language: English
