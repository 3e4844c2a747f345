"""The eventsourcing Application: commands and queries over `Game` and `Player` aggregates.

Like eventsourcing's own examples, the methods are the commands (create, submit, undo,
abandon; open seats and the host's powers in `tables.py`, players in `players.py`) and queries
(get, events, record; the read models in `readmodels.py`). Persistence comes from the
environment (see `service.settings`); the store's unique (game, version) makes racing commands
conflict.
"""

from __future__ import annotations

import contextlib
import logging
import threading
from collections.abc import Callable, Mapping, Sequence
from datetime import UTC, datetime
from typing import Any
from uuid import UUID

from eventsourcing.application import AggregateNotFoundError, Application, ProcessingEvent
from eventsourcing.persistence import InfrastructureFactory, IntegrityError, Transcoder
from eventsourcing.sqlite import SQLiteFactory
from eventsourcing.utils import get_topic

from domain.core import codec
from domain.core.aggregate import Game
from domain.core.errors import IllegalAction
from domain.core.game.base import made_event
from domain.core.game.seats import OPEN_SEAT, seat_entry
from domain.core.i18n import _
from domain.core.record import hash_scheme, record_from_events, replay_states, verify
from domain.core.rng import new_seed
from domain.core.table import DEFAULT_SETTINGS

from .analyses import Analyses
from .daysoff import DaysOffCommands
from .notifications import Notifier
from .orders import OrderCommands
from .outcomes import Accepted, CreatedGame, GameNotFound, StaleVersion, VersionConflict
from .players import PlayerCommands
from .ports import Clock
from .presence import Presence
from .push import Push
from .readmodels import PAGE, ReadModels
from .settings import store_env
from .store import single_statement_reads, statement_cache
from .tables import TableCommands
from .thinking import Thinkers, noted
from .tokens import hash_token, new_token
from .transcoder import OrjsonTranscoder
from .writing import GroupCommit, Pending, SQLiteWriter, table_size

log = logging.getLogger("shiplog.store")


def system_clock() -> datetime:
    return datetime.now(UTC)


class Shiplog(TableCommands, PlayerCommands, DaysOffCommands, OrderCommands, Application):
    """shiplog's application: one `Game` aggregate per game, one `Player` per player.

    `clock` is the time every command is stamped with (a fake one in tests)."""

    name = "Shiplog"
    snapshotting_intervals = {Game: 50}
    log_section_size = PAGE

    def __init__(self, env: Mapping[str, str] | None = None, clock: Clock | None = None) -> None:
        full_env = store_env(env)
        super().__init__(full_env)
        self.clock: Clock = clock or system_clock
        interval = int(full_env.get("SHIPLOG_SNAPSHOT_INTERVAL", "50"))
        self.snapshotting_intervals = {Game: interval} if interval > 0 else {}
        sqlite = full_env["PERSISTENCE_MODULE"] == "eventsourcing.sqlite"
        postgres = full_env["PERSISTENCE_MODULE"] == "eventsourcing.postgres"
        self.writing = SQLiteWriter(full_env["SQLITE_DBNAME"]) if sqlite else contextlib.nullcontext
        # Each commit waits for the disk (SQLite's fsync, PostgreSQL's WAL flush) and, on
        # PostgreSQL, for the events table's lock, which every worker's writes queue for.
        self.group = GroupCommit(self.record_and_snapshot) if sqlite or postgres else None
        if sqlite:
            single_statement_reads(self.recorder)
        if postgres:
            from .pgstore import quicker_statements  # lazy: PostgreSQL only (psycopg)

            quicker_statements(self.recorder)
        self.changed = threading.Condition()  # notified after every save in this process (live streams wait on it)
        self.changes = 0
        self.listeners: list[Callable[[], None]] = []  # called after every save in this process (service/hub.py)
        self.readmodels = ReadModels(self)
        self.lobby = self.readmodels  # the lobby is one of the read models
        self.presence = Presence(self.readmodels.view)
        self.push = Push(self.readmodels.view, full_env, self.allow_private_webhooks())
        self.notifier = Notifier(self)
        self.analyses = Analyses(self, self.readmodels.view, full_env, lambda: self.clock())
        self.thinkers = Thinkers(self, full_env)
        self.background = False  # True in a server's worker: the work asked in the background starts in a thread

    def construct_factory(self, env: Any) -> InfrastructureFactory:
        """The library's persistence, with SQLite's prepared statements kept (`statement_cache`)."""
        factory = super().construct_factory(env)
        if isinstance(factory, SQLiteFactory):
            statement_cache(factory.datastore.pool)
        return factory

    def construct_transcoder(self) -> Transcoder:
        """The library's JSON with its transcodings, written and read by orjson (`transcoder`)."""
        transcoder = OrjsonTranscoder()
        self.register_transcodings(transcoder)
        return transcoder

    def _notify(self, recordings: Any) -> None:
        """Called by the library (and the group commit) after new events are stored: wake the
        live streams of this process."""
        super()._notify(recordings)
        with self.changed:
            self.changes += 1
            self.changed.notify_all()
        for listener in self.listeners:
            listener()

    def save(self, *objs: Any, **kwargs: Any) -> Any:
        """Store the new events (then any snapshots due): one aggregate's command joins the
        others waiting to be written (`GroupCommit`, SQLite and PostgreSQL), one writer at a time."""
        if self.group is not None and len(objs) == 1 and isinstance(objs[0], Game) and not kwargs:
            self.group.save(objs[0])
            return None
        with self.writing():
            return super().save(*objs, **kwargs)

    def record_and_snapshot(self, batch: Sequence[Pending]) -> None:
        """Write the events of `batch` in one transaction (it raises only if nothing was
        stored), then the snapshots due, which never raise (`_take_snapshots`)."""
        processing: ProcessingEvent[UUID] = ProcessingEvent()
        for pending in batch:
            # The events as they are: `collect_events` would check each against the library's
            # runtime Protocol (an isinstance that walks the Protocol's attributes).
            processing.events.extend(pending.events)
            processing.aggregates[pending.aggregate.id] = pending.aggregate
        with self.writing():
            recordings = self._record(processing)
            self._take_snapshots(processing)
        self._notify(recordings)

    def _record(self, processing_event: ProcessingEvent[UUID]) -> Any:
        """Store the events (the library's), then leave a copy of each game just stored in the
        repository's cache, so the next load (the next command, or the next seat's GET of its
        actions) does not fetch, decode and apply again the events this process has just
        written. The library keeps the cache up to date itself only without fast-forwarding; a
        load still asks the store for newer events, so what another process (or thread) stored
        since is never missed, and a copy put late over a newer one is only fast-forwarded
        again. A copy, because the caller goes on reading its own while other threads may
        fast-forward the cached one."""
        recordings = super()._record(processing_event)
        cache = self.repository.cache
        if cache is not None:
            for aggregate in processing_event.aggregates.values():
                if isinstance(aggregate, Game):
                    cache.put(aggregate.id, aggregate.copied())
        return recordings

    # -- commands ---------------------------------------------------------------------------

    def create_game(
        self,
        game: str,
        players: Sequence[Mapping[str, Any]],
        options: Mapping[str, Any] | None = None,
        seed: str | None = None,
        settings: Mapping[str, Any] | None = None,
    ) -> CreatedGame:
        """An organised game: every seat named now, a token per seat (for organisers, scripts
        and tournaments); it is set up at once."""
        tokens: list[str | None] = [None if p.get("bot") else new_token() for p in players]
        seats = [
            {"name": p["name"], "bot": p.get("bot"), "token_hash": hash_token(t) if t else None}
            for p, t in zip(players, tokens, strict=True)
        ]
        host_token = new_token()
        now = self.clock()
        aggregate = Game.start(
            game=game,
            options=dict(options or {}),
            seats=seats,
            host_token_hash=hash_token(host_token),
            committed_seed=seed if seed is not None else new_seed(),
            client_seeded=seed is not None,
            settings=dict(settings or {}),
            now=now,
        ).at(now)
        return CreatedGame(aggregate, tokens, host_token, self._save(aggregate).new_events)

    def submit(
        self,
        game_id: UUID | Game,
        seat: int,
        action: dict[str, Any],
        expected_version: int | None = None,
        idempotency_key: str | None = None,
    ) -> Accepted:
        game = self._fresh(game_id)
        if idempotency_key is not None:
            replay = self._replay(game, seat, action, idempotency_key)
            if replay is not None:
                return replay
        self._expect(game, expected_version)
        game.take_action(seat, action, idempotency_key)
        try:
            return self._save(game)
        except VersionConflict:
            if idempotency_key is not None:  # the same request raced itself: the other copy landed
                replay = self._replay(self.get_game(game.id), seat, action, idempotency_key)
                if replay is not None:
                    return replay
            raise

    def _replay(self, game: Game, seat: int, action: dict[str, Any], key: str) -> Accepted | None:
        """The stored result of an earlier request with this Idempotency-Key, if there was one."""
        done = game.version_for_key(key)
        if done is None:
            return None
        events = self.events_between(game.id, done - 1, game.version)
        first = events[0]
        if first.action != action or first.seat != seat:
            raise IllegalAction(
                "idempotency.key_reused", _("This Idempotency-Key was already used for a different action.")
            )
        # What that request stored: its action, then the moves played after it (bots', forced,
        # by standing order, and the orders dropped on the way) and the seed reveal it caused.
        caused = [first]
        for ev in events[1:]:
            if not (isinstance(ev, Game.SeedRevealed | Game.OrderDropped) or getattr(ev, "bot", None)
                    or getattr(ev, "auto", None)):
                break
            caused.append(ev)
        return Accepted(game, caused, True)

    def request_undo(self, game_id: UUID | Game, seat: int, expected_version: int | None = None) -> Accepted:
        game = self._fresh(game_id)
        self._expect(game, expected_version)
        if game.can_take_back_at_once(seat) and game.undo_request is None:
            target = game.undo_target(seat)
            game.apply_undo(self.get_game(game.id, target), seat)
        else:
            game.request_undo(seat)
        return self._save(game)

    def answer_undo(self, game_id: UUID | Game, seat: int, accept: bool) -> Accepted:
        game = self._fresh(game_id)
        game.answer_undo(seat, accept)
        return self._save(game)

    def _settle(self, game: Game) -> None:
        """What follows every command, whatever it was (a move, a take-back asked, answered or
        applied, a seat taken, a resignation, a stand-in, a timeout): bots answer a pending
        take-back, a take-back every other seat accepted is applied, and bots move whenever
        one is to act, and the moves played for people (a seat's only legal action, its standing
        orders: `Game.play_automatic`). `_save` calls it, so no command can leave the game
        waiting for a bot, a forced move or a standing order; only a searching bot is left to
        think (`Game.thinking`), and moves in the background (service/thinking.py)."""
        game.bots_answer()
        request = game.undo_request
        if request is not None and game.undo_granted():
            game.apply_undo(self.get_game(game.id, request.to_version), request.seat)
        game.play_automatic(think=False)  # a searching bot thinks outside the command (service/thinking.py)

    def play_thought(self, game_id: UUID | Game, seat: int, action: dict[str, Any]) -> Accepted:
        """A searching bot's move, decided in the background on this version of the game."""
        game = self._fresh(game_id)
        game.play_thought(seat, action)
        return self._save(game)

    def abandon(self, game_id: UUID | Game, reason: str) -> Accepted:
        game = self._fresh(game_id)
        game.abandon(reason)
        return self._save(game)

    def _fresh(self, game: UUID | Game) -> Game:
        """The game to command, its events stamped with the clock: a copy just loaded by the
        caller (saves a second load), or load it."""
        return (game if isinstance(game, Game) else self.get_game(game)).at(self.clock())

    def _expect(self, game: Game, expected_version: int | None) -> None:
        if expected_version is not None and expected_version != game.version:
            raise StaleVersion(
                _("The game is at version {current}, not {expected}; reload and try again.",
                  current=game.version, expected=expected_version),
                game.version,
            )

    def _take_snapshots(self, processing_event: ProcessingEvent[UUID]) -> None:
        """A snapshot every N events, written after the events: never a reason to fail a command.

        The events are stored by then, so the command has happened and its answer must say so.
        A snapshot only makes loading faster: if one cannot be written, that is logged and
        loading replays the events from the snapshot before (the next one is taken as usual).
        Version 0 gets none (the creation event alone loads as fast). The snapshot of the
        newest version is taken from the aggregate in hand, not reloaded from the store.
        """
        interval = self.snapshotting_intervals.get(Game)
        if self.snapshots is None or not interval:
            return
        for event in processing_event.events:
            version = event.originator_version
            if version == 0 or version % interval:
                continue
            try:
                aggregate = processing_event.aggregates.get(event.originator_id)
                if isinstance(aggregate, Game) and aggregate.version == version:
                    self.snapshots.put([Game.Snapshot.take(aggregate)])
                else:
                    self.take_snapshot(event.originator_id, version)
            except Exception:
                log.warning("game %s: the snapshot at version %d was not stored (the events were);"
                            " loading replays them instead", event.originator_id, version, exc_info=True)

    def _save(self, game: Game) -> Accepted:
        """Settle the game (`_settle`), then store its new events (a lost race: VersionConflict)."""
        self._settle(game)
        new_events = list(game.pending_events)
        try:
            self.save(game)
        except IntegrityError:
            raise VersionConflict(_("Another move was recorded at the same time; reload and try again.")) from None
        noted(self, game)
        return Accepted(game, new_events)

    # -- queries ----------------------------------------------------------------------------

    def get_game(self, game_id: UUID, version: int | None = None) -> Game:
        """The game (at `version`, or as it is now), a copy of its own for the caller."""
        repository, cache = self.repository, self.repository.cache
        if version is None and cache is not None and repository.fastforward and repository.deepcopy_from_cache \
                and not repository.fastforward_skipping:  # the library's defaults (its other settings: its own way)
            try:
                cached: Game = cache.get(game_id)
            except KeyError:
                pass
            else:
                return self._fast_forward(cached)
        try:
            game: Game = self.repository.get(game_id, version=version)
        except AggregateNotFoundError:
            raise GameNotFound(str(game_id)) from None
        return game

    def _fast_forward(self, cached: Game) -> Game:
        """A copy of the cached game, with whatever the store holds beyond it.

        The library's repository does the same (the store is asked for the events after the
        cached version, every time, so what another process or thread stored is never
        missed), but fast-forwards the cached aggregate itself, under a lock of its own per
        aggregate taken from a cache of locks: a third of a load's cost. A cached game here is
        never changed (`_record` and this put copies, and every attribute of a game is rebound,
        never changed in place, so a copy shares nothing that changes): the events are applied
        to the caller's copy, which then replaces the cached one. Two threads doing so at
        once may put an older copy after a newer one: the next load fast-forwards it again."""
        newer = list(self.events.get(cached.id, gt=cached.version))
        game = cached.copied()
        if newer:
            for event in newer:
                game = event.mutate(game)
            cache = self.repository.cache
            assert cache is not None
            cache.put(game.id, game.copied())
        return game

    def events_between(
        self, game_id: UUID, after: int | None = None, upto: int | None = None, limit: int | None = None
    ) -> list[Any]:
        return list(self.events.get(game_id, gt=after, lte=upto, limit=limit))

    def stored_size(self) -> dict[str, tuple[int, int]]:
        """Rows and bytes per table of this store ('events', 'snapshots'): every column of every
        stored row, as the store holds it (ids, versions and notification ids counted as 16, 8
        and 8 bytes where they are numbers). What `make bench` and the storage test report."""
        tables = {"events": self.recorder}
        if self.snapshots is not None:
            tables["snapshots"] = self.snapshots.recorder
        return {name: table_size(recorder) for name, recorder in tables.items()}

    def record(self, game_id: UUID) -> dict[str, Any]:
        events = self.events_between(game_id)
        if not events:
            raise GameNotFound(str(game_id))
        return record_from_events(str(game_id), events)

    def import_record(self, record: Mapping[str, Any]) -> tuple[UUID, list[str | None], str]:
        """Store a verified game record under its own id, with fresh seat and host tokens.

        Only records whose seed is revealed (finished or abandoned games) can be imported: a game
        whose seed is still secret could not go on drawing from it here.
        """
        rec = dict(record)
        report = verify(rec)
        if not report.ok:
            assert report.divergence is not None
            raise IllegalAction(
                "record.invalid",
                _("The record does not verify at event {n}: {problem}", n=report.divergence.version, problem=report.divergence.problem),
            )
        if rec.get("seed") is None:
            raise IllegalAction("record.sealed", _("Only games whose seed is revealed (finished games) can be imported."))
        game_id = UUID(str(rec["id"]))
        if self.events_between(game_id, None, 0):
            raise IllegalAction("record.exists", _("Game {id} is already in this store.", id=game_id))
        tokens: list[str | None] = [None if p.get("bot") else new_token() for p in rec["players"]]
        host_token = new_token()
        states = {v: state for v, _ev, state in replay_states(rec)}
        events: list[Any] = []
        for row in rec["events"]:
            kind = row["type"]
            fields = {k: v for k, v in row.items() if k not in ("version", "type", "timestamp")}
            common = {
                "originator_id": game_id,
                "originator_version": row["version"],
                "timestamp": datetime.fromisoformat(row["timestamp"]),
            }
            if kind == "GameCreated":
                organised = row.get("facts") is not None
                fields.update(
                    originator_topic=get_topic(Game),
                    game=rec["game"],
                    options=rec["options"],
                    rules_version=rec["rules_version"],
                    committed_seed=rec["seed"],
                    salt=rec.get("seed_salt"),
                    entropies=rec.get("entropies") if organised else None,
                    hash_scheme=hash_scheme(rec),
                    seed_commitment=rec["seed_commitment"],
                    client_seeded=rec["client_seeded"],
                    host_token_hash=hash_token(host_token),
                    host_player=None,
                    seats=[
                        seat_entry(name=p["name"], bot=p.get("bot"), token_hash=hash_token(t) if t else None)
                        if organised else dict(OPEN_SEAT)
                        for p, t in zip(rec["players"], tokens, strict=True)
                    ],
                    facts=row.get("facts"),
                    draws=row.get("draws"),
                    state_hash=row.get("state_hash"),
                    organised=organised,
                    private=False,
                    invite_hash=None,
                    settings=rec.get("settings") or dict(DEFAULT_SETTINGS),
                )
            elif kind == "SeatTaken":
                token = tokens[row["seat"]]
                fields.update(player=None, token_hash=hash_token(token) if token and not row.get("bot") else None)
            elif kind == "ActionTaken":
                fields.setdefault("idempotency_key", None)
            elif kind == "UndoApplied":
                fields["state"] = codec.dumps(states[row["to_version"]])
                fields.setdefault("moves", None)  # records written before UndoApplied v2
            elif kind == "SeedRevealed":
                fields.setdefault("salt", rec.get("seed_salt"))
            elif kind == "BotStoodIn":
                fields.setdefault("reason", "host")  # records written before BotStoodIn v2
            events.append(made_event(getattr(Game, kind), **common, **fields))  # optional fields as the row has them
        with self.writing():
            self.events.put(events)
        return game_id, tokens, host_token
