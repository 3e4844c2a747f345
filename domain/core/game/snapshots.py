"""Snapshots of a game: its attributes in the canonical codec (so any game's state fits), and
the upcasts that bring the snapshots of older builds to today's shape.

`Game.Snapshot` (`domain.core.aggregate`) is this class, defined there so that its topic stays
`domain.core.aggregate:Game.Snapshot`, the one every stored snapshot carries.
"""

from __future__ import annotations

import copy
import json
from typing import Any, cast

from eventsourcing.domain import Snapshot as LibrarySnapshot

from .. import codec, table
from .base import TRANSIENT, UNKEYED
from .play import key_digest
from .seats import seat_entry


class GameSnapshot(LibrarySnapshot):
    """The aggregate's attributes in the canonical codec, so any game's state fits."""

    class_version = 4

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

    @staticmethod
    def upcast_v3_v4(state: dict[str, Any]) -> None:
        # v4: seats with players and stand-ins, the host player, privacy, settings, clocks.
        attrs = codec.loads(state["state"]["codec"])
        attrs["seats"] = tuple(seat_entry(**s) for s in attrs["seats"])
        for name, value in (("host_player", None), ("organised", True), ("private", False),
                            ("invite_hash", None), ("settings", dict(table.DEFAULT_SETTINGS)),
                            ("ended", None), ("since", {}), ("bank", {}), ("talk", {}), ("messages", 0)):
            attrs.setdefault(name, value)
        state["state"] = {"codec": codec.dumps(attrs)}

    @classmethod
    def take(cls, aggregate: Any) -> Any:
        snapshot = super().take(aggregate)
        attrs = {k: v for k, v in snapshot.state.items() if k not in TRANSIENT}
        object.__setattr__(snapshot, "state", {"codec": codec.dumps(attrs)})
        return snapshot

    def mutate(self, _: Any) -> Any:
        attrs = cast(dict[str, Any], codec.loads(self.state["codec"]))
        decoded = copy.copy(self)
        object.__setattr__(decoded, "state", attrs)
        return LibrarySnapshot.mutate(decoded, None)
