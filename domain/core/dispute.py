"""Settling rules disputes: ask the rules about a past position. Pure; nothing is stored.

A `Position` is a game as it stood after event N (its state, whether it was over, and how it may
draw). On it:

    legal(position, seat)                       the actions the seat could have taken then
    attempt(position, seat, action, viewer, names)
                                                whether the action would have been accepted then:
                                                the facts it would have caused, in words, or the
                                                refusal's rule code and sentence
    told(rules, facts, viewer, names)           facts in words, each with the rules-page section
                                                that produced it (the game's SECTIONS), for "why"

Hidden information. An answer is given to a viewer. A finished game is public: its answers show
everything (viewer ALL) and draw from the game's own revealed seed, on the stream the next event
drew from. While a game runs an answer is for one seat, and it shows that seat nothing a real
move would not have shown it before the hidden part: the rules draw from `SealedRng`, which
refuses to draw (the answer stops there: `stopped` "draw"), the facts stop before the first one
the game's `reveals` marks (`stopped` "reveal"), and every fact shown is redacted for the seat.

>>> import tests.tinygame as hc
>>> from domain.core import fold, Rng
>>> state = fold(hc, None, hc.setup({"deck_size": 9}, 2, Rng("s", "setup")))
>>> at = Position(hc, 2, state, over=False)
>>> attempt(at, 0, {"type": "draw"}, 0, ["Ann", "Bob"]).stopped
'draw'
>>> attempt(at, 1, {"type": "draw"}, 1, ["Ann", "Bob"]).code
'turn.not_yours'
"""

from __future__ import annotations

import copy
import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from .errors import IllegalAction
from .i18n import N_, _
from .record import replay_states, seed_of
from .registry import get
from .rng import Draw, RandomSource, Rng
from .rules import ALL, Action, Fact, GameRules, Seat, Viewer, actions_now, turn_allows
from .words import Section, described, section_of

STOPPED_WORDS = {
    "draw": N_("What follows depends on a random draw, which stays secret while the game runs."),
    "reveal": N_("What follows shows something hidden, which stays secret while the game runs."),
}


class Sealed(Exception):
    """The rules asked `SealedRng` for a draw."""


class SealedRng:
    """A source of randomness that refuses to draw: "what if" on a running game must not show
    what the game's seed would have drawn."""

    __slots__ = ("draws",)

    def __init__(self) -> None:
        self.draws: list[Draw] = []

    def below(self, n: int) -> int:
        raise Sealed(f"a draw below {n}")


@dataclass(frozen=True)
class Position:
    """A game after event `version`: its rules state (None before the setup), whether the game
    was over then (by its rules, or resigned, forfeited or abandoned), and the seed to draw from
    (the revealed seed of a finished game; None: draws are sealed)."""

    rules: GameRules
    version: int
    state: Any
    over: bool
    seed: str | None = None

    @property
    def running(self) -> bool:
        """Whether the game was in play then (set up, not over)."""
        return not (self.over or self.state is None or self.rules.outcome(self.state) is not None)

    def to_act(self) -> frozenset[Seat]:
        if not self.running:
            return frozenset()
        return frozenset(self.rules.to_act(self.state))

    def rng(self) -> RandomSource:
        return Rng(self.seed, f"event:{self.version + 1}") if self.seed is not None else SealedRng()


@dataclass(frozen=True)
class Answer:
    """Whether `action` by `seat` would have been accepted, and what it would have caused (as the
    viewer may see it), or the refusal. `stopped`: "draw" or "reveal" where the answer stops
    before something hidden (a running game); None where it shows every fact."""

    seat: Any
    action: Any
    accepted: bool
    code: str | None = None
    message: str | None = None
    facts: tuple[Fact, ...] = ()
    text: tuple[str, ...] = ()
    sections: tuple[Section | None, ...] = ()
    stopped: str | None = None

    @property
    def note(self) -> str | None:
        return _(STOPPED_WORDS[self.stopped]) if self.stopped in STOPPED_WORDS else None

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "action": self.action,
            "accepted": self.accepted,
            "code": self.code,
            "message": self.message,
            "facts": list(self.facts),
            "text": list(self.text),
            "sections": [s.to_json() if s else None for s in self.sections],
            "stopped": self.stopped,
            "note": self.note,
        }


@dataclass(frozen=True)
class Told:
    """Facts as a viewer may see them, in words, each with the section that produced it."""

    facts: tuple[Fact, ...] = ()
    text: tuple[str, ...] = ()
    sections: tuple[Section | None, ...] = ()


def told(rules: GameRules, facts: Iterable[Fact], viewer: Viewer, names: Sequence[str]) -> Told:
    """The facts redacted for `viewer` (those it may not see at all left out), their sentences
    with the players' names, and the rules-page section of each (None where none is recorded)."""
    shown = [r for r in (rules.redact(f, viewer) for f in facts) if r is not None]
    return Told(tuple(shown), tuple(described(rules, shown, viewer, names)),
                tuple(section_of(rules, f) for f in shown))


def legal(position: Position, seat: Seat) -> list[Action]:
    """The actions `seat` could have taken at the position: its decision's when it was to act,
    else those the game lets a seat take out of turn (none in most games)."""
    if not position.running:
        return []
    return actions_now(position.rules, position.state, seat, position.to_act())


def _plain(value: Any) -> Any:
    return json.loads(json.dumps(value))


def attempt(position: Position, seat: Any, action: Any, viewer: Viewer, names: Sequence[str]) -> Answer:
    """Would `action` by `seat` have been accepted at the position? See the module docstring for
    what a viewer is shown. Any action is answered: a malformed one is refused with its code."""
    rules = position.rules
    if position.state is None:
        return Answer(seat, action, False, "game.not_started", _("The game had not started then."))
    if position.over or rules.outcome(position.state) is not None:
        return Answer(seat, action, False, "game.over", _("The game was over then; no more moves could be made."))
    if type(seat) is not int or not turn_allows(rules, position.to_act(), seat, action):  # as `Game.take_action`
        return Answer(seat, action, False, "turn.not_yours", _("It was not this seat's turn then."))
    try:
        decided = rules.decide(position.state, seat, copy.deepcopy(action), position.rng())
    except IllegalAction as exc:
        return Answer(seat, action, False, exc.code, exc.message)
    except Sealed:
        return Answer(seat, action, True, stopped="draw")
    except (KeyError, TypeError, ValueError, AttributeError, IndexError, RecursionError):
        # A rules module must refuse bad payloads with IllegalAction; this is the safety net.
        return Answer(seat, action, False, "action.malformed", _("This action is not understood by the rules of this game."))
    facts: list[Fact] = _plain(list(decided))
    stopped = None
    if viewer != ALL:
        for i, fact in enumerate(facts):
            if rules.reveals(fact):
                facts, stopped = facts[:i], "reveal"
                break
    said = told(rules, facts, viewer, names)
    return Answer(seat, action, True, facts=said.facts, text=said.text, sections=said.sections, stopped=stopped)


# -- positions from a game record ------------------------------------------------------------


def record_position(record: dict[str, Any], version: int) -> Position:
    """The position after event `version` of a record (`domain.core.record`); ValueError when
    the record has no such event. A record whose seed is revealed draws from it."""
    over = False
    for at, ev, state in replay_states(record):
        over = over or ends_the_game(ev)
        if at == version:
            return Position(get(record["game"]), version, state, over, seed_of(record))
    raise ValueError(f"the record has no event {version}")


def ends_the_game(event: dict[str, Any]) -> bool:
    """Whether a record's event ended the game besides its rules: abandoned, a resignation that
    ends it, a forfeit on time."""
    kind = event["type"]
    return kind == "GameAbandoned" or (kind == "PlayerResigned" and event.get("then") == "end") or (
        kind == "TimedOut" and event.get("policy") == "forfeit")


def record_is_public(record: dict[str, Any]) -> bool:
    """A record is public (answers show everything) once its seed is revealed: the game is over."""
    return record.get("seed") is not None
