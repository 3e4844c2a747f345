"""How a game comes to be: `GameCreated`, version 0 of every game.

An organised game has every seat named at creation (names and bots) and is set up at once; a
game with open seats commits to the server's seed now and is set up when its last seat is
filled (`seats.Seats.take_seat`, `GameStarted`).
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any, Self

from eventsourcing.domain import Aggregate

from .. import registry, table
from ..errors import IllegalAction
from ..i18n import _, words_of
from ..rng import Rng, game_seed, new_salt, seed_commitment
from ..rules import Fact, GameRules, fold
from .base import KEYED_FIELDS, UNKEYED, GameBase, hash_state, plain
from .seats import OPEN_SEAT, seat_entry


class Creation(GameBase):
    """A new game: organised (`start`) or with open seats (`open`)."""

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
        settings: dict[str, Any] | None = None,
        now: datetime | None = None,
    ) -> Self:
        """An organised game: every seat given now (names and bots), set up at once with the
        'setup' stream.

        `committed_seed` is a fresh server seed (`rng.new_seed`), or the client's seed when
        `client_seeded`; `salt` the commitment's secret salt (default: a fresh one);
        `entropies` what the seats added (server-seeded games only)."""
        rules = registry.get(game)
        cls._check_seats(rules, len(seats))
        for seat in seats:
            cls._check_bot(rules, seat.get("bot"))
        options = plain(rules.check_options(options, len(seats)))
        settings = table.check_settings(settings, rules.BOTS)
        salt = salt if salt is not None else new_salt()
        entropies = [] if client_seeded else list(entropies or [])
        seed = game_seed(committed_seed, entropies, client_seeded)
        rng = Rng(seed, "setup")
        facts = plain(rules.setup(options, len(seats), rng))
        state = fold(rules, None, facts)
        return cls._create(
            cls.GameCreated,
            timestamp=now,
            game=game,
            options=options,
            seats=[seat_entry(**s) for s in seats],
            host_token_hash=host_token_hash,
            host_player=None,
            rules_version=rules.RULES_VERSION,
            committed_seed=committed_seed,
            salt=salt,
            entropies=entropies,
            seed_commitment=seed_commitment(committed_seed, salt),
            client_seeded=client_seeded,
            hash_scheme=KEYED_FIELDS,
            facts=facts,
            draws=rng.draws,
            state_hash=hash_state(KEYED_FIELDS, state, seed),
            organised=True,
            private=False,
            invite_hash=None,
            settings=settings,
        )

    @classmethod
    def open(
        cls,
        game: str,
        options: dict[str, Any],
        seats: int,
        host_player: str,
        committed_seed: str,
        client_seeded: bool,
        invite_hash: str,
        private: bool = False,
        settings: dict[str, Any] | None = None,
        salt: str | None = None,
        now: datetime | None = None,
    ) -> Self:
        """A game with `seats` open seats, hosted by a player. The server's seed is committed
        now, before any seat adds its entropy; the setup runs when the last seat is filled."""
        rules = registry.get(game)
        cls._check_seats(rules, seats)
        options = plain(rules.check_options(options, seats))
        settings = table.check_settings(settings, rules.BOTS)
        salt = salt if salt is not None else new_salt()
        return cls._create(
            cls.GameCreated,
            timestamp=now,
            game=game,
            options=options,
            seats=[dict(OPEN_SEAT) for _seat in range(seats)],
            host_token_hash=None,
            host_player=host_player,
            rules_version=rules.RULES_VERSION,
            committed_seed=committed_seed,
            salt=salt,
            entropies=None,
            seed_commitment=seed_commitment(committed_seed, salt),
            client_seeded=client_seeded,
            hash_scheme=KEYED_FIELDS,
            facts=None,
            draws=None,
            state_hash=None,
            organised=False,
            private=private,
            invite_hash=invite_hash,
            settings=settings,
        )

    @staticmethod
    def _check_seats(rules: GameRules, count: int) -> None:
        if not rules.MIN_SEATS <= count <= rules.MAX_SEATS:
            raise IllegalAction(
                "options.player_count",
                _("{game} is played by {low} to {high} players, not {n}.", game=words_of(rules).gettext(rules.TITLE),
                  low=rules.MIN_SEATS, high=rules.MAX_SEATS, n=count),
            )

    class GameCreated(Aggregate.Created):
        """`committed_seed` is the secret the commitment is about (the server's seed, or the
        client's seed in a client-seeded game), `salt` the commitment's secret salt; both are
        published by SeedRevealed. An organised game (every seat given at creation) carries its
        setup here (`entropies`, `facts`, `draws`, `state_hash`); a game with open seats carries
        None there and is set up by GameStarted when its last seat is filled. Its fields are
        the parameters of `GameBase.__init__`, which makes the game of them.

        v3: seats carry `player`, `entropy`, `stand_in`, `resigned`; `host_player`, `organised`,
        `private`, `invite_hash`, `settings`; the setup fields may be None."""

        class_version = 3
        game: str
        options: dict[str, Any]
        seats: list[dict[str, Any]]
        host_token_hash: str | None
        host_player: str | None
        rules_version: str
        committed_seed: str
        salt: str | None
        entropies: list[str] | None
        seed_commitment: str
        client_seeded: bool
        hash_scheme: str
        facts: list[Fact] | None
        draws: list[list[int]] | None
        state_hash: str | None
        organised: bool
        private: bool
        invite_hash: str | None
        settings: dict[str, Any]

        @classmethod
        def detail(cls, fields: Mapping[str, Any]) -> dict[str, Any] | None:
            return {"players": [s["name"] for s in fields["seats"]], "options": fields["options"],
                    "seed_commitment": fields["seed_commitment"], "organised": fields["organised"]}

        @staticmethod
        def upcast_v1_v2(state: dict[str, Any]) -> None:
            state["committed_seed"] = state.pop("seed")
            state["salt"] = None
            state["entropies"] = None
            state["hash_scheme"] = UNKEYED

        @staticmethod
        def upcast_v2_v3(state: dict[str, Any]) -> None:
            state["seats"] = [seat_entry(**s) for s in state["seats"]]
            state.update(host_player=None, organised=True, private=False, invite_hash=None,
                         settings=dict(table.DEFAULT_SETTINGS))
