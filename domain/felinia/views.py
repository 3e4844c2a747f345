"""What each viewer may see (rules page §7): trade tiles taken and mysterious place cards are the
owner's until the game is over; face-down trade tiles, the deck (but its top in the open-deck
variant) and the mysterious place deck are nobody's; everything else is public. After the game
(`GameScored`) nothing is hidden (FE-AMB-47)."""

from __future__ import annotations

from typing import Any

from domain.core import ALL, Fact, Viewer

from . import scoring
from .components import C
from .phases.trade import price
from .state import VENUES, State, by_type, cards, to_act


def _sees(state: State | None, seat: int, viewer: Viewer) -> bool:
    return viewer in (seat, ALL) or (state is not None and state.over)


# Each map's provinces as the view lists them (name, country, kind, symbols): one row a
# province, read at every view instead of four look-ups by index.
_PROVINCES = {mode: tuple(zip(b.provinces, b.country, b.kind, b.symbols, strict=True)) for mode, b in C.maps.items()}


def view(state: State, viewer: Viewer) -> dict[str, Any]:
    b = state.board
    over = state.over
    first, n = state.first, state.seats
    players = []
    for seat, p in enumerate(state.players):
        mine = _sees(state, seat, viewer)
        players.append({
            "seat": seat, "position": (seat - first) % n + 1,
            "silver": p.silver, "goods": by_type(p.goods), "gold": p.gold, "spice": p.spice, "food": p.food,
            "merchants": p.merchants, "bid_tokens": p.tokens, "income_circles": [*p.circles],
            "trade_tiles": [*p.tiles] if mine else None, "trade_tile_count": len(p.tiles),
            "trade_tiles_from": [b.provinces[q] for q in p.tile_provinces],
            "bonus_tiles": [*p.bonus],  # public (FE-AMB-43)
            "mystery_cards": [*p.mystery] if mine else None, "mystery_card_count": len(p.mystery),
            "fourth_slot": p.fourth_slot,
        })
    secret = viewer != ALL and not over  # face-down tiles are hidden from this viewer
    provinces = {}
    for (name, country, kind, symbols), tile, up, merchant in zip(
            _PROVINCES[state.mode], state.tiles, state.face_up, state.settled, strict=True):
        face_down = tile is not None and not up
        provinces[name] = {"country": country, "kind": kind, "symbols": [*symbols],
                           "tile": None if face_down and secret else tile, "face_down": face_down,
                           "merchant": merchant}
    e = state.expedition
    out: dict[str, Any] = {
        "game": "felinia", "mode": state.mode, "open_deck": state.open_deck,
        "lenient_expedition": state.lenient, "round": state.round, "step": state.step.value,
        "first_player": state.first, "to_act": sorted(to_act(state)), "players": players,
        "markets": {m: {"goods": by_type(state.markets[i]), "closed": state.closed[i],
                        "bids": list(state.stacks[i])} for i, m in enumerate(C.markets)},
        "guild": {"bids": list(state.stacks[5]), "bonus_tiles": list(state.guild_bonus)},
        "active_venue": None if state.venue() is None else VENUES[state.venue() or 0],
        "price": price(state), "boarding": state.dealer,
        "ships": {sid: {"deck_tile": state.ships[i], "seats": list(state.ship_seats[i])}
                  for i, sid in enumerate(C.ship_ids)},
        "deck": {"size": len(state.deck), "top_back": C.deck_tiles[state.deck[0]].back if state.deck else None,
                 "top": state.deck[0] if state.deck and (state.deck_top_shown or viewer == ALL) else None},
        "discarded": list(state.discard),
        "bag": by_type(state.bag),
        "supplies": {r: C.supply_cards[r] - sum(cards(getattr(p, r)) for p in state.players)
                     for r in ("gold", "spice", "food") if r != "food" or state.advanced},
        "provinces": provinces,
        "mystery_deck": len(state.mystery_deck),
        "removed": list(state.removed),
        "end_trigger": state.end_trigger,
        "expedition": None if e is None else {
            "seat": e.seat, "ship": C.ship_ids[e.ship], "country": e.country,
            "at": b.provinces[e.at] if e.at >= 0 else None, "steps_left": e.steps, "flips_left": e.flips,
            "moved": e.moved, "bound": e.bound, "drawn_count": len(e.drawn),
            "drawn": list(e.drawn) if _sees(state, e.seat, viewer) else None},
        "storage_owing": sorted(state.owing) if state.step.value == "storage" else [],
        "score_now": scoring.totals(state) if viewer == ALL or state.over else None,
    }
    if state.over:
        result = scoring.outcome(state)
        out["outcome"] = result.to_json() if result is not None else None
    return out


HIDDEN_CARDS = ("MysteryCardsDrawn", "MysteryCardKept", "MysteryCardsReturned")


def redact(fact: Fact, viewer: Viewer) -> Fact | None:
    """The fact as `viewer` may see it (§7)."""
    if viewer == ALL:
        return fact
    t = fact["t"]
    if t == "DeckShuffled":
        return {"t": t, "count": len(fact["deck"])}
    if t == "MysteryDeckShuffled":
        return {"t": t, "count": len(fact["deck"])}
    if t == "TradeTilesPlaced" and not fact["face_up"]:
        return {"t": t, "provinces": sorted(fact["tiles"]), "face_up": False}
    if t == "TradeTileTaken" and fact["seat"] != viewer:
        return {k: v for k, v in fact.items() if k != "tile"}
    # a special tile's identity is its owner's too; its gains are public (silver, cards), and S6
    # leaves the game in everyone's sight
    if t == "SpecialTileEffect" and fact["seat"] != viewer and not fact["removed"]:
        return {k: v for k, v in fact.items() if k not in ("tile", "effect")}
    if t == "RewardGained" and "tile" in fact and fact["seat"] != viewer:
        return {**{k: v for k, v in fact.items() if k != "tile"}, "tile": None}
    if t in HIDDEN_CARDS and fact["seat"] != viewer:
        return {k: v for k, v in fact.items() if k not in ("card", "cards")}
    return fact


REVEALING = ("TradeTileRevealed", "MysteryCardsDrawn", "DeckTilePlaced", "DeckTopRevealed", "MarketRefilled")


def reveals(fact: Fact) -> bool:
    """Facts that showed a seat something hidden or drew at random (§2.1.1 item 3)."""
    t = fact["t"]
    if t in REVEALING:
        return True
    if t == "RewardGained":
        return fact["kind"] == "goods"
    if t == "SpecialTileEffect":
        return fact["goods"] is not None
    return False
