"""The rules contract every game module fulfils, and the small value types it speaks in.

A game is a module (see `GameRules`) of plain functions over plain immutable data:

    setup(options, seats, rng)          -> list[Fact]   the first fact creates the state from None
    evolve(state, fact)                 -> state        pure, total, no validation, no randomness
    decide(state, seat, action, rng)    -> list[Fact]   or raise IllegalAction(code, message)
    legal_actions(state, seat)          -> list[Action] each one accepted by decide as it is
    to_act(state)                       -> frozenset[int] whose turn it is: the seats the game
                                                        waits for (inbox, clocks, bots)
    view(state, viewer)                 -> dict         JSON-ready; viewer is a seat, None
                                                        (spectator) or ALL (host / finished record)
    redact(fact, viewer)                -> Fact | None  the same secrets removed from the log
    outcome(state)                      -> Outcome | None
    reveals(fact)                       -> bool         whether the fact shows any seat something
                                                        that was hidden (a draw, a flipped tile)
    describe(fact, viewer)              -> str          one sentence a player understands, seats
                                                        written as `words.seat(n)`
    OPTIONS                             tuple[options.Option, ...]: the options, as data
    BLURB                               str: one paragraph describing the game (the catalog)
    redact_action(action, seat, viewer) -> Action       optional (default: the action as it is):
                                                        hides what other seats may not see
    SECTIONS                            optional: `words.Sections`, the rules-page section each
                                        fact comes from (`replay why` cites it)
    OUT_OF_TURN                         optional frozenset[str] (default empty): the action types
                                        a seat may take while it is not to act, whenever the
                                        game runs (Felinia's `sell`). It changes nobody's turn;
                                        `legal_actions` lists for a seat not to act only these,
                                        and `decide` refuses every other action of such a seat
                                        with `turn.not_yours` (`commands.Commands`,
                                        `out_of_turn=True`). `turn_allows` and `actions_now`
                                        below are how the platform asks.
    determinize(state, seat, rng)       optional -> state: the hidden information dealt again
                                        at random as `seat` may imagine it (its view unchanged),
                                        depending on the hidden information only through that
                                        view. The platform never calls it; the game's search bots
                                        do (`domain.core.search`), so a game whose `view` hides
                                        anything from a seat needs it to offer them (a game
                                        without hidden information uses
                                        `search.open_information`, the state itself).

`domain.core.registry.check_contract` checks a module provides all of it. The shared pieces a
game is written with: `options` (OPTIONS and their checks), `commands` (the command table, the
opening checks of `decide` with the shared codes, field parsing, `Why` predicates), `facts`
(the fact-handler registry `Evolver` and the decision transaction `Tx`), `words` (for
`describe`), `rng` (shuffles and draws).

Actions and facts are JSON objects: an action has a "type" (`{"type": "ship", "good": "corn"}`),
a fact a "t" named in the past tense (`{"t": "GoodsShipped", "seat": 2, ...}`).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final, Protocol

from .rng import RandomSource

if TYPE_CHECKING:
    from .options import Option

Seat = int
Viewer = int | None
Action = dict[str, Any]
Fact = dict[str, Any]
Bot = Callable[[Any, Seat, RandomSource], Action]

ALL: Final = -1
"""The viewer who may see everything: the host's view and a finished game's record."""


@dataclass(frozen=True)
class SeatResult:
    seat: Seat
    score: int
    rank: int  # 1 = winner; equal ranks share a place after every tie-break
    breakdown: Mapping[str, int] = field(default_factory=dict)
    tiebreak: tuple[int, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "score": self.score,
            "rank": self.rank,
            "breakdown": dict(self.breakdown),
            "tiebreak": list(self.tiebreak),
        }


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended: one result per seat, and why it ended."""

    results: tuple[SeatResult, ...]
    termination: str = "finished"

    @property
    def winners(self) -> tuple[Seat, ...]:
        return tuple(r.seat for r in self.results if r.rank == 1)

    def to_json(self) -> dict[str, Any]:
        return {
            "termination": self.termination,
            "winners": list(self.winners),
            "results": [r.to_json() for r in sorted(self.results, key=lambda r: r.seat)],
        }


def rank(scores: Mapping[Seat, tuple[int, ...]]) -> dict[Seat, int]:
    """Standard competition ranks (1, 2, 2, 4) from comparable keys, higher is better."""
    ordered = sorted(scores.values(), reverse=True)
    return {seat: 1 + ordered.index(key) for seat, key in scores.items()}


class GameRules(Protocol):
    """What `domain.core.registry` expects of a game module.

    Optional: BENCH_CASES, a list of (options, pure-engine playouts, event-sourced playouts)
    that `make bench` measures (default: [({}, 500, 100)]); `redact_action` (see
    `action_for`); `OUT_OF_TURN` (see `turn_allows`); `determinize` (see the module's
    docstring: the search bots' view of the hidden information).
    """

    NAME: str  # the id used in the API: "puerto-rico"
    TITLE: str
    BLURB: str  # one paragraph describing the game, for the catalog and the home page
    RULES_VERSION: str  # bump when a rules change alters what decide does
    MIN_SEATS: int
    MAX_SEATS: int

    @property
    def BOTS(self) -> Mapping[str, Bot]:  # noqa: N802 (a module constant)
        """Bots by name: `(state, seat, rng) -> action`: "random", the game's heuristic bot
        ("greedy"), and its search bots "search-normal" and "search-strong"
        (`domain.core.search.SearchBot`, levels of work)."""
        ...

    def check_options(self, options: Mapping[str, Any], seats: int) -> dict[str, Any]:
        """Normalised options, or raise InvalidOptions with an `options.*` code."""
        ...

    def setup(self, options: Mapping[str, Any], seats: int, rng: RandomSource) -> list[Fact]: ...

    def evolve(self, state: Any, fact: Fact) -> Any: ...

    def decide(self, state: Any, seat: Seat, action: Action, rng: RandomSource) -> list[Fact]: ...

    def legal_actions(self, state: Any, seat: Seat) -> list[Action]: ...

    def to_act(self, state: Any) -> frozenset[Seat]: ...

    def view(self, state: Any, viewer: Viewer) -> dict[str, Any]: ...

    def redact(self, fact: Fact, viewer: Viewer) -> Fact | None: ...

    def outcome(self, state: Any) -> Outcome | None: ...

    @property
    def OPTIONS(self) -> Sequence[Option]:  # noqa: N802 (a module constant)
        """The options the game takes (`domain.core.options.Option`)."""
        ...

    def reveals(self, fact: Fact) -> bool: ...

    def describe(self, fact: Fact, viewer: Viewer) -> str: ...


def out_of_turn(rules: GameRules) -> frozenset[str]:
    """The action types the game lets a seat take out of turn (`OUT_OF_TURN`; most games none)."""
    return frozenset(getattr(rules, "OUT_OF_TURN", ()))


def turn_allows(rules: GameRules, to_act: Collection[Seat], seat: Seat, action: Any) -> bool:
    """Whether turns let `seat` send `action` in a running game whose seats to act are `to_act`:
    it is to act, or the action is of a type the game lets a seat take out of turn. The rules
    decide the rest (`decide` refuses a seat that is not at the table)."""
    if seat in to_act:
        return True
    kind = action.get("type") if type(action) is dict else None
    return type(kind) is str and kind in out_of_turn(rules)


def actions_now(rules: GameRules, state: Any, seat: Seat, to_act: Collection[Seat]) -> list[Action]:
    """What `seat` may send now in a running game whose seats to act are `to_act`: its legal
    actions when it is to act, else those it may take out of turn (none in most games)."""
    if seat in to_act:
        return rules.legal_actions(state, seat)
    allowed = out_of_turn(rules)
    return [a for a in rules.legal_actions(state, seat) if a["type"] in allowed] if allowed else []


def fold(rules: GameRules, state: Any, facts: Iterable[Fact]) -> Any:
    """Apply facts in order: the state they lead to."""
    return functools.reduce(rules.evolve, facts, state)


def played(rules: GameRules, state: Any, seat: Seat, action: Action, rng: Any) -> Any:
    """The state after `seat` plays `action` (drawing from `rng`): a `facts.Tx` decision carries
    its state, other decisions' facts are folded into `state`."""
    decided = rules.decide(state, seat, action, rng)
    after = getattr(decided, "state", None)
    return after if after is not None else fold(rules, state, decided)


def action_for(rules: GameRules, action: Action, seat: Seat, viewer: Viewer) -> Action:
    """The action `seat` took, as `viewer` may see it (the game's `redact_action`, if any)."""
    hide = getattr(rules, "redact_action", None)
    return action if hide is None or viewer in (seat, ALL) else hide(action, seat, viewer)


def revealing(rules: GameRules, facts: Iterable[Fact]) -> bool:
    """Whether any of the facts showed something that was hidden."""
    return any(map(rules.reveals, facts))


def redacted(rules: GameRules, facts: Iterable[Fact], viewer: Viewer) -> list[Fact]:
    """The facts as `viewer` may see them (facts it may not see at all are left out)."""
    shown = (rules.redact(fact, viewer) for fact in facts)
    return [fact for fact in shown if fact is not None]
