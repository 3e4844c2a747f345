"""High Card: a tiny game for the platform's own tests (the product ships only real games).

Nine cards numbered 1-9 are shuffled; each seat is dealt two, face down. On your turn either
`play` a card from your hand (it scores its number, openly) or `draw` the top card (hidden from
the others; at most three cards in hand). The game ends when every hand and the deck are empty,
or when somebody has played three cards. Highest total wins; ties share the rank.

It has what the platform must handle: a setup shuffle, draws during play, hidden hands, a
rejection code per rule, bots and an outcome.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from domain.core import (
    ALL,
    Action,
    Fact,
    IllegalAction,
    InvalidOptions,
    Outcome,
    RandomSource,
    SeatResult,
    Viewer,
    choice,
    rank,
    shuffle,
)

NAME = "high-card"
TITLE = "High Card"
RULES_VERSION = "1"
MIN_SEATS = 2
MAX_SEATS = 4
HAND_LIMIT = 3
PLAYS_TO_END = 3


@dataclass(frozen=True)
class State:
    deck: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    played: tuple[tuple[int, ...], ...]
    turn: int
    over: bool = False


def check_options(options: Mapping[str, Any], seats: int) -> dict[str, Any]:
    unknown = set(options) - {"deck_size"}
    if unknown:
        raise InvalidOptions("options.unknown", f"High Card has no option {sorted(unknown)[0]!r}.")
    size = options.get("deck_size", 9)
    if not isinstance(size, int) or isinstance(size, bool) or not 2 * seats <= size <= 20:
        raise InvalidOptions("options.deck_size", f"The deck must hold {2 * seats} to 20 cards.")
    return {"deck_size": size}


def setup(options: Mapping[str, Any], seats: int, rng: RandomSource) -> list[Fact]:
    deck = shuffle(rng, range(1, options["deck_size"] + 1))
    facts: list[Fact] = [{"t": "DeckShuffled", "seats": seats, "deck": list(deck)}]
    for seat in range(seats):
        facts.append({"t": "Dealt", "seat": seat, "cards": list(deck[2 * seat : 2 * seat + 2])})
    return facts


def evolve(state: State | None, fact: Fact) -> State:
    t = fact["t"]
    if t == "DeckShuffled":
        n = fact["seats"]
        return State(tuple(fact["deck"]), ((),) * n, ((),) * n, 0)
    assert state is not None
    if t == "Dealt":
        return _give(state, fact["seat"], tuple(fact["cards"]))
    if t == "CardDrawn":
        return _give(state, fact["seat"], (fact["card"],))
    if t == "CardPlayed":
        seat, card = fact["seat"], fact["card"]
        hand = list(state.hands[seat])
        hand.remove(card)
        hands = _put(state.hands, seat, tuple(hand))
        played = _put(state.played, seat, (*state.played[seat], card))
        return replace(state, hands=hands, played=played)
    if t == "TurnPassed":
        return replace(state, turn=fact["to"])
    if t == "GameEnded":
        return replace(state, over=True)
    return state


def _put(rows: tuple[tuple[int, ...], ...], i: int, row: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    return rows[:i] + (row,) + rows[i + 1 :]


def _give(state: State, seat: int, cards: tuple[int, ...]) -> State:
    return replace(
        state,
        deck=state.deck[len(cards) :],
        hands=_put(state.hands, seat, state.hands[seat] + cards),
    )


def to_act(state: State) -> frozenset[int]:
    return frozenset() if state.over else frozenset({state.turn})


def legal_actions(state: State, seat: int) -> list[Action]:
    if seat not in to_act(state):
        return []
    actions: list[Action] = [{"type": "play", "card": c} for c in sorted(state.hands[seat])]
    if state.deck and len(state.hands[seat]) < HAND_LIMIT:
        actions.append({"type": "draw"})
    return actions


def decide(state: State, seat: int, action: Action, rng: RandomSource) -> list[Fact]:
    if seat not in to_act(state):
        raise IllegalAction("turn.not_yours", "It is not your turn.")
    kind = action.get("type")
    facts: list[Fact]
    if kind == "play":
        card = action.get("card")
        if card not in state.hands[seat]:
            raise IllegalAction("play.not_in_hand", "You can only play a card from your hand.")
        facts = [{"t": "CardPlayed", "seat": seat, "card": card}]
    elif kind == "draw":
        if not state.deck:
            raise IllegalAction("draw.deck_empty", "The deck is empty.")
        if len(state.hands[seat]) >= HAND_LIMIT:
            raise IllegalAction("draw.hand_full", f"You may hold at most {HAND_LIMIT} cards.")
        rng.below(1)  # the deck was shuffled at setup; the draw is recorded like any other
        facts = [{"t": "CardDrawn", "seat": seat, "card": state.deck[0]}]
    else:
        raise IllegalAction("action.unknown_type", f"High Card has no action {kind!r}.")
    after = evolve(state, facts[0])
    n = len(state.hands)
    if any(len(p) >= PLAYS_TO_END for p in after.played) or (
        not after.deck and not any(after.hands)
    ):
        facts.append({"t": "GameEnded"})
        return facts
    nxt = (seat + 1) % n
    while not after.hands[nxt] and not after.deck:
        nxt = (nxt + 1) % n
    facts.append({"t": "TurnPassed", "to": nxt})
    return facts


def view(state: State, viewer: Viewer) -> dict[str, Any]:
    return {
        "deck": len(state.deck),
        "turn": state.turn,
        "over": state.over,
        "players": [
            {
                "seat": s,
                "hand": list(state.hands[s]) if viewer in (s, ALL) else None,
                "cards_in_hand": len(state.hands[s]),
                "played": list(state.played[s]),
            }
            for s in range(len(state.hands))
        ],
    }


def redact(fact: Fact, viewer: Viewer) -> Fact | None:
    if viewer == ALL:
        return fact
    t = fact["t"]
    if t == "DeckShuffled":
        return {"t": t, "seats": fact["seats"], "deck": len(fact["deck"])}
    if t in ("Dealt", "CardDrawn") and fact["seat"] != viewer:
        hidden = {k: v for k, v in fact.items() if k not in ("cards", "card")}
        hidden["count"] = len(fact.get("cards", [0]))
        return hidden
    return fact


def outcome(state: State) -> Outcome | None:
    if not state.over:
        return None
    totals = {s: sum(p) for s, p in enumerate(state.played)}
    ranks = rank({s: (t,) for s, t in totals.items()})
    return Outcome(
        tuple(SeatResult(s, totals[s], ranks[s], {"cards": totals[s]}) for s in totals),
        "cards_played_out",
    )


def random_bot(state: State, seat: int, rng: RandomSource) -> Action:
    return choice(rng, legal_actions(state, seat))


def highest_bot(state: State, seat: int, rng: RandomSource) -> Action:
    plays = [a for a in legal_actions(state, seat) if a["type"] == "play"]
    return max(plays, key=lambda a: a["card"]) if plays else {"type": "draw"}


BOTS = {"random": random_bot, "highest": highest_bot}
