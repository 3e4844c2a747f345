"""Games with open seats and the life around a game: joining, leaving, bots filling seats, the
host's powers (stand-in bots, clocks, privacy, invitations), resignations, timeouts, table talk.

The commands of the `Shiplog` application (mixed into it); each loads the game, stamps it with
the application's clock, lets the `Game` aggregate decide, and stores the new events (a lost
race is a `VersionConflict`).
"""

from __future__ import annotations

import hmac
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any
from uuid import UUID

from domain.core.aggregate import Game, Status
from domain.core.errors import IllegalAction
from domain.core.i18n import _
from domain.core.rng import new_seed

from .daysoff import periods_of
from .outcomes import Accepted
from .players import Player, check_name
from .ports import Clock
from .tokens import hash_token, new_token


@dataclass(frozen=True)
class OpenedGame:
    game: Game
    seat: int
    invite: str
    new_events: list[Any]


class NotInvited(Exception):
    """A private game asked for without its invitation (the API says 404: it is not listed)."""


class TableCommands:
    """Open seats, the host's powers, resignations, timeouts and table talk."""

    clock: Clock

    if TYPE_CHECKING:
        def _fresh(self, game: UUID | Game) -> Game: ...
        def _save(self, game: Game) -> Accepted: ...
        def save(self, *objs: Any, **kwargs: Any) -> Any: ...

    def open_game(
        self,
        host: Player,
        game: str,
        seats: int,
        options: Mapping[str, Any] | None = None,
        seed: str | None = None,
        private: bool = False,
        settings: Mapping[str, Any] | None = None,
        entropy: str | None = None,
        seat: int | None = None,
        bots: Sequence[str] = (),
    ) -> OpenedGame:
        """A game with `seats` seats hosted by `host`, who takes one (`seat`, default the first);
        `bots` fill the next open seats. The server's seed is committed in the creation event,
        before any seat's entropy. It starts when its last seat is filled."""
        invite = new_token()
        now = self.clock()
        aggregate = Game.open(
            game=game,
            options=dict(options or {}),
            seats=seats,
            host_player=str(host.id),
            committed_seed=seed if seed is not None else new_seed(),
            client_seeded=seed is not None,
            invite_hash=hash_token(invite),
            private=private,
            settings=dict(settings or {}),
            now=now,
        ).at(now)
        if seat is not None and not 0 <= seat < seats:
            raise IllegalAction("join.no_such_seat", _("This game has seats 0 to {last}.", last=seats - 1))
        taken = aggregate.take_seat(name=check_name(host.name), player=str(host.id), entropy=entropy, seat=seat)
        if host.vacation_days:
            aggregate.take_days_off(taken, periods_of(host))
        if len(bots) >= seats:
            raise IllegalAction("options.all_bots", _("At least one seat besides bots: you take one yourself."))
        for bot in bots:
            aggregate.take_seat(name=None, bot=bot)
        return OpenedGame(aggregate, taken, invite, self._save(aggregate).new_events)

    def check_invited(self, game: Game, invite: str | None, player: Player | None = None) -> None:
        """A private game is open to its seats, its host, and whoever holds its invitation."""
        if not game.private:
            return
        if player is not None and (game.seat_of_player(str(player.id)) is not None or game.host_player == str(player.id)):
            return
        if invite and game.invite_hash and hmac.compare_digest(hash_token(invite), game.invite_hash):
            return
        raise NotInvited(str(game.id))

    def join(self, game_id: UUID | Game, player: Player, invite: str | None = None,
             entropy: str | None = None, seat: int | None = None) -> tuple[Accepted, int]:
        game = self._fresh(game_id)
        self.check_invited(game, invite, player)
        if seat is not None and not 0 <= seat < len(game.seats):
            raise IllegalAction("join.no_such_seat", _("This game has seats 0 to {last}.", last=len(game.seats) - 1))
        taken = game.take_seat(name=check_name(player.name), player=str(player.id), entropy=entropy, seat=seat)
        if player.vacation_days:
            game.take_days_off(taken, periods_of(player))
        return self._save(game), taken

    def leave(self, game_id: UUID | Game, seat: int) -> Accepted:
        game = self._fresh(game_id)
        game.leave_seat(seat)
        return self._save(game)

    def seat_bot(self, game_id: UUID | Game, seat: int | None, bot: str | None, asked: bool = False) -> Accepted:
        """Before the start: a bot takes an open seat (the host's call). During play: a bot
        plays the seat until its player is back, when the player asked for it (`asked`) or,
        the host asking, when the seat's clock has run out (`Game.stand_in`)."""
        game = self._fresh(game_id)
        if game.status == Status.OPEN:
            kind = bot or game.settings.get("bot")
            if seat is not None and not 0 <= seat < len(game.seats):
                raise IllegalAction("join.no_such_seat", _("This game has seats 0 to {last}.", last=len(game.seats) - 1))
            game.take_seat(name=None, bot=kind, seat=seat)
        else:
            if seat is None or not 0 <= seat < len(game.seats):
                raise IllegalAction("stand_in.seat", _("Name the seat the bot stands in for."))
            game.stand_in(seat, bot, asked)
        return self._save(game)

    def return_seat(self, game_id: UUID | Game, seat: int) -> Accepted:
        game = self._fresh(game_id)
        game.return_seat(seat)
        return self._save(game)

    def resign(self, game_id: UUID | Game, seat: int) -> Accepted:
        game = self._fresh(game_id)
        game.resign(seat)
        return self._save(game)

    def relax_clock(self, game_id: UUID | Game, clock: Any) -> Accepted:
        game = self._fresh(game_id)
        game.relax_clock(clock)
        return self._save(game)

    def make_private(self, game_id: UUID | Game) -> Accepted:
        game = self._fresh(game_id)
        game.make_private()
        return self._save(game)

    def renew_invite(self, game_id: UUID | Game) -> tuple[Accepted, str]:
        game = self._fresh(game_id)
        invite = new_token()
        game.renew_invite(hash_token(invite))
        return self._save(game), invite

    def post_message(self, game_id: UUID | Game, author: int | None, name: str, text: str) -> Accepted:
        game = self._fresh(game_id)
        game.post_message(author, name, text)
        return self._save(game)

    def time_out(self, game_id: UUID | Game, now: datetime | None = None) -> Accepted:
        """Apply the game's timeout policy to every seat out of time (as of `now`, default the
        clock). Several workers may try at once: the store lets one land, the others get a
        VersionConflict and, on a retry, find nothing overdue."""
        game = self._fresh(game_id)
        game.time_out(now or self.clock())
        return self._save(game)
