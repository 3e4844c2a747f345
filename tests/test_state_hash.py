"""Hash scheme "hmac-sha256-fields" (new games; docs/replay.md, "State hashes"): its bytes are
what the definition says, the same however a state was reached (live play, replay from the
facts, a snapshot, any PYTHONHASHSEED), and records in every scheme verify their own way."""

from __future__ import annotations

import copy
import dataclasses
import datetime
import enum
import hashlib
import hmac
import json
import os
import subprocess
import sys
from functools import cached_property
from pathlib import Path
from typing import Any

import pytest

from domain.core import codec, registry
from domain.core.aggregate import Game
from domain.core.game.base import HASH_SCHEMES, KEYED, KEYED_FIELDS, hash_state
from domain.core.record import record_from_events, replay_states, seed_of, verify
from domain.core.rng import Rng, choice
from domain.core.rules import fold

ROOT = Path(__file__).resolve().parent.parent


def reference_json(value: Any) -> bytes:
    """The definition of the scheme's bytes, written again with the standard library."""
    return json.dumps(_reference(value), sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def _reference(value: Any) -> Any:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        optional = codec._optional(type(value))
        return {f.name: _reference(v) for f in dataclasses.fields(value)
                if (v := getattr(value, f.name)) is not None or f.name not in optional}
    if isinstance(value, enum.Enum):
        return _reference(value.value)
    if isinstance(value, tuple | list):
        return [_reference(v) for v in value]
    if isinstance(value, frozenset | set):
        return [json.loads(b) for b in sorted(reference_json(v) for v in value)]
    if isinstance(value, dict):
        assert all(type(k) is str for k in value)
        return {k: _reference(v) for k, v in value.items()}
    if isinstance(value, datetime.datetime):
        return value.isoformat()
    assert value is None or type(value) in (bool, int, str), type(value)
    return value


class Colour(enum.Enum):
    RED = "red"


class Phase(enum.StrEnum):
    SAILING = "sailing"


@dataclasses.dataclass(frozen=True)
class Hand:
    seat: int
    cards: frozenset[str]
    note: str | None = None
    later: tuple[int, ...] | None = codec.optional()  # added "after records were made"

    @cached_property
    def size(self) -> int:  # a cached property lands in the instance's __dict__
        return len(self.cards)


@dataclasses.dataclass(frozen=True)
class Table:
    hands: tuple[Hand, ...]
    colour: Colour
    phase: Phase
    scores: dict[str, int]
    flags: tuple[bool, ...]
    seen: frozenset[int]
    pairs: frozenset[tuple[int, str]]
    text: str
    at: datetime.datetime


def table() -> Table:
    return Table(
        hands=(Hand(0, frozenset({"b", "a", "ab", "a!"})), Hand(1, frozenset(), "x", (1, 2))),
        colour=Colour.RED,
        phase=Phase.SAILING,
        scores={"z": 1, "a": -2},
        flags=(True, False),
        seen=frozenset({10, 9, -1, 100}),
        pairs=frozenset({(2, "b"), (10, "a"), (2, "a")}),
        text='é "quoted" \\ \n ✓',
        at=datetime.datetime(2026, 11, 23, 14, 5, 0, 120, tzinfo=datetime.UTC),
    )


GOLDEN = (
    b'{"at":"2026-11-23T14:05:00.000120+00:00","colour":"red","flags":[true,false],'
    b'"hands":[{"cards":["a!","a","ab","b"],"note":null,"seat":0},{"cards":[],"later":[1,2],"note":"x","seat":1}],'
    b'"pairs":[[10,"a"],[2,"a"],[2,"b"]],"phase":"sailing","scores":{"a":-2,"z":1},'
    b'"seen":[-1,10,100,9],"text":"\xc3\xa9 \\"quoted\\" \\\\ \\n \xe2\x9c\x93"}'
)


def test_the_bytes_are_the_definitions_and_do_not_change() -> None:
    """Pinned: the bytes of records already made in this scheme must never change (an orjson
    upgrade, a refactor); sets by their items' bytes, keys sorted, no class names."""
    state = table()
    assert codec.fields_json(state) == reference_json(state) == GOLDEN
    assert codec.fields_hash(state, "seed") == hmac.new(b"seed", GOLDEN, hashlib.sha256).hexdigest()
    assert codec.fields_hash(state, "seed") == "c6f515a29b0b12daaa81983eee9f0d34e1360137be75359f058a9ddf802d641f"
    assert hash_state(KEYED_FIELDS, state, "seed") == codec.fields_hash(state, "seed")


def test_only_the_fields_count_whatever_the_instance_holds_besides() -> None:
    hand = Hand(0, frozenset({"a"}))
    before = codec.fields_json(hand)
    assert hand.size == 1 and "size" in vars(hand)  # a cached property beside the fields
    assert codec.fields_json(hand) == before
    shuffled = object.__new__(Hand)  # the same fields, the instance's dictionary in another order
    object.__setattr__(shuffled, "__dict__", dict(reversed(vars(Hand(0, frozenset({"a"}))).items())))
    assert list(vars(shuffled)) != list(vars(hand)) and codec.fields_json(shuffled) == before
    assert codec.fields_json(Hand(0, frozenset({"a"}), later=(3,))) != before  # an optional part, once set


def test_strings_are_escaped_as_the_definition_says() -> None:
    text = "".join(map(chr, [*range(0x800), 0x2028, 0x2029, 0xFEFF, 0x1F6A2, 0x10FFFF]))
    assert codec.fields_json((text, frozenset(text))) == reference_json((text, frozenset(text)))


def test_what_a_state_may_not_hold_is_refused() -> None:
    with pytest.raises(TypeError):
        codec.fields_json({1: "an int key"})
    with pytest.raises(TypeError):
        codec.fields_json(object())
    with pytest.raises(TypeError):
        codec.fields_json(2**64)


def states(game: str, options: dict[str, Any], seats: int, seed: str, limit: int = 100_000) -> list[Any]:
    """Every state of a seeded random game through the pure engine."""
    rules = registry.get(game)
    state = fold(rules, None, rules.setup(rules.check_options(options, seats), seats, Rng(seed, "setup")))
    out = [state]
    while rules.outcome(state) is None and len(out) < limit:
        seat = min(rules.to_act(state))
        action = choice(Rng(seed, f"pick:{len(out)}"), rules.legal_actions(state, seat))
        decided = rules.decide(state, seat, action, Rng(seed, f"event:{len(out)}"))
        state = getattr(decided, "state", None) or fold(rules, state, decided)
        out.append(state)
    return out


# Each game's option sets worth a look: every Puerto Rico expansion, Santa Maria's American
# Kingdoms with its modules (optional fields set and not), both Felinia rule sets.
CASES = [(game, options) for game in sorted(registry.products())
         for options in [case[0] for case in getattr(registry.get(game), "BENCH_CASES", [({},)])]]
CASES.append(("santa-maria", {"expansion": True, "modules": ["A", "B", "C", "D"]}))


@pytest.mark.parametrize(("game", "options"), CASES, ids=lambda v: json.dumps(v) if isinstance(v, dict) else v)
def test_every_state_of_a_game_is_written_as_the_definition_says(game: str, options: dict[str, Any]) -> None:
    for seed in ("fields-0", "fields-1"):
        for state in states(game, options, 3, seed, limit=1500):
            assert codec.fields_json(state) == reference_json(state)


def test_the_classes_a_game_holds_differ_in_their_fields() -> None:
    """Class names are not in the bytes: where a field may hold one of several classes (a
    Navegador action's context), their field names tell them apart."""
    for game in registry.products():
        seen: dict[frozenset[str], type] = {}
        for state in states(game, {}, 3, "classes", limit=1500)[::10]:
            for kind in _classes(state):
                names = frozenset(f.name for f in dataclasses.fields(kind))
                assert seen.setdefault(names, kind) is kind, (game, kind, seen[names])


def _classes(value: Any) -> set[type]:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        found = {type(value)}
        for f in dataclasses.fields(value):
            found |= _classes(getattr(value, f.name))
        return found
    if isinstance(value, tuple | list | frozenset | set):
        return set().union(*map(_classes, value)) if value else set()
    return set()


def bot_game(game: str, options: dict[str, Any], seats: int, seed: str) -> Game:
    people = [{"name": f"p{n}", "token_hash": f"t{n}", "bot": "random"} for n in range(seats)]
    created = Game.start(game, options, people, "host", seed, client_seeded=False)
    created.play_bots()
    return created


@pytest.mark.parametrize(("game", "options"), CASES, ids=lambda v: json.dumps(v) if isinstance(v, dict) else v)
def test_live_replayed_and_restored_states_hash_alike(game: str, options: dict[str, Any]) -> None:
    """A game played through the aggregate records the live hash of every state; replaying its
    record's facts gives the same hashes (verify), and so does every state restored from its
    snapshot text (`codec.loads(codec.dumps(...))`, as the store's snapshots and take-backs do)."""
    for n, seats in enumerate((2, 4) if game != "navegador" else (2,)):
        live = bot_game(game, options, seats, f"alike-{n}")
        assert live.hash_scheme == KEYED_FIELDS and live.outcome() is not None
        record = record_from_events(str(live.id), live.collect_events())
        assert record["hash_scheme"] == KEYED_FIELDS
        report = verify(record)
        assert report.ok and report.hashes_checked, report.divergence
        assert report.final_hash == live.state_hash == live.hash(live.state)
        seed = seed_of(record)
        every = 1 if game != "navegador" else 9
        for version, event, state in list(replay_states(record))[::every]:
            if "state_hash" in event:
                restored = codec.loads(codec.dumps(state))
                assert hash_state(KEYED_FIELDS, restored, seed) == event["state_hash"], version


HASHSEED_SCRIPT = """
import hashlib, json, sys
sys.path[:0] = [{root!r}]
from tests.test_state_hash import Hand, states, table
from domain.core import codec, registry
out = {{"sets": codec.fields_hash((table(), Hand(0, frozenset(f"card {{i}}" for i in range(30)))), "k")}}
for game in sorted(registry.products()):
    digest = hashlib.sha256()
    for state in states(game, {{}}, 3, "hashseed", limit=600):
        digest.update(codec.fields_hash(state, "k").encode())
    out[game] = digest.hexdigest()
print(json.dumps(out))
"""


def test_the_hashes_do_not_depend_on_the_process_s_string_hashing() -> None:
    """Sets of strings iterate in another order under another PYTHONHASHSEED: the bytes sort them."""
    script = HASHSEED_SCRIPT.format(root=str(ROOT))
    runs = []
    for hashseed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hashseed}
        done = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True)
        runs.append(json.loads(done.stdout))
    assert runs[0] == runs[1]
    assert set(runs[0]) == {"sets", *registry.products()}


def record_in_the_new_scheme() -> dict[str, Any]:
    game = bot_game("puerto-rico", {}, 3, "tamper")
    return record_from_events(str(game.id), game.collect_events())


def test_a_record_of_the_new_scheme_verifies_and_a_changed_hash_is_caught_at_its_move() -> None:
    record = record_in_the_new_scheme()
    assert record["hash_scheme"] == KEYED_FIELDS
    assert verify(record).ok
    tampered = copy.deepcopy(record)
    moves = [e for e in tampered["events"] if e["type"] == "ActionTaken"]
    moves[len(moves) // 2]["state_hash"] = "0" * 64
    report = verify(tampered)
    assert report.divergence is not None and report.divergence.version == moves[len(moves) // 2]["version"]
    assert "hash" in report.divergence.problem
    # the same hashes under the old scheme's name do not verify: each scheme is checked its own way
    renamed = copy.deepcopy(record)
    renamed["hash_scheme"] = KEYED
    assert not verify(renamed).ok


def test_a_record_of_the_old_keyed_scheme_verifies_by_the_old_text_and_a_changed_hash_is_caught() -> None:
    record = json.loads(ROOT.joinpath("fixtures", "puerto_rico", "3p.json").read_text())
    assert record["hash_scheme"] == KEYED
    report = verify(record)
    assert report.ok and report.hashes_checked
    version, move, state = next(row for row in replay_states(record) if row[1]["type"] == "ActionTaken")
    seed = seed_of(record)
    assert hash_state(KEYED, state, seed) == move["state_hash"] != hash_state(KEYED_FIELDS, state, seed)
    record["events"][version]["state_hash"] = "0" * 64
    assert not verify(record).ok


def test_a_record_of_the_new_scheme_is_format_4_and_one_of_an_older_scheme_stays_format_3() -> None:
    """A build that predates "hmac-sha256-fields" reads formats 1-3 only: given a format 3 record
    of the new scheme it would check its hashes as unkeyed sha256 and report a false divergence;
    format 4 makes it refuse the record instead."""
    record = record_in_the_new_scheme()
    assert record["format_version"] == 4 and record["hash_scheme"] == KEYED_FIELDS
    old = json.loads(ROOT.joinpath("fixtures", "puerto_rico", "3p.json").read_text())
    assert old["format_version"] == 3 and old["hash_scheme"] == KEYED and verify(old).ok
    # a record exported between the new scheme and format 4 (format 3, new scheme) still verifies
    between = copy.deepcopy(record)
    between["format_version"] = 3
    assert verify(between).ok
    # format 4 must name its scheme (no default to guess from), and format 5 is not known yet
    unnamed = copy.deepcopy(record)
    del unnamed["hash_scheme"]
    with pytest.raises(ValueError, match="format 4 record names its hash_scheme"):
        verify(unnamed)
    record["format_version"] = 5
    with pytest.raises(ValueError, match="format_version 5 is not supported"):
        verify(record)


def test_an_unknown_scheme_is_refused_as_unreadable() -> None:
    record = record_in_the_new_scheme()
    record["hash_scheme"] = "md5"
    with pytest.raises(ValueError, match="hash_scheme"):
        verify(record)
    assert KEYED_FIELDS in HASH_SCHEMES
