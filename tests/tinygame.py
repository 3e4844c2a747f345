"""High Card: a tiny game for the platform's own tests (the product ships only real games).

Nine cards numbered 1-9 are shuffled; each seat is dealt two, face down. On your turn either
`play` a card from your hand (it scores its number, openly) or `draw` the top card (hidden from
the others; at most three cards in hand). The game ends when every hand and the deck are empty,
or when somebody has played three cards. Highest total wins; ties share the rank.

It has what the platform must handle: a setup shuffle, draws during play, hidden hands, a
rejection code per rule, bots and an outcome; and it is written in the style every game uses
(domain/core: OPTIONS as data, a command table with the shared opening checks, fact handlers
registered with `@evolves`, a `Tx` per decision, `describe` and `reveals`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from domain.core import (
    ALL,
    Action,
    Fact,
    InvalidOptions,
    Outcome,
    RandomSource,
    SeatResult,
    Viewer,
    choice,
    rank,
    shuffle,
)
from domain.core.commands import Commands, Why, fields, refuse, whole
from domain.core.conditions import Condition
from domain.core.facts import Evolver, Tx
from domain.core.options import Option
from domain.core.options import check as check_spec
from domain.core.words import Words, amount, listing
from domain.core.words import seat as seat_word

NAME = "high-card"
TITLE = "High Card"
RULES_VERSION = "1"
MIN_SEATS = 2
MAX_SEATS = 4
BLURB = (
    "Nine numbered cards, two in each hand: play a card to score its number, or draw one more in "
    "secret. Three cards down for one player, or every card played, ends the game: the highest total wins."
)
HAND_LIMIT = 3
PLAYS_TO_END = 3


@dataclass(frozen=True)
class State:
    deck: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    played: tuple[tuple[int, ...], ...]
    turn: int
    over: bool = False


OPTIONS = (
    Option("deck_size", "int", 9, "How many cards the deck holds (at least two per player).",
           minimum=4, maximum=20),
)


def check_options(options: Mapping[str, Any], seats: int) -> dict[str, Any]:
    opts = check_spec(OPTIONS, options, TITLE)
    if opts["deck_size"] < 2 * seats:
        raise InvalidOptions("options.deck_size", f"The deck must hold {2 * seats} to 20 cards.")
    return opts


def setup(options: Mapping[str, Any], seats: int, rng: RandomSource) -> list[Fact]:
    deck = shuffle(rng, range(1, options["deck_size"] + 1))
    facts: list[Fact] = [{"t": "DeckShuffled", "seats": seats, "deck": list(deck)}]
    for seat in range(seats):
        facts.append({"t": "Dealt", "seat": seat, "cards": list(deck[2 * seat : 2 * seat + 2])})
    return facts


evolver = Evolver(TITLE)
evolves = evolver.evolves
evolve = evolver


@evolves("DeckShuffled")
def _deck_shuffled(state: State | None, fact: Fact) -> State:
    n = fact["seats"]
    return State(tuple(fact["deck"]), ((),) * n, ((),) * n, 0)


@evolves("Dealt")
def _dealt(state: State, fact: Fact) -> State:
    return _give(state, fact["seat"], tuple(fact["cards"]))


@evolves("CardDrawn")
def _card_drawn(state: State, fact: Fact) -> State:
    return _give(state, fact["seat"], (fact["card"],))


@evolves("CardPlayed")
def _card_played(state: State, fact: Fact) -> State:
    seat, card = fact["seat"], fact["card"]
    hand = list(state.hands[seat])
    hand.remove(card)
    hands = _put(state.hands, seat, tuple(hand))
    played = _put(state.played, seat, (*state.played[seat], card))
    return replace(state, hands=hands, played=played)


@evolves("TurnPassed")
def _turn_passed(state: State, fact: Fact) -> State:
    return replace(state, turn=fact["to"])


@evolves("GameEnded")
def _game_ended(state: State, fact: Fact) -> State:
    return replace(state, over=True)


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


commands = Commands(TITLE)


def why_not_play(state: State, seat: int, card: int) -> Why:
    if card not in state.hands[seat]:
        return ("play.not_in_hand", "You can only play a card from your hand.")
    return None


def why_not_draw(state: State, seat: int) -> Why:
    if not state.deck:
        return ("draw.deck_empty", "The deck is empty.")
    if len(state.hands[seat]) >= HAND_LIMIT:
        return ("draw.hand_full", f"You may hold at most {HAND_LIMIT} cards.")
    return None


def legal_actions(state: State, seat: int) -> list[Action]:
    if seat not in to_act(state):
        return []
    actions: list[Action] = [{"type": "play", "card": c} for c in sorted(state.hands[seat])]
    if why_not_draw(state, seat) is None:
        actions.append({"type": "draw"})
    return actions


@commands.command("play")
def _play(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    fields(action, ("card",))
    card = whole(action, "card")
    refuse(why_not_play(tx.state, seat, card))
    tx.emit({"t": "CardPlayed", "seat": seat, "card": card})


@commands.command("draw")
def _draw(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    fields(action)
    refuse(why_not_draw(tx.state, seat))
    rng.below(1)  # the deck was shuffled at setup; the draw is recorded like any other
    tx.emit({"t": "CardDrawn", "seat": seat, "card": tx.state.deck[0]})


def decide(state: State, seat: int, action: Action, rng: RandomSource) -> list[Fact]:
    command = commands.opening(action, seat, to_act=to_act(state), over=state.over)
    tx = Tx(state, evolve)
    command.handler(tx, seat, action, rng)
    after = tx.state
    n = len(state.hands)
    if any(len(p) >= PLAYS_TO_END for p in after.played) or (
        not after.deck and not any(after.hands)
    ):
        tx.emit({"t": "GameEnded"})
        return tx.facts
    nxt = (seat + 1) % n
    while not after.hands[nxt] and not after.deck:
        nxt = (nxt + 1) % n
    tx.emit({"t": "TurnPassed", "to": nxt})
    return tx.facts


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


def reveals(fact: Fact) -> bool:
    """Dealing and drawing show a seat cards that were face down."""
    return fact["t"] in ("Dealt", "CardDrawn")


words = Words(TITLE)
says = words.says
describe = words


@says("DeckShuffled")
def _deck_shuffled_words(fact: Fact, viewer: Viewer) -> str:
    return "The deck is shuffled."


@says("Dealt")
def _dealt_words(fact: Fact, viewer: Viewer) -> str:
    cards = fact.get("cards")
    return f"{seat_word(fact['seat'])} is dealt {listing(f'the {c}' for c in cards) if cards else amount(fact['count'], 'card')}."


@says("CardDrawn")
def _card_drawn_words(fact: Fact, viewer: Viewer) -> str:
    card = f"the {fact['card']}" if "card" in fact else "a card"
    return f"{seat_word(fact['seat'])} draws {card}."


@says("CardPlayed")
def _card_played_words(fact: Fact, viewer: Viewer) -> str:
    return f"{seat_word(fact['seat'])} plays the {fact['card']}."


@says("TurnPassed")
def _turn_passed_words(fact: Fact, viewer: Viewer) -> str:
    return f"It is {seat_word(fact['to'])}'s turn."


@says("GameEnded")
def _game_ended_words(fact: Fact, viewer: Viewer) -> str:
    return "The game ends."


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


def _deck_at_least(view: Mapping[str, Any], seat: int, params: Mapping[str, Any]) -> bool:
    return bool(view["deck"] >= params["cards"])


# What a standing order may wait for (`domain.core.conditions`), judged on its seat's view.
CONDITIONS = {"deck_at_least": Condition("deck_at_least", "only if the deck still holds this many cards",
                                         (Option("cards", "int", None, "cards", minimum=0, maximum=20),), _deck_at_least)}
