"""A game's seats: who sits where, a seat taken or left before the start, the start when the
last seat is filled, and the invitation a private game is joined with.

    SeatTaken / SeatLeft   a player or a bot takes an open seat (with the entropy it adds to
                           the seed), or a player leaves one before the start
    GameStarted            the last seat was filled: the seats' entropies, the setup facts and draws
    MadePrivate, InviteRenewed   the host's say over who may find and join the game
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from eventsourcing.domain import Aggregate

from .. import table
from ..errors import IllegalAction
from ..i18n import _
from ..rng import Rng, game_seed
from ..rules import Fact, Seat, fold
from .base import GameBase, Status, hash_state, plain

SEAT_KEYS = ("name", "bot", "token_hash", "player", "entropy", "stand_in", "resigned")
OPEN_SEAT: dict[str, Any] = dict.fromkeys(SEAT_KEYS)


def seat_entry(**given: Any) -> dict[str, Any]:
    """A seat as stored: every key present (None where not given)."""
    entry = {**OPEN_SEAT, **{k: v for k, v in given.items() if k in SEAT_KEYS}}
    entry["resigned"] = bool(entry["resigned"])
    return entry


def public_seats(seats: Any) -> list[dict[str, Any]]:
    """Who sits where, as anyone may see it (token hashes left out; an open seat has no name)."""
    return [
        {
            "seat": n,
            "name": s.get("name"),
            "bot": s.get("bot"),
            "open": s.get("name") is None,
            "player": s.get("player"),
            "stand_in": s.get("stand_in"),
            "away": s.get("away") if s.get("stand_in") else None,
            "resigned": bool(s.get("resigned")),
        }
        for n, s in enumerate(seats)
    ]


class Seats(GameBase):
    """Taking and leaving seats, the start, the invitation."""

    def seat_of(self, token_hash: str) -> Seat | None:
        for number, seat in enumerate(self.seats):
            if seat.get("token_hash") == token_hash:
                return number
        return None

    def seat_of_player(self, player: str) -> Seat | None:
        for number, seat in enumerate(self.seats):
            if seat.get("player") == player:
                return number
        return None

    def open_seats(self) -> list[Seat]:
        return [n for n, s in enumerate(self.seats) if s.get("name") is None]

    def take_seat(
        self,
        name: str | None,
        player: str | None = None,
        bot: str | None = None,
        entropy: str | None = None,
        seat: Seat | None = None,
        token_hash: str | None = None,
    ) -> Seat:
        """A player (or a bot) takes an open seat: `seat`, or the first open one. When it was
        the last, the game starts (setup). A bot given no name gets one of its own at this
        table (`bot_name`). Returns the seat taken."""
        if self.status != Status.OPEN:
            raise IllegalAction("join.started", _("This game has started; its seats are taken."))
        if player is not None and self.seat_of_player(player) is not None:
            raise IllegalAction("join.already_seated", _("You already have a seat at this game."))
        self._check_bot(self.rules, bot)
        free = self.open_seats()
        if not free:
            raise IllegalAction("join.full", _("Every seat of this game is taken."))
        if seat is None:
            seat = free[0]
        elif seat not in free:
            raise IllegalAction("join.seat_taken", _("Seat {seat} is not open; open seats: {free}.", seat=seat, free=free))
        if name is None:
            assert bot is not None, "a person takes a seat under their own name"
            name = self.bot_name(bot)
        self.trigger_event(self.SeatTaken, seat=seat, name=name, player=player, bot=bot, token_hash=token_hash,
                           entropy="" if bot else table.check_entropy(entropy))
        if not self.open_seats():
            self._begin()
        return seat

    def bot_name(self, bot: str) -> str:
        """The name of a new `bot` seat, unique at this table: "greedy bot", then "greedy bot 2",
        "greedy bot 3", so the log, the turn order and the mails tell two bots of a kind apart."""
        taken = {s.get("name") for s in self.seats}
        name, count = f"{bot} bot", 1
        while name in taken:
            count += 1
            name = f"{bot} bot {count}"
        return name

    def leave_seat(self, seat: Seat) -> None:
        if self.status != Status.OPEN:
            raise IllegalAction("leave.started", _("The game has started: resign instead of leaving."))
        self.trigger_event(self.SeatLeft, seat=seat)

    def _begin(self) -> None:
        """The last seat is filled: the game's seed is HMAC(server seed, the seats' entropies in
        seat order); the setup draws from it."""
        rules = self.rules
        entropies = [] if self.client_seeded else [s.get("entropy") or "" for s in self.seats]
        seed = game_seed(self.committed_seed, entropies, self.client_seeded)
        rng = Rng(seed, "setup")
        facts = plain(rules.setup(self.options, len(self.seats), rng))
        state = fold(rules, None, facts)
        self._decided = state
        self.trigger_event(
            self.GameStarted,
            entropies=entropies,
            facts=facts,
            draws=rng.draws,
            state_hash=hash_state(self.hash_scheme, state, seed),
            to_act=sorted(rules.to_act(state)),
        )

    def make_private(self) -> None:
        if not self.private:
            self.trigger_event(self.MadePrivate)

    def renew_invite(self, invite_hash: str) -> None:
        self.trigger_event(self.InviteRenewed, invite_hash=invite_hash)

    # -- events -----------------------------------------------------------------------------

    class SeatTaken(Aggregate.Event):
        class_version = 1
        seat: int
        name: str
        player: str | None
        bot: str | None
        token_hash: str | None
        entropy: str
        DETAIL = ("name", "bot", "player", "entropy")

        @staticmethod
        def said(fields: Mapping[str, Any]) -> str | None:
            if fields.get("entropy"):
                return _("{name} takes a seat and adds entropy to the seed.", name=fields["name"])
            return _("{name} takes a seat.", name=fields["name"])

        def apply(self, game: Seats) -> None:
            entry = seat_entry(name=self.name, player=self.player, bot=self.bot, token_hash=self.token_hash,
                               entropy=self.entropy)
            game.seats = tuple(entry if n == self.seat else s for n, s in enumerate(game.seats))

    class SeatLeft(Aggregate.Event):
        class_version = 1
        seat: int

        @staticmethod
        def said(fields: Mapping[str, Any]) -> str | None:
            return _("A player leaves; the seat is open again.")

        def apply(self, game: Seats) -> None:
            game.seats = tuple(dict(OPEN_SEAT) if n == self.seat else s for n, s in enumerate(game.seats))

    class GameStarted(Aggregate.Event):
        class_version = 1
        entropies: list[str]
        facts: list[Fact]
        draws: list[list[int]]
        state_hash: str
        to_act: list[int]
        DETAIL = ("entropies", "to_act")

        @staticmethod
        def said(fields: Mapping[str, Any]) -> str | None:
            return _("Every seat is taken: the game starts.")

        def apply(self, game: Seats) -> None:
            game.__dict__.pop("_decided", None)
            game._set_up(self.entropies, self.facts, self.state_hash)

    class MadePrivate(Aggregate.Event):
        class_version = 1

        @staticmethod
        def said(fields: Mapping[str, Any]) -> str | None:
            return _("The host makes the game private.")

        def apply(self, game: Seats) -> None:
            game.private = True

    class InviteRenewed(Aggregate.Event):
        class_version = 1
        invite_hash: str

        @staticmethod
        def said(fields: Mapping[str, Any]) -> str | None:
            return _("The host renews the invitation.")

        def apply(self, game: Seats) -> None:
            game.invite_hash = self.invite_hash
