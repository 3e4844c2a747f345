"""The `Game` aggregate: one event stream per game, one stored event per accepted command.

Version 0 is `GameCreated`; every later event bumps the version by one, so
`repository.get(game_id, version=n)` is the game as it stood after event n. Events:

    GameCreated     the setup facts, seats (token hashes only), the seed commitment
    ActionTaken     seat, action, every fact it caused, the draws it made, the state hash after
    UndoRequested / UndoAnswered / UndoApplied    take-backs; nothing is ever deleted
    GameAbandoned   the host stopped the game
    SeedRevealed    the secret seed, published once the game is over

Every attribute is rebound, never mutated in place, so copying an aggregate is cheap and safe.
Event classes carry `class_version`; to change an event's shape, bump it and add a static
`upcast_vN_vN+1(state)` on the event class (the eventsourcing library applies it on load).
"""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass
from typing import Any, cast

from eventsourcing.domain import Aggregate, Snapshot, event

from . import codec, registry
from .errors import IllegalAction
from .rng import Rng, seed_commitment
from .rules import Action, Fact, GameRules, Outcome, Seat, fold

STATUS_ACTIVE = "active"
STATUS_FINISHED = "finished"
STATUS_ABANDONED = "abandoned"

IDEMPOTENCY_WINDOW = 512  # how many recent Idempotency-Keys each game remembers
MAX_BOT_MOVES = 20_000  # a safety bound on how many moves bots play in one go


def plain(value: Any) -> Any:
    """JSON-native copy (tuples become lists), so stored and live events compare equal."""
    return json.loads(json.dumps(value))


def public_seats(seats: Any) -> list[dict[str, Any]]:
    """Who sits where, as anyone may see it (token hashes left out)."""
    return [{"seat": n, "name": s["name"], "bot": s.get("bot")} for n, s in enumerate(seats)]


@dataclass(frozen=True)
class Move:
    """An action still in effect (not taken back): the event version, who, and if it drew."""

    version: int
    seat: Seat
    drew: bool


@dataclass(frozen=True)
class UndoRequest:
    seat: Seat
    to_version: int
    accepted: frozenset[Seat]


class Game(Aggregate):
    INITIAL_VERSION = 0

    class GameCreated(Aggregate.Created):
        class_version = 1
        game: str
        options: dict[str, Any]
        seats: list[dict[str, Any]]
        host_token_hash: str
        rules_version: str
        seed: str
        seed_commitment: str
        client_seeded: bool
        facts: list[Fact]
        draws: list[list[int]]
        state_hash: str

    @event(GameCreated)
    def __init__(
        self,
        game: str,
        options: dict[str, Any],
        seats: list[dict[str, Any]],
        host_token_hash: str,
        rules_version: str,
        seed: str,
        seed_commitment: str,
        client_seeded: bool,
        facts: list[Fact],
        draws: list[list[int]],
        state_hash: str,
    ) -> None:
        self.game = game
        self.options = options
        self.seats = tuple(seats)
        self.host_token_hash = host_token_hash
        self.rules_version = rules_version
        self.seed = seed
        self.seed_commitment = seed_commitment
        self.client_seeded = client_seeded
        self.state: Any = fold(self.rules, None, facts)
        self.state_hash = state_hash
        self.status = STATUS_ACTIVE
        self.seed_revealed = False
        self.moves: tuple[Move, ...] = ()
        self.idempotency: tuple[tuple[str, int], ...] = ()
        self.undo_request: UndoRequest | None = None

    # -- creation ---------------------------------------------------------------------------

    @classmethod
    def start(
        cls,
        game: str,
        options: dict[str, Any],
        seats: list[dict[str, Any]],
        host_token_hash: str,
        seed: str,
        client_seeded: bool,
    ) -> Game:
        """Set up a new game: check options, run the setup with the 'setup' stream."""
        rules = registry.get(game)
        if not rules.MIN_SEATS <= len(seats) <= rules.MAX_SEATS:
            raise IllegalAction(
                "options.player_count",
                f"{rules.TITLE} is played by {rules.MIN_SEATS} to {rules.MAX_SEATS} players, "
                f"not {len(seats)}.",
            )
        for seat in seats:
            bot = seat.get("bot")
            if bot is not None and bot not in rules.BOTS:
                raise IllegalAction(
                    "options.unknown_bot",
                    f"There is no bot called {bot!r}; choose one of {sorted(rules.BOTS)}.",
                )
        options = plain(rules.check_options(options, len(seats)))
        rng = Rng(seed, "setup")
        facts = plain(rules.setup(options, len(seats), rng))
        state = fold(rules, None, facts)
        return cls(
            game=game,
            options=options,
            seats=seats,
            host_token_hash=host_token_hash,
            rules_version=rules.RULES_VERSION,
            seed=seed,
            seed_commitment=seed_commitment(seed),
            client_seeded=client_seeded,
            facts=facts,
            draws=rng.draws,
            state_hash=codec.state_hash(state),
        )

    # -- queries ----------------------------------------------------------------------------

    @property
    def rules(self) -> GameRules:
        return registry.get(self.game)

    def to_act(self) -> frozenset[Seat]:
        if self.status != STATUS_ACTIVE:
            return frozenset()
        return self.rules.to_act(self.state)

    def outcome(self) -> Outcome | None:
        return self.rules.outcome(self.state)

    def seat_of(self, token_hash: str) -> Seat | None:
        for number, seat in enumerate(self.seats):
            if seat["token_hash"] == token_hash:
                return number
        return None

    def bot_seats(self) -> frozenset[Seat]:
        return frozenset(n for n, s in enumerate(self.seats) if s.get("bot"))

    def version_for_key(self, key: str) -> int | None:
        for known, version in self.idempotency:
            if known == key:
                return version
        return None

    # -- commands ---------------------------------------------------------------------------

    def take_action(self, seat: Seat, action: Action, idempotency_key: str | None = None) -> None:
        """Decide `action` for `seat`; record it with its facts, then finish the game if over."""
        if self.status != STATUS_ACTIVE:
            raise IllegalAction("game.over", "This game is over; no more moves can be made.")
        if seat not in self.to_act():
            raise IllegalAction("turn.not_yours", "It is not your turn.")
        rules = self.rules
        rng = Rng(self.seed, f"event:{self.version + 1}")
        facts = plain(rules.decide(self.state, seat, action, rng))
        state = fold(rules, self.state, facts)
        finished = rules.outcome(state) is not None
        self._action_taken(
            seat=seat,
            action=plain(action),
            facts=facts,
            draws=rng.draws,
            state_hash=codec.state_hash(state),
            to_act=[] if finished else sorted(rules.to_act(state)),
            idempotency_key=idempotency_key,
            bot=self.seats[seat].get("bot"),
        )
        if finished:
            self._seed_revealed(seed=self.seed)

    def play_bots(self) -> int:
        """Let bot seats move whenever one may act; returns how many moves they made.

        Where the rules let several seats act at once, bots answer at once and people keep
        whatever the rules leave open to them.
        """
        rules = self.rules
        bots = self.bot_seats()
        played = 0
        while played < MAX_BOT_MOVES and self.status == STATUS_ACTIVE:
            waiting = self.to_act() & bots
            if not waiting:
                break
            seat = min(waiting)
            bot = rules.BOTS[self.seats[seat]["bot"]]
            action = bot(self.state, seat, Rng(self.seed, f"bot:{self.version + 1}"))
            self.take_action(seat, action)
            played += 1
        return played

    def can_take_back_at_once(self, seat: Seat) -> bool:
        last = self.moves[-1] if self.moves else None
        return last is not None and last.seat == seat and not last.drew

    def undo_target(self, seat: Seat) -> int:
        """The version to go back to: just before `seat`'s last action still in effect."""
        if self.status != STATUS_ACTIVE:
            raise IllegalAction("undo.game_over", "A finished game cannot be taken back.")
        for move in reversed(self.moves):
            if move.seat == seat:
                return move.version - 1
        raise IllegalAction("undo.nothing", "You have no move to take back.")

    def request_undo(self, seat: Seat) -> None:
        if self.undo_request is not None:
            raise IllegalAction("undo.pending", "A take-back request is already waiting for answers.")
        self._undo_requested(seat=seat, to_version=self.undo_target(seat))
        for bot_seat in sorted(self.bot_seats() - {seat}):
            self._undo_answered(seat=bot_seat, accept=True)

    def answer_undo(self, seat: Seat, accept: bool) -> None:
        request = self.undo_request
        if request is None:
            raise IllegalAction("undo.none_pending", "There is no take-back request to answer.")
        if seat == request.seat:
            raise IllegalAction("undo.own_request", "You cannot answer your own take-back request.")
        if seat in request.accepted:
            raise IllegalAction("undo.already_answered", "You have already accepted this request.")
        self._undo_answered(seat=seat, accept=accept)

    def undo_granted(self) -> bool:
        request = self.undo_request
        if request is None:
            return False
        others = set(range(len(self.seats))) - {request.seat}
        return others <= request.accepted

    def apply_undo(self, to_version: int, state_then: Any, requested_by: Seat) -> None:
        """Return to the state of `to_version` (loaded by the caller from the store)."""
        self._undo_applied(
            to_version=to_version,
            requested_by=requested_by,
            state=codec.dumps(state_then),
            state_hash=codec.state_hash(state_then),
        )

    def abandon(self, reason: str) -> None:
        if self.status != STATUS_ACTIVE:
            raise IllegalAction("game.over", "This game is already over.")
        self._game_abandoned(reason=reason)
        self._seed_revealed(seed=self.seed)

    # -- events -----------------------------------------------------------------------------

    class ActionTaken(Aggregate.Event):
        class_version = 1
        seat: int
        action: Action
        facts: list[Fact]
        draws: list[list[int]]
        state_hash: str
        to_act: list[int]
        idempotency_key: str | None
        bot: str | None

    @event(ActionTaken)
    def _action_taken(
        self,
        seat: int,
        action: Action,
        facts: list[Fact],
        draws: list[list[int]],
        state_hash: str,
        to_act: list[int],
        idempotency_key: str | None,
        bot: str | None,
    ) -> None:
        version = self.version + 1
        self.state = fold(self.rules, self.state, facts)
        self.state_hash = state_hash
        self.moves = (*self.moves, Move(version, seat, bool(draws)))
        self.undo_request = None  # a new move lets any pending take-back request lapse
        if idempotency_key is not None:
            self.idempotency = (*self.idempotency[-(IDEMPOTENCY_WINDOW - 1) :], (idempotency_key, version))
        if self.rules.outcome(self.state) is not None:
            self.status = STATUS_FINISHED

    class UndoRequested(Aggregate.Event):
        class_version = 1
        seat: int
        to_version: int

    @event(UndoRequested)
    def _undo_requested(self, seat: int, to_version: int) -> None:
        self.undo_request = UndoRequest(seat, to_version, frozenset())

    class UndoAnswered(Aggregate.Event):
        class_version = 1
        seat: int
        accept: bool

    @event(UndoAnswered)
    def _undo_answered(self, seat: int, accept: bool) -> None:
        request = self.undo_request
        if request is None:
            return
        if accept:
            self.undo_request = UndoRequest(request.seat, request.to_version, request.accepted | {seat})
        else:
            self.undo_request = None

    class UndoApplied(Aggregate.Event):
        class_version = 1
        to_version: int
        requested_by: int
        state: str
        state_hash: str

    @event(UndoApplied)
    def _undo_applied(self, to_version: int, requested_by: int, state: str, state_hash: str) -> None:
        self.state = codec.loads(state)
        self.state_hash = state_hash
        self.moves = tuple(m for m in self.moves if m.version <= to_version)
        self.undo_request = None

    class GameAbandoned(Aggregate.Event):
        class_version = 1
        reason: str

    @event(GameAbandoned)
    def _game_abandoned(self, reason: str) -> None:
        self.status = STATUS_ABANDONED

    class SeedRevealed(Aggregate.Event):
        class_version = 1
        seed: str

    @event(SeedRevealed)
    def _seed_revealed(self, seed: str) -> None:
        self.seed_revealed = True

    # -- copying and snapshots --------------------------------------------------------------

    def __deepcopy__(self, memo: dict[int, Any]) -> Game:
        # Every attribute is immutable or rebound on change, so a shallow copy is a safe copy;
        # only the list of pending events must not be shared.
        clone = copy.copy(self)
        clone.__dict__["_pending_events"] = []
        return clone

    class Snapshot(Snapshot):
        """The aggregate's attributes in the canonical codec, so any game's state fits."""

        @classmethod
        def take(cls, aggregate: Any) -> Any:
            snapshot = super().take(aggregate)
            encoded = codec.dumps(dict(snapshot.state))
            object.__setattr__(snapshot, "state", {"codec": encoded})
            return snapshot

        def mutate(self, _: Any) -> Any:
            attrs = cast(dict[str, Any], codec.loads(self.state["codec"]))
            decoded = copy.copy(self)
            object.__setattr__(decoded, "state", attrs)
            return Snapshot.mutate(decoded, None)
