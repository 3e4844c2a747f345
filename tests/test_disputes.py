"""Settling rules disputes (issue 16): `legal`, `try` and `why` at past positions of every
registered game, on sampled versions of its fixtures (a game without fixtures: a record its
bots play here), and what a seat can learn through "what if" while a game runs.

For each game and sampled version: `legal` is the rules' legal_actions for that state; every
listed action is accepted by `try`; unlisted ones (listed actions with one field changed, other
moves of the game, unknown types) are refused with a rule code. As a running game answers a
seat: no fact that reveals() anything, no draw, only facts the seat may see.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from domain.core import ALL, registry
from domain.core.dispute import Position, attempt, legal, record_position
from domain.core.record import replay_states, seed_of
from domain.core.rng import Rng
from domain.core.rules import out_of_turn, redacted
from replay.cli import main
from tests.quickbots import quick_bots

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = sorted(ROOT.joinpath("fixtures").rglob("*.json"))
SAMPLES = 40  # versions per record (and chunk)
CHUNKS = 3  # test functions per game, so xdist spreads them
MUTANTS = 12  # unlisted actions tried per version


@cache
def records(game: str) -> tuple[dict[str, Any], ...]:
    """The game's fixtures; a game without any: one record its bots play here (any registered
    game is under these tests from the day it is registered)."""
    found = [r for r in (json.loads(p.read_text()) for p in FIXTURES) if r["game"] == game]
    if found:
        return tuple(found)
    from service.application import Shiplog

    rules = registry.get(game)
    bots = sorted(quick_bots(rules.BOTS))
    seats = [{"name": f"bot {n}", "bot": bots[n % len(bots)]} for n in range(rules.MIN_SEATS)]
    app = Shiplog({"PERSISTENCE_MODULE": "eventsourcing.popo"})
    created = app.create_game(game, seats, {}, f"disputes-{game}")
    return (app.record(created.game.id),)


def sampled(game: str, chunk: int) -> Iterator[tuple[dict[str, Any], int, Any]]:
    """(record, version, state) at SAMPLES versions of each record, every CHUNKS-th one here."""
    for index, record in enumerate(records(game)):
        frames = [(v, s) for v, ev, s in replay_states(record) if s is not None]
        picks = random.Random(f"{game}:{index}").sample(range(len(frames)), min(SAMPLES * CHUNKS, len(frames)))
        for n, pick in enumerate(sorted(picks)):
            if n % CHUNKS == chunk:
                version, state = frames[pick]
                yield record, version, state


def names(record: dict[str, Any]) -> list[str]:
    return [p["name"] for p in record["players"]]


def values_by_field(record: dict[str, Any]) -> dict[str, list[Any]]:
    """Every value each action field takes in the record (to change a listed action into others)."""
    seen: dict[str, list[Any]] = {}
    for ev in record["events"]:
        for key, value in (ev.get("action") or {}).items():
            if key != "type" and value not in seen.setdefault(key, []):
                seen[key].append(value)
    return seen


def unlisted(listed: list[dict[str, Any]], record: dict[str, Any], rnd: random.Random) -> list[Any]:
    """Actions the seat could not take: listed ones with one field changed, other moves of the
    game, an unknown type, malformed ones; none of them in `listed`."""
    pool = values_by_field(record)
    moves = [ev["action"] for ev in record["events"] if ev["type"] == "ActionTaken"]
    out: list[Any] = [{"type": "no_such_action"}, {"kind": "pass"}, [], "pass", {"type": 7}]
    out += rnd.sample(moves, min(4, len(moves)))
    for action in listed:
        for key in action:
            if key != "type":
                out += [{**action, key: v} for v in rnd.sample(pool.get(key, []), min(2, len(pool.get(key, []))))]
                out.append({**action, key: {"nested": [None]}})
        out.append({**action, "extra_field": 1})
    rnd.shuffle(out)
    return [a for a in out if a not in listed][:MUTANTS]


GAMES = registry.names()
CASES = [(game, chunk) for game in GAMES for chunk in range(CHUNKS)]


@pytest.mark.parametrize(("game", "chunk"), CASES, ids=[f"{g}-{c}" for g, c in CASES])
def test_legal_is_the_rules_list_every_listed_action_is_accepted_and_others_refused(game: str, chunk: int) -> None:
    rules = registry.get(game)
    checked = 0
    for record, version, state in sampled(game, chunk):
        position = record_position(record, version)
        assert position.state is state or rules.view(position.state, ALL) == rules.view(state, ALL)
        rnd = random.Random(f"{game}:{version}")
        for seat in range(len(record["players"])):
            listed = legal(position, seat)
            # A seat not to act: the actions it may take out of turn (`OUT_OF_TURN`), if the game has any.
            expected = rules.legal_actions(state, seat) if seat in position.to_act() or out_of_turn(rules) else []
            assert listed == expected, (record["id"], version, seat)
            assert seat in position.to_act() or {a["type"] for a in listed} <= out_of_turn(rules)
            for action in listed:
                answer = attempt(position, seat, action, ALL, names(record))
                assert answer.accepted and answer.code is None, (version, seat, action, answer)
                assert len(answer.text) == len(answer.facts) == len(answer.sections)
            for action in unlisted(listed, record, rnd):
                answer = attempt(position, seat, action, ALL, names(record))
                assert not answer.accepted, (record["id"], version, seat, action)
                assert isinstance(answer.code, str) and "." in answer.code and answer.message, answer
                assert not answer.facts
                checked += 1
    assert checked > 0


@pytest.mark.parametrize(("game", "chunk"), CASES, ids=[f"{g}-{c}" for g, c in CASES])
def test_while_a_game_runs_what_if_shows_a_seat_nothing_hidden(game: str, chunk: int) -> None:
    """The same positions as a running game answers its seat (no seed to draw from, viewer the
    seat): the answer stops before any fact that reveals() and before any draw, and shows the
    facts as the seat may see them; the full decision (the game's own seed) is the control."""
    rules = registry.get(game)
    for record, version, state in sampled(game, chunk):
        public = record_position(record, version)
        running = Position(rules, version, state, public.over, seed=None)
        seed = seed_of(record)
        assert seed is not None
        for seat in sorted(running.to_act()):
            for action in legal(running, seat):
                answer = attempt(running, seat, action, seat, names(record))
                assert answer.accepted, (version, seat, action, answer)
                rng = Rng(seed, f"event:{version + 1}")
                full = json.loads(json.dumps(rules.decide(state, seat, action, rng)))
                if rng.draws:
                    assert answer.stopped == "draw" and not answer.facts, (version, action)
                    continue
                cut = next((i for i, f in enumerate(full) if rules.reveals(f)), len(full))
                assert not any(rules.reveals(f) for f in answer.facts)
                assert list(answer.facts) == redacted(rules, full[:cut], seat)
                assert answer.stopped == ("reveal" if cut < len(full) else None)


# -- the tiny game: the answer does not depend on what the seat cannot see ---------------------


def test_high_card_what_if_is_the_same_whatever_the_hidden_cards() -> None:
    """Two positions that differ only in what seat 0 cannot see (the deck's order, the other
    hand) give seat 0 the same answers: "what if" cannot tell them apart."""
    from dataclasses import replace

    from tests import tinygame as hc

    state = hc.State(deck=(9, 3, 5), hands=((1, 2), (7, 8)), played=((), ()), turn=0)
    other = replace(state, deck=(5, 9, 3), hands=((1, 2), (3, 7)))
    other = replace(other, deck=(5, 8, 9))
    for action in [*hc.legal_actions(state, 0), {"type": "play", "card": 7}, {"type": "draw", "x": 1}]:
        a = attempt(Position(hc, 3, state, False), 0, action, 0, ["Ann", "Bob"])
        b = attempt(Position(hc, 3, other, False), 0, action, 0, ["Ann", "Bob"])
        assert a == b, action
    drawn = attempt(Position(hc, 3, state, False), 0, {"type": "draw"}, 0, ["Ann", "Bob"])
    assert drawn.accepted and drawn.stopped == "draw" and "9" not in json.dumps(drawn.to_json())
    assert attempt(Position(hc, 3, state, False), 0, {"type": "play", "card": 7}, 0, ["Ann", "Bob"]).code == "play.not_in_hand"


def test_a_finished_game_answers_with_the_draw_its_seed_would_have_made() -> None:
    from tests import tinygame as hc

    state = hc.State(deck=(9, 3, 5), hands=((1, 2), (7, 8)), played=((), ()), turn=0)
    answer = attempt(Position(hc, 3, state, False, seed="public"), 0, {"type": "draw"}, ALL, ["Ann", "Bob"])
    assert answer.accepted and answer.stopped is None
    assert answer.facts[0] == {"t": "CardDrawn", "seat": 0, "card": 9}
    assert answer.text[0] == "Ann draws the 9."


# -- the command line ---------------------------------------------------------------------------


def invoke(*args: str) -> Any:
    return CliRunner().invoke(main, list(args))


@pytest.mark.parametrize("path", [p for p in FIXTURES if p.name in ("3p.json",)], ids=lambda p: p.parent.name)
def test_replay_legal_try_and_why_on_a_fixture(path: Path) -> None:
    record = json.loads(path.read_text())
    rules = registry.get(record["game"])
    states = {v: s for v, _ev, s in replay_states(record)}
    taken = [ev for ev in record["events"] if ev["type"] == "ActionTaken"]
    for ev in taken[:: max(1, len(taken) // 6)]:
        before = ev["version"] - 1
        shown = invoke("legal", str(path), "--at", str(before), "--json")
        assert shown.exit_code == 0, shown.output
        data = json.loads(shown.output)
        row = next(r for r in data["seats"] if r["seat"] == ev["seat"])
        assert [a["action"] for a in row["actions"]] == rules.legal_actions(states[before], ev["seat"])
        assert ev["action"] in [a["action"] for a in row["actions"]]
        tried = invoke("try", str(path), "--at", str(before), "--as", str(ev["seat"]), json.dumps(ev["action"]), "--json")
        assert tried.exit_code == 0, tried.output
        assert json.loads(tried.output)["facts"] == ev["facts"]  # what happened is what would have
        why = invoke("why", str(path), "--at", str(ev["version"]), "--json")
        assert why.exit_code == 0 and json.loads(why.output)["facts"] == ev["facts"]
    first = taken[0]
    refused = invoke("try", str(path), "--at", str(first["version"] - 1), "--as", str(first["seat"]), '{"type": "no_such_action"}')
    assert refused.exit_code == 1 and "REFUSED" in refused.output and "action.unknown_type" in refused.output


@pytest.mark.parametrize("args", [
    ["legal", "fixtures/puerto_rico/3p.json", "--at", "99999"],
    ["legal", "fixtures/puerto_rico/3p.json", "--at", "-1"],
    ["legal", "fixtures/puerto_rico/3p.json", "--at", "3", "--as", "9"],
    ["legal", "fixtures/puerto_rico/3p.json", "--at", "3", "--as", "nobody"],
    ["try", "fixtures/puerto_rico/3p.json", "--at", "3", "--as", "0", "{not json"],
    ["try", "fixtures/puerto_rico/3p.json", "--at", "3", "--as", "0"],
    ["why", "fixtures/puerto_rico/3p.json", "--at", "100000"],
    ["why", "fixtures/no_such_file.json", "--at", "1"],
])
def test_replay_dispute_commands_refuse_bad_usage_with_exit_2(args: list[str]) -> None:
    result = CliRunner().invoke(main, [a.replace("fixtures/", str(ROOT / "fixtures") + "/") for a in args])
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output


# -- the rules-page sections facts cite ----------------------------------------------------------


@pytest.mark.parametrize("game", [g for g in GAMES if hasattr(registry.get(g), "SECTIONS")])
def test_a_game_with_sections_cites_one_for_every_fact_it_has_words_for(game: str) -> None:
    rules = registry.get(game)
    sections = rules.SECTIONS  # type: ignore[attr-defined]
    assert set(sections.facts) == set(rules.describe.names)  # type: ignore[attr-defined]
    seen = set()
    for record in records(game):
        for ev in record["events"]:
            for fact in ev.get("facts") or ():
                section = sections(fact)
                assert section is not None and section.number in sections.titles, fact["t"]
                seen.add(section.number)
    assert len(seen) >= 5


SECTIONED = ("felinia", "navegador", "puerto-rico")  # the games whose pages a fact cites


def test_the_games_that_cite_sections_are_under_the_sections_test() -> None:
    """The test above takes the games that have SECTIONS; a game losing its table must fail here,
    not drop out of it silently."""
    assert set(SECTIONED) <= {g for g in GAMES if hasattr(registry.get(g), "SECTIONS")}


def test_replay_why_cites_the_rules_page_section_of_each_fact() -> None:
    path = ROOT / "fixtures" / "puerto_rico" / "3p.json"
    record = json.loads(path.read_text())
    shipped = next(ev for ev in record["events"] if any(f["t"] == "GoodsShipped" for f in ev.get("facts") or ()))
    said = invoke("why", str(path), "--at", str(shipped["version"]))
    assert said.exit_code == 0, said.output
    assert "[§4.6 Captain — shipping]" in said.output
    data = json.loads(invoke("why", str(path), "--at", str(shipped["version"]), "--json").output)
    assert {"number": "4.6", "title": "Captain — shipping"} in data["sections"]
    table = invoke("why", str(path), "--at", "0")  # the setup: facts, no action
    assert table.exit_code == 0 and "[§1.3 Setup procedure]" in table.output


def test_replay_why_cites_felinias_rules_page_sections() -> None:
    path = ROOT / "fixtures" / "felinia" / "3p.json"
    record = json.loads(path.read_text())
    boarded = next(ev for ev in record["events"] if any(f["t"] == "MerchantBoarded" for f in ev.get("facts") or ()))
    said = invoke("why", str(path), "--at", str(boarded["version"]))
    assert said.exit_code == 0, said.output
    assert "[§2.3.4 The boarding window]" in said.output
    table = invoke("why", str(path), "--at", "0")
    assert table.exit_code == 0 and "[§1.13 Setup algorithm]" in table.output


def test_replay_try_on_a_running_game_stops_before_what_is_still_hidden(tmp_path: Path) -> None:
    """A record whose seed is still secret (a game under way) answers as the seat could know:
    the settler's last pick would turn new plantations face up; `try` stops before them."""
    record = json.loads((ROOT / "fixtures" / "puerto_rico" / "3p.json").read_text())
    drew = next(ev for ev in record["events"][1:] if any(f["t"] == "PlantationsDrawn" for f in ev.get("facts") or ()))
    running = {**record, "seed": None, "seed_salt": None, "status": "active", "outcome": None,
               "events": [ev for ev in record["events"] if ev["version"] < drew["version"]]}
    path = tmp_path / "running.json"
    path.write_text(json.dumps(running))
    tried = invoke("try", str(path), "--at", str(drew["version"] - 1), "--as", str(drew["seat"]),
                   json.dumps(drew["action"]), "--json")
    assert tried.exit_code == 0, tried.output
    answer = json.loads(tried.output)
    assert answer["accepted"] and answer["stopped"] == "reveal" and answer["note"]
    assert "PlantationsDrawn" not in {f["t"] for f in answer["facts"]}
    assert answer["facts"] == drew["facts"][: len(answer["facts"])]
    shown = invoke("legal", str(path), "--at", str(drew["version"] - 1), "--as", str(drew["seat"]))
    assert "hidden" in shown.output and "New face-up plantation" not in shown.output
    public = invoke("legal", str(ROOT / "fixtures" / "puerto_rico" / "3p.json"), "--at", str(drew["version"] - 1))
    assert "New face-up plantation" in public.output  # the finished game shows them
