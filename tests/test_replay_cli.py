"""The replay CLI over the store and over record files."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any
from uuid import UUID

import pytest
from click.testing import CliRunner

from replay.cli import main
from service.application import Shiplog


@pytest.fixture
def store(sqlite_env: dict[str, str], monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    for key, value in sqlite_env.items():
        monkeypatch.setenv(key, value)
    app = Shiplog(sqlite_env)
    finished = app.create_game("high-card", [{"name": "ann", "bot": "random"}, {"name": "bob", "bot": "highest"}]).game
    active = app.create_game("high-card", [{"name": "cy"}, {"name": "di"}]).game
    app.submit(active.id, 0, {"type": "draw"})
    return {"finished": str(finished.id), "active": str(active.id), "app": app}


def run(*args: str) -> Any:
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def test_list_shows_both_games(store: dict[str, Any]) -> None:
    result = run("list")
    assert result.exit_code == 0
    assert store["finished"] in result.stdout and store["active"] in result.stdout
    rows = json.loads(run("list", "--json").stdout)
    assert {r["status"] for r in rows} == {"active", "finished"}


def test_show_at_a_version_as_a_seat(store: dict[str, Any]) -> None:
    gid = store["active"]
    full = json.loads(run("show", gid, "--at", "0", "--json").stdout)
    assert full["version"] == 0 and all(p["hand"] for p in full["state"]["players"])
    as_cy = json.loads(run("show", gid, "--as", "cy", "--json").stdout)
    assert as_cy["version"] == 1 and as_cy["state"]["players"][1]["hand"] is None
    assert run("show", gid[:8]).exit_code == 0  # a unique id prefix is enough
    assert run("show", gid, "--at", "99").exit_code == 1


def test_log_redacts_for_a_spectator(store: dict[str, Any]) -> None:
    gid = store["active"]
    rows = json.loads(run("log", gid, "--as", "spectator", "--json").stdout)
    assert "draws" not in rows[0] and all("cards" not in f for f in rows[0]["facts"] if f["t"] == "Dealt")
    text = run("log", gid).stdout
    assert "cy (seat 0): draw" in text
    assert rows[1]["text"] == ["cy draws a card.", "It is di's turn."]


def test_log_says_each_fact_in_words_as_the_viewer_may_see_it(store: dict[str, Any]) -> None:
    gid = store["active"]
    record = store["app"].record(UUID(gid))
    drawn = next(f["card"] for f in record["events"][1]["facts"] if f["t"] == "CardDrawn")
    dealt = [f["cards"] for f in record["events"][0]["facts"] if f["t"] == "Dealt"]
    lines = run("log", gid).stdout.splitlines()  # as ALL: every card named
    assert lines[1:4] == ["       The deck is shuffled.",
                          f"       cy is dealt the {dealt[0][0]} and the {dealt[0][1]}.",
                          f"       di is dealt the {dealt[1][0]} and the {dealt[1][1]}."]
    assert lines[4].startswith("#1    cy (seat 0): draw") and lines[5] == f"       cy draws the {drawn}."
    as_di = run("log", gid, "--as", "di").stdout
    assert "cy is dealt 2 cards." in as_di and "cy draws a card." in as_di
    assert f"di is dealt the {dealt[1][0]} and the {dealt[1][1]}." in as_di
    assert not any(f"the {card}" in as_di for card in [*dealt[0], drawn])


def test_verify_and_fairness_from_the_store(store: dict[str, Any]) -> None:
    result = run("verify", store["finished"])
    assert result.exit_code == 0 and result.stdout.startswith("OK")
    result = run("fairness", store["finished"])
    assert result.exit_code == 0 and result.stdout.startswith("FAIR")
    sealed = run("fairness", store["active"])
    assert sealed.exit_code == 3 and sealed.stdout.startswith("SEALED")


def test_export_verify_file_and_a_tampered_file(store: dict[str, Any], tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    assert run("export", store["finished"], "-o", str(path)).exit_code == 0
    assert run("verify", str(path)).exit_code == 0
    record = json.loads(path.read_text())
    move = next(e for e in record["events"] if e["type"] == "ActionTaken" and e["version"] > 2)
    move["facts"][0]["seat"] = 1 - move["facts"][0]["seat"]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(record))
    result = run("verify", str(bad))
    assert result.exit_code == 1 and f"at event {move['version']}" in result.stdout
    report = json.loads(run("verify", str(bad), "--json").stdout)
    assert report["divergence"]["version"] == move["version"]


def test_import_into_another_store(store: dict[str, Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "game.json"
    run("export", store["finished"], "-o", str(path))
    monkeypatch.setenv("SQLITE_DBNAME", str(tmp_path / "other.sqlite"))
    result = run("import", str(path), "--json")
    assert result.exit_code == 0 and json.loads(result.stdout)["id"] == store["finished"]
    assert run("verify", store["finished"]).exit_code == 0
    assert run("import", str(path)).exit_code == 1  # already there: a clear message, not a crash


def test_step_forward_back_and_quit(store: dict[str, Any]) -> None:
    result = CliRunner().invoke(main, ["step", store["active"]], input="n\np\nv\ng 1\nq\n")
    assert result.exit_code == 0
    assert result.stdout.count("#0") >= 2 and "#1" in result.stdout


def test_games_and_files_that_are_not_there_exit_2(store: dict[str, Any], tmp_path: Path) -> None:
    """Exit 1 means the record is wrong; 2 that there is no record to judge (issue 8.10)."""
    for command in ("verify", "fairness", "show", "log", "export"):
        result = run(command, "00000000-0000-0000-0000-000000000000")
        assert result.exit_code == 2 and "no game" in result.output, (command, result.output)
        result = run(command, str(tmp_path / "missing.json"))
        assert result.exit_code == 2 and "no such record file" in result.output, (command, result.output)
    assert run("verify", "ffff").exit_code == 2  # a prefix of no id
    junk = tmp_path / "junk.json"
    junk.write_text("{}")
    result = run("verify", str(junk))
    assert result.exit_code == 2 and "not a shiplog game record" in result.output
    junk.write_text("{not json")
    assert run("fairness", str(junk)).exit_code == 2


def test_a_game_with_open_seats_verifies_and_its_fairness_names_the_entropy(store: dict[str, Any]) -> None:
    app = store["app"]
    ann, _ = app.register_player("ann")
    bob, _ = app.register_player("bob")
    gid = app.open_game(ann, "high-card", 2, entropy="a1").game.id
    app.join(gid, bob, entropy="b2")
    app.resign(gid, 1)  # a bot plays bob's seat to the end
    while (game := app.get_game(gid)).status == "active":
        app.submit(gid, 0, {"type": "play", "card": game.state.hands[0][0]} if game.state.hands[0] else {"type": "draw"})
    text = run("log", str(gid)).stdout
    assert "open seats; the server's seed is committed" in text and "bob takes a seat and adds entropy to the seed." in text
    assert "Every seat is taken: the game starts." in text and "bob resigns: a highest bot plays on." in text
    result = run("verify", str(gid))
    assert result.exit_code == 0 and result.stdout.startswith("OK")
    result = run("fairness", str(gid))
    assert result.exit_code == 0 and "the entropy of 2 seats sent after" in result.stdout


@pytest.mark.parametrize("command", ["show", "verify", "log"])
def test_reading_a_record_file_imports_neither_the_web_nor_the_store(command: str) -> None:
    """`replay show|verify|log FILE` starts fast (issue 34 item 3): it loads the rules and the
    record, never Flask, the pages or the store (what only `serve`, `bench` and the store's
    games need is imported inside those commands)."""
    import subprocess
    import sys

    fixture = next(Path("fixtures/puerto_rico").glob("*.json"))
    probe = "\n".join([
        "import runpy, sys",
        "try:",
        "    runpy.run_module('replay.cli', run_name='__main__')",
        "except SystemExit as end:",
        "    assert not end.code, end.code",
        "heavy = sorted(m for m in sys.modules if m.split('.')[0] in HEAVY)",
        "print('HEAVY', heavy)",
    ]).replace("HEAVY)", "('flask', 'werkzeug', 'sqlalchemy', 'psycopg', 'service'))")
    out = subprocess.run([sys.executable, "-c", probe, command, str(fixture)], capture_output=True, text=True, check=True).stdout
    assert out.rstrip().endswith("HEAVY []"), out[-400:]


@pytest.mark.parametrize("command", ["show", "log", "verify", "fairness", "why"])
def test_every_sentence_command_speaks_the_language_asked_or_the_environments(command: str,
                                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """`--lang ru` (or LANG=ru_RU.UTF-8 when no --lang is given) says the CLI's own words in
    Russian; a language that is not ours is English, with no error."""
    from tests.englishwords import english_left

    fixture = str(next(Path("fixtures/puerto_rico").glob("*.json")))
    args = [command, fixture] + (["--at", "3"] if command == "why" else [])
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    english = run(*args).stdout
    asked = run(*args, "--lang", "ru").stdout
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")
    assert run(*args).stdout == asked != english
    monkeypatch.setenv("LC_ALL", "de_DE.UTF-8")  # LC_ALL comes first: not ours, so English
    assert run(*args).stdout == english
    assert run(*args, "--lang", "xx").stdout == english
    head = asked.splitlines()[0]
    record = json.loads(Path(fixture).read_text(encoding="utf-8"))
    names = [p["name"] for p in record["players"]] + [record["id"], "OK"]
    said = head.split("): ", 1)[0] if head.startswith("#") else head  # (a head line's action is data: its JSON)
    assert not english_left(said, "ru", names), head


GAMES = ("puerto_rico", "navegador", "santa_maria", "felinia")


def _proper_names(game: str) -> list[str]:
    """Names the heuristic must let through: the places of Navegador's map keep their names in
    Hungarian (Angola, Bahia, Goa)."""
    if game == "navegador":
        from domain.navegador.components import C

        return [w for name in C.region_names for w in name.split()]
    return []


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("language", ["ru", "hu"])
def test_show_draws_every_games_board_in_the_language_asked(game: str, language: str) -> None:
    """`replay show --lang ru|hu` (issue 31): the text board, its labels, the components and the
    outcome line, with no English words left (besides names), at the start, midway and at the end."""
    from domain.core import registry
    from domain.core.i18n import speaking
    from replay.words import catalogs
    from tests.englishwords import english_left

    fixture = sorted(Path(f"fixtures/{game}").glob("*.json"))[-1]
    record = json.loads(fixture.read_text(encoding="utf-8"))
    with speaking(language, catalogs(language)):
        title = registry.title(record["game"])
    names = [p["name"] for p in record["players"]] + [record["id"], *title.split(), *_proper_names(game)]
    for at in (["--at", "5"], ["--at", "60"], []):
        english = run("show", str(fixture), *at).stdout
        said = run("show", str(fixture), *at, "--lang", language).stdout
        assert said != english
        assert not english_left(said, language, names), (at, english_left(said, language, names))


@pytest.mark.parametrize("game", GAMES)
def test_why_cites_the_rules_sections_in_the_language_asked(game: str) -> None:
    """`replay why --lang ru` cites the rules page's sections by their Russian titles (§ and
    number as in English)."""
    from tests.englishwords import english_left

    fixture = str(sorted(Path(f"fixtures/{game}").glob("*.json"))[-1])
    english = [line for line in run("why", fixture, "--at", "8").stdout.splitlines() if "[§" in line]
    russian = [line for line in run("why", fixture, "--at", "8", "--lang", "ru").stdout.splitlines() if "[§" in line]
    assert english and len(russian) == len(english)
    for en, ru in zip(english, russian, strict=True):
        cited_en, cited_ru = en.rsplit("[§", 1)[1], ru.rsplit("[§", 1)[1]
        assert cited_en.split()[0] == cited_ru.split()[0]  # the same section number
        assert cited_ru != cited_en and not english_left(cited_ru.split(None, 1)[1], "ru"), ru
