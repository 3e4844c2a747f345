"""The Maya's setup (rules page §8.6.2), its end and start of year (§8.6.7, §8.7) and its final
sale (§8.6.7, §11 A-65)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.core import Fact, RandomSource, die, shuffle
from domain.core.facts import Tx

from ..components import C
from ..state import State, is_maya, maya_of, replace, with_maya, with_player
from ..state import evolves as _evolves
from .data import GOODS, M
from .goods import draw, maya_pay
from .hooks import gold_in_supply
from .state import Maya

MAYA_SEAT = 0  # the first listed player plays the Maya: seat 1 of the page, the engine's seat 0


def in_play(opts: Mapping[str, Any]) -> bool:
    return "D" in opts.get("modules", ())


def setup_facts(opts: Mapping[str, Any], seats: int, rng: RandomSource) -> list[Fact]:
    """§8.6.2 steps 1-4 and 8 (the blue die, white dice and starting goods are the shared setup's)."""
    facts: list[Fact] = [{"t": "MayaSetUp", "seat": MAYA_SEAT, "free_buy": opts.get("maya_free_buy", True),
                          "priest_reuse": opts.get("high_priest_reuse", True)}]
    if "C" in opts.get("modules", ()):  # step 6: the Maya's blue die also with the ambassadors
        facts.append({"t": "BlueDieGained", "seat": MAYA_SEAT, "die": "b1", "face": die(rng), "usable_this_year": True})
    large = shuffle(rng, M.tiles("large"))  # step 1
    facts.append({"t": "TemplesDealt", "temples": dict(zip(M.districts, large, strict=True))})
    facts.append({"t": "TempleStacksShuffled", "medium": list(shuffle(rng, M.tiles("medium"))),
                  "small": list(shuffle(rng, M.tiles("small")))})
    deck = shuffle(rng, M.card_ids)  # step 4
    facts.append({"t": "MayaDeckShuffled", "order": list(deck)})
    facts.append({"t": "MayaCardsDrawn", "seat": MAYA_SEAT, "cards": list(deck[: M.hand]), "for": "setup"})
    facts.append({"t": "VaultGoldAdded", "gold": seats, "source": "setup"})  # step 8: 1 per seat (solo: 1)
    return facts


@_evolves("MayaSetUp")
def _maya_set_up(state: State, fact: Fact) -> State:
    """Step 3: 3 full and 3 empty tokens, 4 in the reserve; the Maya places no monks (§8.6.4)."""
    owned = tuple(sum(1 for t in (*M.start_full, *M.start_empty) if t == g) for g in GOODS)
    full = tuple(sum(1 for t in M.start_full if t == g) for g in GOODS)
    reserve = tuple(sum(1 for t in M.reserve if t == g) for g in GOODS)
    maya = Maya(seat=fact["seat"], free_buy=fact["free_buy"], priest_reuse=fact["priest_reuse"], owned=owned,
                full=full, reserve=reserve)
    return with_player(replace(state, maya=maya), fact["seat"], monks=0)


@_evolves("TemplesDealt")
def _temples_dealt(state: State, fact: Fact) -> State:
    return with_maya(state, tops=tuple(fact["temples"][d] for d in M.districts))


@_evolves("TempleStacksShuffled")
def _temple_stacks(state: State, fact: Fact) -> State:
    return with_maya(state, medium=tuple(fact["medium"]), small=tuple(fact["small"]))


@_evolves("MayaDeckShuffled")
def _deck_shuffled(state: State, fact: Fact) -> State:
    return with_maya(state, deck=tuple(fact["order"]))


# -- the year (§8.6.7, §8.7) -----------------------------------------------------------------------


def year_end(tx: Tx) -> None:
    """End of years 1 and 2: dice and high priests leave the city (the priests return unless
    high_priest_reuse is false, A-42); the Maya draws 3 cards."""
    state = tx.state
    if state.maya is None or state.year >= C.years:
        return
    placed = sum(1 for o in state.maya.occupant if o == "priest")
    tx.emit({"t": "MayaCityCleared", "priests_back": placed if state.maya.priest_reuse else 0})
    draw(tx, state.maya.seat, M.year_end_draw, "year_end")


def year_start(tx: Tx) -> None:
    """Start of years 2 and 3: 1 gold per seat (solo: 1) from the supply into the vault."""
    state = tx.state
    if state.maya is None:
        return
    gold = min(state.seats, gold_in_supply(state))
    if gold:
        tx.emit({"t": "VaultGoldAdded", "gold": gold, "source": "year"})


@_evolves("MayaCityCleared")
def _city_cleared(state: State, fact: Fact) -> State:
    maya = maya_of(state)
    used = sum(1 for o in maya.occupant if o == "priest") - fact["priests_back"]
    return with_maya(state, occupant=("",) * len(M.nodes), priests=maya.priests + fact["priests_back"],
                     priests_used=maya.priests_used + used)


def final_sale(tx: Tx, seat: int) -> bool:
    """§6 step 7 for the Maya (A-65): every full token but gold (it has none) for 1 coin, then
    1 VP per 3 coins. True when `seat` is the Maya (the colonists' categories do not apply)."""
    if not is_maya(tx.state, seat):
        return False
    maya = maya_of(tx.state)
    sold = {g: maya.full_of(g) for g in GOODS if maya.full_of(g)}
    if sold:
        maya_pay(tx, seat, sold, "final_sale")
    tx.emit({"t": "FinalGoodsSold", "seat": seat, "goods": sold, "coins": sum(sold.values())})
    tx.emit({"t": "FinalScored", "seat": seat, "category": "maya_goods",
             "vp": tx.state.players[seat].coins // C.coins_per_vp})
    return True
