"""The `Game` aggregate: one event stream per game, one stored event per accepted command.

Version 0 is `GameCreated`; every later event bumps the version by one, so
`repository.get(game_id, version=n)` is the game as it stood after event n. Events:

    GameCreated     the setup facts, seats (token hashes only), the seed commitment
    ActionTaken     seat, action, every fact it caused, the draws it made, the state hash after
                    (HMAC-SHA256 keyed by the game's seed: see `codec.state_hash`)
    UndoRequested / UndoAnswered / UndoApplied    take-backs; nothing is ever deleted
    GameAbandoned   the host stopped the game
    SeedRevealed    the secret seed, published once the game is over

Every attribute is rebound, never mutated in place, so copying an aggregate is cheap and safe.
Event classes carry `class_version`; to change an event's shape, bump it and add a static
`upcast_vN_vN+1(state)` on the event class (the eventsourcing library applies it on load).
"""

from __future__ import annotations

import copy
import enum
import hashlib
import json
from dataclasses import dataclass, replace
from typing import Any, cast

from eventsourcing.domain import Aggregate, event
from eventsourcing.domain import Snapshot as LibrarySnapshot

from . import codec, registry
from .errors import IllegalAction
from .rng import Rng, game_seed, new_salt, seed_commitment
from .rules import Action, Fact, GameRules, Outcome, Seat, fold, revealing


class Status(enum.StrEnum):
    ACTIVE = "active"
    FINISHED = "finished"
    ABANDONED = "abandoned"


STATUS_ACTIVE = Status.ACTIVE
STATUS_FINISHED = Status.FINISHED
STATUS_ABANDONED = Status.ABANDONED

KEYED = "hmac-sha256"  # state hashes keyed by the game's seed (records of format 2)
UNKEYED = "sha256"  # games created before keyed hashes (records of format 1)

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
    """A seat's latest action still in effect (not taken back): its event version, the seat,
    and whether it or any move since revealed anything hidden (a random draw, or a fact the
    game's `reveals` marks). A game keeps one per seat, not its whole history, so what it
    stores stays the same size however long the game runs."""

    version: int
    seat: Seat
    revealed: bool


def key_digest(key: str) -> str:
    """What a game remembers of an Idempotency-Key: 128 bits of its sha256, so the memory of
    the last keys has a fixed size whatever length clients choose (up to 200 characters)."""
    return hashlib.sha256(key.encode("utf-8")).hexdigest()[:32]


@dataclass(frozen=True)
class UndoRequest:
    seat: Seat
    to_version: int
    accepted: frozenset[Seat]


class Game(Aggregate):
    INITIAL_VERSION = 0

    class GameCreated(Aggregate.Created):
        """`committed_seed` is the secret the commitment is about (the server's seed, or the
        client's seed in a client-seeded game), `salt` the commitment's secret salt; both are
        published by SeedRevealed. `entropies`: what each seat added (None: format-1 games,
        whose seed is the committed seed itself)."""

        class_version = 2
        game: str
        options: dict[str, Any]
        seats: list[dict[str, Any]]
        host_token_hash: str
        rules_version: str
        committed_seed: str
        salt: str | None
        entropies: list[str] | None
        seed_commitment: str
        client_seeded: bool
        hash_scheme: str
        facts: list[Fact]
        draws: list[list[int]]
        state_hash: str

        @staticmethod
        def upcast_v1_v2(state: dict[str, Any]) -> None:
            state["committed_seed"] = state.pop("seed")
            state["salt"] = None
            state["entropies"] = None
            state["hash_scheme"] = UNKEYED

    @event(GameCreated)
    def __init__(
        self,
        game: str,
        options: dict[str, Any],
        seats: list[dict[str, Any]],
        host_token_hash: str,
        rules_version: str,
        committed_seed: str,
        salt: str | None,
        entropies: list[str] | None,
        seed_commitment: str,
        client_seeded: bool,
        hash_scheme: str,
        facts: list[Fact],
        draws: list[list[int]],
        state_hash: str,
    ) -> None:
        self.game = game
        self.options = options
        self.seats = tuple(seats)
        self.host_token_hash = host_token_hash
        self.rules_version = rules_version
        self.committed_seed = committed_seed
        self.salt = salt
        self.entropies = entropies
        self.seed = game_seed(committed_seed, entropies or (), client_seeded or entropies is None)
        self.seed_commitment = seed_commitment
        self.client_seeded = client_seeded
        self.hash_scheme = hash_scheme
        self.state: Any = fold(self.rules, None, facts)
        self.state_hash = state_hash
        self.status = STATUS_ACTIVE
        self.seed_revealed = False
        self.moves: tuple[Move, ...] = ()  # each seat's latest move in effect, oldest first
        self.idempotency: tuple[tuple[str, int], ...] = ()  # (key_digest, version), newest last
        self.undo_request: UndoRequest | None = None

    # -- creation ---------------------------------------------------------------------------

    @classmethod
    def start(
        cls,
        game: str,
        options: dict[str, Any],
        seats: list[dict[str, Any]],
        host_token_hash: str,
        committed_seed: str,
        client_seeded: bool,
        salt: str | None = None,
        entropies: list[str] | None = None,
    ) -> Game:
        """Set up a new game: check options, run the setup with the 'setup' stream.

        `committed_seed` is a fresh server seed (`rng.new_seed`), or the client's seed when
        `client_seeded`; `salt` the commitment's secret salt (default: a fresh one);
        `entropies` what the seats added (server-seeded games only)."""
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
        salt = salt if salt is not None else new_salt()
        entropies = [] if client_seeded else list(entropies or [])
        seed = game_seed(committed_seed, entropies, client_seeded)
        rng = Rng(seed, "setup")
        facts = plain(rules.setup(options, len(seats), rng))
        state = fold(rules, None, facts)
        return cls(
            game=game,
            options=options,
            seats=seats,
            host_token_hash=host_token_hash,
            rules_version=rules.RULES_VERSION,
            committed_seed=committed_seed,
            salt=salt,
            entropies=entropies,
            seed_commitment=seed_commitment(committed_seed, salt),
            client_seeded=client_seeded,
            hash_scheme=KEYED,
            facts=facts,
            draws=rng.draws,
            state_hash=codec.state_hash(state, seed),
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

    def hash(self, state: Any) -> str:
        """The state hash of `state` in this game's scheme (keyed by its seed)."""
        return codec.state_hash(state, self.seed if self.hash_scheme == KEYED else None)

    def seat_of(self, token_hash: str) -> Seat | None:
        for number, seat in enumerate(self.seats):
            if seat["token_hash"] == token_hash:
                return number
        return None

    def bot_seats(self) -> frozenset[Seat]:
        return frozenset(n for n, s in enumerate(self.seats) if s.get("bot"))

    def version_for_key(self, key: str) -> int | None:
        digest = key_digest(key)
        for known, version in self.idempotency:
            if known == digest:
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
        decided = rules.decide(self.state, seat, action, rng)
        state = getattr(decided, "state", None)  # a `facts.Tx` decision carries its state
        if state is None:
            state = fold(rules, self.state, decided)
        facts = plain(decided)
        finished = rules.outcome(state) is not None
        self._decided = state  # `_action_taken` applies it instead of folding the facts again
        self._action_taken(
            seat=seat,
            action=plain(action),
            facts=facts,
            draws=rng.draws,
            state_hash=self.hash(state),
            to_act=[] if finished else sorted(rules.to_act(state)),
            idempotency_key=idempotency_key,
            bot=self.seats[seat].get("bot"),
        )
        if finished:
            self._reveal_seed()

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
        """Only the seat's own latest move, and only if it showed nothing hidden: a move that
        drew or revealed something is taken back only with the other seats' consent."""
        last = self.moves[-1] if self.moves else None
        return last is not None and last.seat == seat and not last.revealed

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

    def apply_undo(self, then: Game, requested_by: Seat) -> None:
        """Return to `then`, this game as it stood at an earlier version (loaded by the caller
        from the store): its state, and which moves were in effect then."""
        self._undo_applied(
            to_version=then.version,
            requested_by=requested_by,
            state=codec.dumps(then.state),
            state_hash=self.hash(then.state),
            moves=[[m.version, m.seat, m.revealed] for m in then.moves],
        )

    def abandon(self, reason: str) -> None:
        if self.status != STATUS_ACTIVE:
            raise IllegalAction("game.over", "This game is already over.")
        self._game_abandoned(reason=reason)
        self._reveal_seed()

    def _reveal_seed(self) -> None:
        self._seed_revealed(seed=self.committed_seed, salt=self.salt)

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
        rules = self.rules
        decided = self.__dict__.pop("_decided", None)
        self.state = decided if decided is not None else fold(rules, self.state, facts)
        self.state_hash = state_hash
        revealed = bool(draws) or revealing(rules, facts)
        earlier = (replace(m, revealed=True) if revealed and not m.revealed else m
                   for m in self.moves if m.seat != seat)
        self.moves = (*earlier, Move(version, seat, revealed))
        self.undo_request = None  # a new move lets any pending take-back request lapse
        if idempotency_key is not None:
            remembered = (key_digest(idempotency_key), version)
            self.idempotency = (*self.idempotency[-(IDEMPOTENCY_WINDOW - 1) :], remembered)
        if rules.outcome(self.state) is not None:
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
        """`moves`: each seat's latest move in effect at `to_version`, as [version, seat, revealed]
        (None in v1 events, which relied on the aggregate keeping every move)."""

        class_version = 2
        to_version: int
        requested_by: int
        state: str
        state_hash: str
        moves: list[list[Any]] | None

        @staticmethod
        def upcast_v1_v2(state: dict[str, Any]) -> None:
            state["moves"] = None

    @event(UndoApplied)
    def _undo_applied(
        self, to_version: int, requested_by: int, state: str, state_hash: str, moves: list[list[Any]] | None
    ) -> None:
        self.state = codec.loads(state)
        self.state_hash = state_hash
        if moves is None:  # a v1 event: seats whose latest move is undone have none to take back
            self.moves = tuple(m for m in self.moves if m.version <= to_version)
        else:
            self.moves = tuple(Move(version, seat, bool(revealed)) for version, seat, revealed in moves)
        self.undo_request = None

    class GameAbandoned(Aggregate.Event):
        class_version = 1
        reason: str

    @event(GameAbandoned)
    def _game_abandoned(self, reason: str) -> None:
        self.status = STATUS_ABANDONED

    class SeedRevealed(Aggregate.Event):
        """The committed seed and the commitment's salt, published once the game is over."""

        class_version = 2
        seed: str
        salt: str | None

        @staticmethod
        def upcast_v1_v2(state: dict[str, Any]) -> None:
            state["salt"] = None

    @event(SeedRevealed)
    def _seed_revealed(self, seed: str, salt: str | None) -> None:
        self.seed_revealed = True

    # -- copying and snapshots --------------------------------------------------------------

    def __deepcopy__(self, memo: dict[int, Any]) -> Game:
        # Every attribute is immutable or rebound on change, so a shallow copy is a safe copy;
        # only the list of pending events must not be shared.
        clone = copy.copy(self)
        clone.__dict__["_pending_events"] = []
        return clone

    class Snapshot(LibrarySnapshot):
        """The aggregate's attributes in the canonical codec, so any game's state fits."""

        class_version = 3

        @staticmethod
        def upcast_v1_v2(state: dict[str, Any]) -> None:
            # v2: Move.drew became Move.revealed; the seed fields of GameCreated v2.
            attrs = json.loads(state["state"]["codec"].replace('"drew":', '"revealed":'))
            entries = {k: v for k, v in attrs["~m"]}
            entries["committed_seed"] = entries["seed"]
            entries.update(salt=None, entropies=None, hash_scheme=UNKEYED)
            attrs["~m"] = sorted(([k, v] for k, v in entries.items()), key=lambda kv: kv[0])
            state["state"] = {"codec": codec.canonical_json(attrs)}

        @staticmethod
        def upcast_v2_v3(state: dict[str, Any]) -> None:
            # v3: one Move per seat (its latest, revealed = it or any later move revealed),
            # and digests of the remembered Idempotency-Keys.
            attrs = json.loads(state["state"]["codec"])
            entries = {k: v for k, v in attrs["~m"]}
            latest: dict[int, dict[str, Any]] = {}
            for move in entries["moves"]:
                fields = dict(move["f"])
                for other in latest.values():
                    other["f"]["revealed"] = other["f"]["revealed"] or fields["revealed"]
                latest.pop(fields["seat"], None)
                latest[fields["seat"]] = {**move, "f": fields}
            entries["moves"] = list(latest.values())
            entries["idempotency"] = [[key_digest(key), version] for key, version in entries["idempotency"]]
            attrs["~m"] = sorted(([k, v] for k, v in entries.items()), key=lambda kv: kv[0])
            state["state"] = {"codec": codec.canonical_json(attrs)}

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
            return LibrarySnapshot.mutate(decoded, None)
