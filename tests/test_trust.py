"""Trust: no peeking through take-backs, keyed state hashes, salted commitments, entropy in the
seed, and old records (format 1) still readable."""

from __future__ import annotations

import copy
import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

from domain.core import Rng, codec, registry
from domain.core.aggregate import Game
from domain.core.game.base import KEYED_FIELDS, UNKEYED
from domain.core.record import fairness, record_from_events, verify
from domain.core.rules import revealing
from service.application import Shiplog
from tests.quickbots import quick_bots

RECORDS = sorted(Path(__file__).parent.joinpath("records").glob("format-1-*.json"))

# Every fact kind each game marks as revealing something hidden (its `reveals`).
REVEALING = {
    ("puerto-rico", ()): {"PlantationsDrawn", "HaciendaTileDrawn"},
    ("puerto-rico", ("new_buildings", "nobles")): {
        "PlantationsDrawn", "HaciendaTileDrawn", "TileDrawn", "DrawnTilePlaced", "LandOfficeBought", "TileDiscarded",
    },
    ("navegador", ()): {"RegionExplored"},
    ("santa-maria", ()): {"DockRefilled", "DisplayDealt", "FinalScored"},
    ("felinia", ()): {"DeckTilePlaced", "MarketRefilled", "RewardGained", "TradeTileRevealed"},
    ("felinia", ("advanced",)): {"DeckTilePlaced", "MarketRefilled", "MysteryCardsDrawn", "RewardGained", "SpecialTileEffect"},
    ("felinia", ("open_deck",)): {"DeckTilePlaced", "DeckTopRevealed", "MarketRefilled", "RewardGained", "TradeTileRevealed"},
}
# A game's variants other than Puerto Rico's expansions, by the name the table above gives them.
VARIANTS: dict[tuple[str, tuple[str, ...]], dict[str, object]] = {
    ("felinia", ("advanced",)): {"mode": "advanced"},
    ("felinia", ("open_deck",)): {"open_deck": True},
}


def test_every_game_the_server_ships_names_its_revealing_facts() -> None:
    assert {game for game, _ in REVEALING} == set(registry.products())


def bot_game(game: str, expansions: tuple[str, ...], seed: int) -> Game:
    options = VARIANTS.get((game, expansions)) or ({"expansions": list(expansions)} if expansions else {})
    seats = [{"name": f"p{n}", "token_hash": f"t{n}", "bot": None} for n in range(4)]
    return Game.start(game, options, seats, "host", f"reveal-{seed}", client_seeded=True)


@pytest.mark.parametrize(("game", "expansions"), list(REVEALING), ids=lambda v: str(v))
def test_a_move_that_revealed_something_is_not_taken_back_at_once(game: str, expansions: tuple[str, ...]) -> None:
    """For every kind of revealing fact, the seat that just made the move cannot take it back
    on its own (it becomes a request the other seats must accept) — also when nothing was drawn."""
    rules = registry.get(game)
    bots = [rules.BOTS[name] for name in sorted(quick_bots(rules.BOTS))]
    wanted = REVEALING[(game, expansions)]
    seen: set[str] = set()
    seen_without_draw: set[str] = set()
    for seed in range(40):
        g = bot_game(game, expansions, seed)
        moves = 0
        while g.to_act() and moves < 3000 and seen != wanted:
            seat = min(g.to_act())
            action = bots[(seed + seat + moves) % len(bots)](g.state, seat, Rng(f"b{seed}", str(moves)))
            g.take_action(seat, action)
            moves += 1
            taken = next(e for e in reversed(g.pending_events) if isinstance(e, Game.ActionTaken))
            kinds = {f["t"] for f in taken.facts if rules.reveals(f)}
            assert revealing(rules, taken.facts) == bool(kinds)
            if kinds:
                seen |= kinds
                if not taken.draws:
                    seen_without_draw |= kinds
                assert not g.can_take_back_at_once(seat), (seed, moves, kinds)
            elif not taken.draws:
                assert g.can_take_back_at_once(seat)
        if seen == wanted:
            break
    assert seen == wanted
    assert seen_without_draw, "some revealing move drew nothing: the case the old rule missed"


def test_taking_back_an_exploration_becomes_a_request_and_shows_nothing_more(sqlite_env: dict[str, str]) -> None:
    """Navegador draws nothing after setup: exploring revealed tiles without a draw, and used to
    be taken back at once. Now the take-back waits for the other seat's consent."""
    app = Shiplog(sqlite_env)
    rules = registry.get("navegador")
    gid = app.create_game("navegador", [{"name": "ann"}, {"name": "bob"}], seed="explore").game.id
    greedy = rules.BOTS["greedy"]
    while True:
        game = app.get_game(gid)
        seat = min(game.to_act())
        result = app.submit(gid, seat, greedy(game.state, seat, Rng("x", str(game.version))))
        facts = result.new_events[0].facts
        if any(f["t"] == "RegionExplored" for f in facts):
            assert not result.new_events[0].draws
            break
    explored = app.get_game(gid)
    app.request_undo(gid, seat)
    after = app.get_game(gid)
    assert after.undo_request is not None and after.undo_request.seat == seat
    assert after.state_hash == explored.state_hash  # nothing was taken back yet
    app.answer_undo(gid, 1 - seat, False)
    assert app.get_game(gid).state_hash == explored.state_hash


def finished(seed: str = "fixed seed", entropies: list[str] | None = None) -> dict[str, Any]:
    seats = [{"name": "ann", "token_hash": "a", "bot": "random"}, {"name": "bob", "token_hash": "b", "bot": "highest"}]
    game = Game.start("high-card", {}, seats, "host", seed, client_seeded=False, entropies=entropies)
    game.play_bots()
    return record_from_events(str(game.id), game.collect_events())


def test_state_hashes_are_keyed_by_the_seed_and_checked_once_it_is_revealed() -> None:
    record = finished()
    assert record["hash_scheme"] == KEYED_FIELDS and record["format_version"] == 4
    report = verify(record)
    assert report.ok and report.hashes_checked
    # the hash of the final state is HMAC(seed, state), not sha256(state)
    final = [e for e in record["events"] if "state_hash" in e][-1]["state_hash"]
    assert report.final_hash == final

    sealed = copy.deepcopy(record)
    sealed["seed"] = sealed["seed_salt"] = None
    tampered = sealed["events"][-2]
    tampered["state_hash"] = "0" * 64
    blind = verify(sealed)
    assert blind.ok and not blind.hashes_checked and blind.final_hash is None
    with_seed = verify(sealed, seed=codec_seed(record))
    assert not with_seed.ok and "hash" in with_seed.divergence.problem  # type: ignore[union-attr]


def codec_seed(record: dict[str, Any]) -> str:
    from domain.core.record import seed_of

    seed = seed_of(record)
    assert seed is not None
    return seed


def test_a_state_hash_does_not_give_a_small_hidden_part_away() -> None:
    """Without the seed, trying every possible hidden hand against a published hash finds
    nothing: the hash is keyed."""
    record = finished("guessable")
    created = record["events"][0]
    rules = registry.get("high-card")
    state = rules.evolve(None, created["facts"][0])
    for fact in created["facts"][1:]:
        state = rules.evolve(state, fact)
    assert hashlib.sha256(codec.fields_json(state)).hexdigest() != created["state_hash"]
    assert codec.fields_hash(state, codec_seed(record)) == created["state_hash"]


def test_the_seats_entropy_goes_into_the_seed_and_fairness_proves_it() -> None:
    a = finished("server secret", entropies=["ann's bytes", "bob's bytes"])
    b = finished("server secret", entropies=["ann's bytes", "other bytes"])
    assert a["events"][0]["facts"] != b["events"][0]["facts"]  # another deal
    report = fairness(a)
    assert report.ok and report.draws_checked > 0
    forged = copy.deepcopy(a)
    forged["entropies"] = ["ann's bytes", "other bytes"]
    assert not fairness(forged).ok


def test_a_revealed_salt_that_does_not_match_is_unfair() -> None:
    record = copy.deepcopy(finished())
    record["seed_salt"] = "00" * 16
    assert fairness(record).commitment_ok is False


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.name)
def test_records_of_format_1_still_verify_and_are_fair(path: Path) -> None:
    record = json.loads(path.read_text())
    assert record["format_version"] == 1
    report = verify(record)
    assert report.ok and report.hashes_checked, report.divergence
    assert fairness(record).ok


def test_a_version_1_snapshot_is_upcast(sqlite_env: dict[str, str]) -> None:
    """Snapshots written before keyed hashes (Move.drew, GameCreated.seed) still load."""
    app = Shiplog({**sqlite_env, "SHIPLOG_SNAPSHOT_INTERVAL": "2"})
    gid = app.create_game("high-card", [{"name": "a", "bot": "random"}, {"name": "b", "bot": "random"}]).game.id
    snapshot = next(iter(app.snapshots.get(gid, desc=True, limit=1)))  # type: ignore[union-attr]
    state = {"state": {"codec": snapshot.state["codec"]}}
    attrs = json.loads(state["state"]["codec"])
    entries = {k: v for k, v in attrs["~m"]}
    entries["seed"] = entries.pop("committed_seed")
    for gone in ("salt", "entropies", "hash_scheme"):
        entries.pop(gone)
    attrs["~m"] = sorted(([k, v] for k, v in entries.items()), key=lambda kv: kv[0])
    state["state"]["codec"] = codec.canonical_json(attrs).replace('"revealed":', '"drew":')
    Game.Snapshot.upcast_v1_v2(state)
    upcast = copy.copy(snapshot)
    object.__setattr__(upcast, "state", state["state"])
    game = upcast.mutate(None)
    assert game.hash_scheme == UNKEYED and game.salt is None and game.entropies is None
    assert game.seed == game.committed_seed and game.moves
