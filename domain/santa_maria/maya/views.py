"""What each viewer sees of the Maya (rules page §9): the city, temples, tokens, vault and tucked
cards are public; the hand is the Maya's (others see its size), the deck's order nobody's (the
Maya knows the cards it put under it), the temple stacks nobody's."""

from __future__ import annotations

from typing import Any

from domain.core import ALL, Action, Fact, Viewer

from ..state import State, maya_of
from .data import GOODS, ITEMS, M

REDACTED = frozenset({"MayaDeckShuffled", "TempleStacksShuffled", "MayaCardsDrawn", "MayaCardsRedrawn",
                      "MayaRedrawMarked", "MayaTemplesScored"})
REVEALING = frozenset({"TemplesDealt", "TempleTileRevealed", "MayaCardPlayed", "MayaCardsDrawn", "MayaCardsRedrawn"})


def view(state: State, viewer: Viewer) -> dict[str, Any]:
    maya = maya_of(state)
    mine = viewer in (maya.seat, ALL)
    session = maya.session
    out: dict[str, Any] = {
        "seat": maya.seat,
        "city": {n: {"building": maya.built[i] or M.printed[n], "occupant": maya.occupant[i] or None}
                 for i, n in enumerate(M.nodes)},
        "roads": list(maya.roads),
        "road_tiles": maya.road_tiles,
        "temples": {d: {"levels": maya.levels[i], "top": maya.tops[i]} for i, d in enumerate(M.districts)},
        "temple_stacks": {"medium": len(maya.medium), "small": len(maya.small)},
        "tokens": {g: {"full": maya.full[i], "empty": maya.owned[i] - maya.full[i]} for i, g in enumerate(GOODS)},
        "token_reserve": {g: maya.reserve[i] for i, g in enumerate(GOODS)},
        "hand": list(maya.hand) if mine else None,
        "hand_size": len(maya.hand),
        "deck_size": len(maya.deck),
        "known_bottom": list(maya.known_bottom) if mine else None,
        "tucked": [list(t) for t in maya.tucked],
        "high_priests": maya.priests,
        "high_priest_supply": maya.priest_supply,
        "vault": maya.vault,
        "building_reserve": {"wooden": maya.wooden, "straw": maya.straw},
        "die": None if maya.die is None else {"die": maya.die.code, "value": maya.die.value, "node": maya.die.node,
                                              "technology_played": maya.die.tech, "simulated": maya.die.simulated},
        "trade_session": None if session is None else {
            "card": session.card,
            "redraw_marks": (list(session.marks) if mine else len(session.marks)) if session.marks is not None else None,
            "offer": None if session.offer is None else {
                "to": session.offer.to, "sent": session.offer.sent,
                "give": {i: n for i, n in zip(ITEMS, session.offer.give, strict=True) if n},
                "get": {i: n for i, n in zip(ITEMS, session.offer.get, strict=True) if n}}},
    }
    if viewer == ALL:
        out["hidden"] = {"deck": list(maya.deck), "medium": list(maya.medium), "small": list(maya.small)}
    return out


def redact(fact: Fact, viewer: Viewer) -> Fact:
    """Shuffles: their sizes; the Maya's cards: counts for the others; temple VP: the Maya's."""
    t = fact["t"]
    if t == "MayaDeckShuffled":
        return {**fact, "order": len(fact["order"])}
    if t == "TempleStacksShuffled":
        return {**fact, "medium": len(fact["medium"]), "small": len(fact["small"])}
    if fact.get("seat") == viewer:
        return fact
    if t == "MayaCardsDrawn":
        return {k: v for k, v in fact.items() if k != "cards"} | {"count": len(fact["cards"])}
    if t == "MayaCardsRedrawn":
        return {**fact, "put_under": len(fact["put_under"]), "drawn": len(fact["drawn"])}
    if t == "MayaRedrawMarked":
        return {**fact, "card": None}
    if t == "MayaTemplesScored" and not fact.get("open"):
        return {**fact, "vp": None}
    return fact


def redact_action(action: Action) -> Action:
    """The card the Maya marks for a redraw stays in its hand, hidden (like `MayaRedrawMarked`):
    the others see that it marked one (`action_for` asks this of every viewer but the Maya)."""
    if action.get("type") == "maya_redraw_mark":
        return {**action, "card": None}
    return action


def reveals(fact: Fact) -> bool:
    return fact["t"] in REVEALING
