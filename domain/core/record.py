"""Game records: the portable JSON form of a game's event stream, and the audits over it.

A record is what `replay export` prints and `replay verify` / `replay fairness` read:

    {"format": "shiplog.record", "format_version": 4, "id", "game", "rules_version", "options",
     "players": [{"seat", "name", "bot"}], "organised", "settings", "client_seeded",
     "seed_commitment", "entropies", "hash_scheme", "seed" and "seed_salt" (only once revealed),
     "status", "outcome", "events": [{"version", "type", ...}]}

Records hold every fact, draw and state hash: a server gives them out once a game is over. They
name no player account and hold no token hash.
Format 4 is written for games whose state hashes use "hmac-sha256-fields" (the events are those
of format 3; the new number makes a build that predates the scheme refuse the record instead of
checking its hashes the wrong way and reporting a false divergence); format 3 (games with open
seats: GameCreated without setup, SeatTaken with each seat's entropy, GameStarted with the setup)
for games made before it. Format 2 (keyed state hashes, salted commitments, seed =
HMAC(server seed, entropies), setup in GameCreated) and format 1 (sha256 hashes, commitment
sha256(seed), the seed used as it is) are still read. `hash_scheme` says how the state hashes
were made (docs/replay.md, "State hashes"): "hmac-sha256-fields" for games created since it came
(issue 15), "hmac-sha256" before, "sha256" in format 1; each is verified its own way.
"""

from __future__ import annotations

import datetime
import functools
import json
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from . import codec, registry
from .aggregate import Game, Status
from .errors import IllegalAction
from .game.base import HASH_SCHEMES, KEYED, KEYED_FIELDS, UNKEYED, hash_state
from .game.ending import ended_outcome
from .game.seats import public_seats
from .rng import Rng, RngMismatch, ScriptedRng, game_seed, seed_commitment
from .rules import Fact, GameRules, actions_now, fold, turn_allows

FORMAT = "shiplog.record"
FORMAT_VERSION = 4  # hash_scheme "hmac-sha256-fields"; games with an older scheme keep format 3
READABLE_VERSIONS = (1, 2, 3, 4)
_SKIP = {"originator_id", "originator_version", "originator_topic", "seed", "seats",
         "host_token_hash", "idempotency_key", "state", "committed_seed", "salt", "player",
         "token_hash", "host_player", "invite_hash"}
SETUP_EVENTS = ("GameCreated", "GameStarted")


def _jsonable(value: Any) -> Any:
    if isinstance(value, datetime.datetime):
        return value.isoformat()
    return value


def record_from_events(game_id: str, events: Iterable[Any]) -> dict[str, Any]:
    """Build a record from the stored domain events of one `Game` aggregate."""
    record: dict[str, Any] = {"format": FORMAT, "format_version": FORMAT_VERSION, "id": game_id}
    out: list[dict[str, Any]] = []
    seats: list[dict[str, Any]] = []
    for ev in events:
        # the record names an event by its class (records are data; the code below dispatches
        # on the event's type)
        row: dict[str, Any] = {"version": ev.originator_version, "type": type(ev).__name__}
        for name, value in vars(ev).items():
            if name not in _SKIP:
                row[name] = _jsonable(value)
        _into_record(ev, row, record, seats)
        out.append(row)
    if record.get("hash_scheme") != KEYED_FIELDS:
        record["format_version"] = 3  # what a build before "hmac-sha256-fields" reads correctly
    record["players"] = [{"seat": p["seat"], "name": p["name"], "bot": p["bot"]} for p in public_seats(seats)]
    record["events"] = out
    outcome = final_outcome(record)
    record["status"] = _status(record)
    record["outcome"] = outcome.to_json() if outcome is not None else None
    return record


@functools.singledispatch
def _into_record(ev: Any, row: dict[str, Any], record: dict[str, Any], seats: list[dict[str, Any]]) -> None:
    """What an event changes in the record besides its own row (most events: nothing)."""


@_into_record.register(Game.GameCreated)
def _created(ev: Any, row: dict[str, Any], record: dict[str, Any], seats: list[dict[str, Any]]) -> None:
    seats[:] = [dict(s) for s in ev.seats]
    record.update(
        game=ev.game,
        rules_version=ev.rules_version,
        options=ev.options,
        organised=ev.organised,
        settings=ev.settings,
        client_seeded=ev.client_seeded,
        seed_commitment=ev.seed_commitment,
        entropies=ev.entropies,
        hash_scheme=ev.hash_scheme,
        seed=None,
        seed_salt=None,
    )
    for key in ("game", "rules_version", "options", "client_seeded", "seed_commitment",
                "entropies", "hash_scheme", "organised", "settings", "private"):
        row.pop(key, None)
    if ev.facts is None:
        for key in ("facts", "draws", "state_hash"):
            row.pop(key, None)


@_into_record.register(Game.SeatTaken)
def _seat_taken(ev: Any, row: dict[str, Any], record: dict[str, Any], seats: list[dict[str, Any]]) -> None:
    seats[ev.seat] = {"name": ev.name, "bot": ev.bot}


@_into_record.register(Game.SeatLeft)
def _seat_left(ev: Any, row: dict[str, Any], record: dict[str, Any], seats: list[dict[str, Any]]) -> None:
    seats[ev.seat] = {"name": None, "bot": None}


@_into_record.register(Game.GameStarted)
def _started(ev: Any, row: dict[str, Any], record: dict[str, Any], seats: list[dict[str, Any]]) -> None:
    record["entropies"] = ev.entropies


@_into_record.register(Game.SeedRevealed)
def _seed_revealed(ev: Any, row: dict[str, Any], record: dict[str, Any], seats: list[dict[str, Any]]) -> None:
    record["seed"] = row["seed"] = ev.seed
    record["seed_salt"] = row["salt"] = ev.salt


def final_outcome(record: dict[str, Any]) -> Any:
    """How the recorded game ended: by its rules, or by a resignation or a forfeit on time."""
    for ev in record["events"]:
        if ev["type"] == "PlayerResigned" and ev.get("then") == "end":
            return ended_outcome(len(record["players"]), ev["seat"], "resigned")
        if ev["type"] == "TimedOut" and ev.get("policy") == "forfeit":
            return ended_outcome(len(record["players"]), ev["seat"], "timeout")
    final = None
    for _version, _event, state in replay_states(record):
        final = state
    return None if final is None else registry.get(record["game"]).outcome(final)


def _status(record: dict[str, Any]) -> str:
    types = {e["type"] for e in record["events"]}
    if "GameAbandoned" in types:
        return Status.ABANDONED
    if "SeedRevealed" in types:
        return Status.FINISHED
    started = "GameStarted" in types or record["events"][0].get("facts") is not None
    return Status.ACTIVE if started else Status.OPEN


def check_format(record: Any) -> None:
    if not isinstance(record, dict) or record.get("format") != FORMAT:
        raise ValueError("not a shiplog game record (missing \"format\": \"shiplog.record\")")
    if record.get("format_version") not in READABLE_VERSIONS:
        raise ValueError(f"record format_version {record.get('format_version')} is not supported")
    events = record.get("events")
    if not isinstance(events, list) or not events or events[0].get("type") != "GameCreated":
        raise ValueError("a record's events must start with GameCreated")
    if record.get("format_version") == 4 and "hash_scheme" not in record:
        raise ValueError("a format 4 record names its hash_scheme")
    if hash_scheme(record) not in HASH_SCHEMES:
        raise ValueError(f"unknown hash_scheme {hash_scheme(record)!r} (known: {', '.join(HASH_SCHEMES)})")


def hash_scheme(record: dict[str, Any]) -> str:
    return str(record.get("hash_scheme", UNKEYED if record.get("format_version") == 1 else KEYED))


def seed_of(record: dict[str, Any]) -> str | None:
    """The seed the game drew from, once revealed (None while it is secret)."""
    committed = record.get("seed")
    if committed is None:
        return None
    entropies = record.get("entropies")
    return game_seed(committed, entropies or (), bool(record.get("client_seeded")) or entropies is None)


def replay_states(record: dict[str, Any]) -> Iterator[tuple[int, dict[str, Any], Any]]:
    """(version, event, state after it) for every event, using only the recorded facts."""
    check_format(record)
    rules = registry.get(record["game"])
    states: dict[int, Any] = {}
    state: Any = None
    for ev in record["events"]:
        kind = ev["type"]
        if kind in SETUP_EVENTS and ev.get("facts") is not None:
            state = fold(rules, None, ev["facts"])
        elif kind == "ActionTaken":
            state = fold(rules, state, ev["facts"])
        elif kind == "UndoApplied":
            state = states[ev["to_version"]]
        states[ev["version"]] = state
        yield ev["version"], ev, state


@dataclass
class Divergence:
    version: int
    problem: str

    def to_json(self) -> dict[str, Any]:
        return {"version": self.version, "problem": self.problem}


@dataclass
class VerifyReport:
    game_id: str
    events: int = 0
    actions: int = 0
    divergence: Divergence | None = None
    final_hash: str | None = None
    hashes_checked: bool = False  # keyed hashes are checked once the seed is known

    @property
    def ok(self) -> bool:
        return self.divergence is None

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.game_id,
            "ok": self.ok,
            "events": self.events,
            "actions": self.actions,
            "final_hash": self.final_hash,
            "hashes_checked": self.hashes_checked,
            "divergence": self.divergence.to_json() if self.divergence else None,
        }


def _same_facts(recorded: list[Fact], decided: list[Fact]) -> str | None:
    if recorded == decided:
        return None
    for i, (a, b) in enumerate(zip(recorded, decided, strict=False)):
        if a != b:
            return f"fact #{i + 1} differs: recorded {codec.canonical_json(a)}, rules say {codec.canonical_json(b)}"
    return f"the record has {len(recorded)} facts, the rules produce {len(decided)}"


def verify(
    record: dict[str, Any],
    progress: Callable[[int], None] | None = None,
    seed: str | None = None,
) -> VerifyReport:
    """Re-decide every recorded action under the current rules; stop at the first divergence.

    Checks, per event: the setup facts follow from the setup draws; each action was made by a
    seat whose turn it was and is accepted by `decide`; the facts `decide` returns (with the
    recorded draws played back) are the recorded facts, using every draw; the state hash after
    the facts is the recorded hash. Undo events must restore the recorded hash. Keyed state
    hashes are checked once the seed is known: revealed in the record, or `seed` (the game's
    seed, which the store holds); before that the report says `hashes_checked` false.
    """
    check_format(record)
    rules: GameRules = registry.get(record["game"])
    report = VerifyReport(game_id=str(record.get("id")))
    scheme = hash_scheme(record)
    keyed = scheme != UNKEYED
    key = (seed or seed_of(record)) if keyed else None
    report.hashes_checked = key is not None or not keyed
    states: dict[int, Any] = {}
    state: Any = None
    standing = StandingOrders()
    for ev in record["events"]:
        version = ev["version"]
        report.events += 1
        problem: str | None = None
        try:
            kind = ev["type"]
            if kind in SETUP_EVENTS and ev.get("facts") is not None:
                rng = ScriptedRng(ev["draws"])
                decided = _plain(rules.setup(record["options"], len(record["players"]), rng))
                problem = _same_facts(ev["facts"], decided) or _unused(rng)
                state = fold(rules, None, ev["facts"])
            elif kind == "ActionTaken":
                report.actions += 1
                seat = ev["seat"]
                if state is None:
                    problem = "an action before the game was set up"
                elif not turn_allows(rules, rules.to_act(state), seat, ev["action"]):
                    problem = f"seat {seat} acted, but it was not its turn"
                else:
                    problem = standing.check(rules, state, ev)
                    if problem is None:
                        rng = ScriptedRng(ev["draws"])
                        decided = _plain(rules.decide(state, seat, ev["action"], rng))
                        problem = _same_facts(ev["facts"], decided) or _unused(rng)
                if problem is None:
                    state = fold(rules, state, ev["facts"])
            elif kind == "UndoApplied":
                state = states[ev["to_version"]]
            else:
                standing.note(ev)
            if problem is None and "state_hash" in ev and report.hashes_checked:
                actual = hash_state(scheme, state, key)
                if actual != ev["state_hash"]:
                    problem = f"state hash {actual[:12]}… differs from the recorded {ev['state_hash'][:12]}…"
        except IllegalAction as exc:
            problem = f"the rules reject this action: {exc.code}: {exc.message}"
        except RngMismatch as exc:
            problem = f"the draws do not match: {exc}"
        except (KeyError, TypeError, ValueError) as exc:
            problem = f"malformed event: {exc!r}"
        if problem is not None:
            report.divergence = Divergence(version, problem)
            return report
        states[version] = state
        if progress is not None:
            progress(1)
    report.final_hash = hash_state(scheme, state, key) if report.hashes_checked and state is not None else None
    return report


class StandingOrders:
    """The standing orders of a record's seats as its events give, change, drop and use them:
    a move played for a seat is checked against them (forced: the seat's one legal action;
    by order: an order of the seat's that stood, with that action)."""

    def __init__(self) -> None:
        self.orders: dict[int, dict[str, Any]] = {}

    def note(self, ev: dict[str, Any]) -> None:
        kind = ev["type"]
        if kind in ("OrderGiven", "OrderChanged"):
            self.orders[ev.get("order", ev["version"])] = ev
        elif kind in ("OrderCancelled", "OrderDropped"):
            self.orders.pop(ev["order"], None)

    def check(self, rules: GameRules, state: Any, ev: dict[str, Any]) -> str | None:
        """What is wrong with how the move `ev` was played (None: nothing)."""
        how, seat = ev.get("auto"), ev["seat"]
        if how is None:
            return None
        if how == "forced":
            legal = actions_now(rules, state, seat, rules.to_act(state))
            return None if legal == [ev["action"]] else f"a forced move, but seat {seat} had {len(legal)} legal actions"
        order = self.orders.get(ev.get("order", -1))
        if how != "order" or order is None or order["seat"] != seat or order["action"] != ev["action"]:
            return f"a move played by standing order #{ev.get('order')}, which seat {seat} did not have with this action"
        if order["scope"] == "next":
            del self.orders[ev["order"]]
        return None


def _plain(facts: list[Fact]) -> list[Fact]:
    plain: list[Fact] = json.loads(json.dumps(facts))
    return plain


def _unused(rng: ScriptedRng) -> str | None:
    if rng.exhausted():
        return None
    return "the record holds more draws than the rules made"


@dataclass
class FairnessReport:
    game_id: str
    client_seeded: bool
    seed_commitment: str
    seed_revealed: bool
    commitment_ok: bool | None = None
    draws_checked: int = 0
    entropies: int = 0  # seats that added their own entropy to the seed
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.seed_revealed and bool(self.commitment_ok) and not self.problems

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.game_id,
            "ok": self.ok,
            "client_seeded": self.client_seeded,
            "seed_commitment": self.seed_commitment,
            "seed_revealed": self.seed_revealed,
            "commitment_ok": self.commitment_ok,
            "draws_checked": self.draws_checked,
            "entropies": self.entropies,
            "problems": self.problems,
        }


def sent_entropies(record: dict[str, Any]) -> list[str] | None:
    """The entropy each seat sent when it took its seat (seat order), for games with open
    seats; None for organised games (their entropies came with the creation)."""
    seats: list[str] | None = None
    for ev in record["events"]:
        if ev["type"] == "GameCreated" and ev.get("facts") is None:
            seats = [""] * len(record["players"])
        elif ev["type"] == "SeatTaken" and seats is not None:
            seats[ev["seat"]] = ev.get("entropy") or ""
        elif ev["type"] == "SeatLeft" and seats is not None:
            seats[ev["seat"]] = ""
    return seats


def fairness(record: dict[str, Any]) -> FairnessReport:
    """Check the seed against its commitment, the seed's entropies against what the seats
    sent, and recompute every recorded draw from the seed."""
    check_format(record)
    seed = record.get("seed")
    report = FairnessReport(
        game_id=str(record.get("id")),
        client_seeded=bool(record.get("client_seeded")),
        seed_commitment=str(record.get("seed_commitment")),
        seed_revealed=seed is not None,
    )
    if seed is None:
        return report
    report.commitment_ok = seed_commitment(seed, record.get("seed_salt")) == record.get("seed_commitment")
    if not report.commitment_ok:
        report.problems.append("the revealed seed and salt do not give the commitment published at creation")
    entropies = record.get("entropies") or []
    report.entropies = sum(1 for e in entropies if e)
    sent = sent_entropies(record)
    started = any(ev["type"] == "GameStarted" for ev in record["events"])
    if sent is not None and started and not report.client_seeded and sent != entropies:
        report.problems.append("the seed was not drawn from the entropies the seats sent when they took their seats")
    drawn_from = seed_of(record)
    assert drawn_from is not None
    for ev in record["events"]:
        if "draws" not in ev:
            continue
        stream = "setup" if ev["type"] in SETUP_EVENTS else f"event:{ev['version']}"
        rng = Rng(drawn_from, stream)
        for i, (n, result) in enumerate(ev["draws"]):
            report.draws_checked += 1
            if rng.below(n) != result:
                report.problems.append(
                    f"event {ev['version']}: draw #{i + 1} (below {n}) was {result}, "
                    "but the seed gives another value"
                )
                break
    return report
