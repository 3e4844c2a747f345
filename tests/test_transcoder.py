"""The store's JSON written by orjson (`service.transcoder`): the same bytes and the same meaning
as the eventsourcing library's own transcoder, in both directions, on SQLite and PostgreSQL."""

from __future__ import annotations

import enum
import uuid
from datetime import UTC, datetime, timedelta, timezone
from decimal import Decimal
from typing import Any

import pytest
from eventsourcing.persistence import JSONTranscoder, TranscodingNotRegisteredError

from domain.core import registry
from domain.core.aggregate import Game
from service.application import Shiplog
from service.transcoder import OrjsonTranscoder
from tests import tinygame

PLAYERS = [{"name": "ann"}, {"name": "bob"}]


def library() -> JSONTranscoder:
    """The library's transcoder with the transcodings every application registers."""
    transcoder = JSONTranscoder()
    Shiplog({"PERSISTENCE_MODULE": "eventsourcing.popo"}).register_transcodings(transcoder)
    return transcoder


class Colour(enum.Enum):
    RED = "red"


class Rank(enum.IntEnum):
    ONE = 1


class Name(str):
    pass


@pytest.mark.parametrize("game", registry.products())
def test_every_event_of_a_random_game_is_stored_as_the_library_stored_it(game: str) -> None:
    shiplog = Shiplog({"PERSISTENCE_MODULE": "eventsourcing.popo", "SHIPLOG_SNAPSHOT_INTERVAL": "0"})
    assert isinstance(shiplog.mapper.transcoder, OrjsonTranscoder)
    theirs = library()
    seats = [{"name": f"bot{n}", "bot": "random", "token_hash": None} for n in range(4)]
    aggregate = Game.start(game, {}, seats, "h", "transcoder-0", client_seeded=True)
    aggregate.play_bots()
    for event in aggregate.pending_events[:2000]:
        fields = {k: v for k, v in vars(event).items() if k not in ("originator_id", "originator_version")}
        ours = shiplog.mapper.transcoder.encode(fields)
        assert ours == theirs.encode(fields)
        assert shiplog.mapper.transcoder.decode(ours) == fields


@pytest.mark.parametrize(
    "value",
    [
        uuid.UUID(int=7),  # orjson would write a bare string
        Colour.RED,  # orjson would write its value; the library has no transcoding for it
        Rank.ONE,
        Name("ann"),
        float("nan"),  # orjson would write null
        [1.5, float("inf")],
        {"deep": [{"at": datetime(2026, 1, 2, tzinfo=UTC)}]},
        {"id": uuid.UUID(int=9)},
        Decimal("1.10"),
        2**70,  # beyond orjson's 64 bits
        {1: "a key that is not a string"},
        (1, 2),
        [{"text": "nan and inf in a string"}],
        datetime(2026, 1, 2, 3, 4, 5, 6, tzinfo=timezone(timedelta(hours=-5))),
        {"text": "Ünïcödé ✓ \u2028", "none": None, "yes": True, "float": 0.1},
    ],
)
def test_what_orjson_writes_in_its_own_way_is_written_as_the_library_writes_it(value: Any) -> None:
    ours, theirs = OrjsonTranscoder(), library()
    Shiplog({"PERSISTENCE_MODULE": "eventsourcing.popo"}).register_transcodings(ours)
    fields = {"timestamp": datetime(2026, 1, 2, tzinfo=UTC), "value": value}
    try:
        expected = theirs.encode(fields)
    except TranscodingNotRegisteredError:
        with pytest.raises(TranscodingNotRegisteredError):
            ours.encode(fields)
        return
    assert ours.encode(fields) == expected


def test_a_plain_enum_is_refused_as_the_library_refuses_it() -> None:
    with pytest.raises(TranscodingNotRegisteredError):
        library().encode({"value": Colour.RED})
    ours = OrjsonTranscoder()
    with pytest.raises(TranscodingNotRegisteredError):
        ours.encode({"value": Colour.RED})


def test_events_written_by_either_transcoder_load_the_same(store_env: dict[str, str]) -> None:
    """Both directions on a real store: a game stored with the library's transcoder (as every
    store written before this one) loads in an application with orjson's, and goes on; what that
    application stores loads the same in an application with the library's transcoder."""

    class LibraryShiplog(Shiplog):
        name = "Shiplog"  # the same tables

        def construct_transcoder(self) -> Any:
            return library()

    old = LibraryShiplog(store_env)
    gid = old.create_game("high-card", PLAYERS, {"deck_size": 20}).game.id
    for _ in range(3):
        game = old.get_game(gid)
        seat = min(game.to_act())
        old.submit(gid, seat, tinygame.legal_actions(game.state, seat)[-1])
    new = Shiplog(store_env)
    assert new.events_between(gid) == old.events_between(gid)
    while (game := new.get_game(gid)).status == "active":
        seat = min(game.to_act())
        new.submit(gid, seat, tinygame.legal_actions(game.state, seat)[-1])
    reread = LibraryShiplog(store_env)
    assert reread.events_between(gid) == new.events_between(gid)
    assert reread.record(gid) == new.record(gid)
    stored = list(new.recorder.select_events(gid))
    assert [new.mapper.transcoder.encode(new.mapper.transcoder.decode(s.state)) for s in stored] == [
        s.state for s in stored
    ]
    assert [reread.mapper.transcoder.decode(s.state) for s in stored] == [
        new.mapper.transcoder.decode(s.state) for s in stored
    ]
