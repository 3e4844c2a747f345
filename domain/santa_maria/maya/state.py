"""The Maya's part of the game state (rules page §12.1 `maya`): immutable plain data.

Per node (in `M.nodes` order): `built` "" / "wooden" / "straw"; `occupant` "" free, "w4" a white
die, "b2" a blue die, "priest" a high priest. Storage tokens per type (in `GOODS` order): how
many the Maya owns and how many of them are full; `reserve` the set-aside tokens. Temples per
district (in `M.districts` order): completed levels and the tile on top (None when finished).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..frozen import put
from .data import GOODS, ITEMS, M


@dataclass(frozen=True)
class MayaDie:
    """A die in use in the city (§8.6.5 A): on its die symbol (node None) or on a node."""

    code: str  # "w4" a white die, "b1" the Maya's blue die
    value: int
    node: str | None = None
    activated: bool = False  # the die activated the building of `node`
    tech: bool = False  # a technology card was played for this die
    placed: bool = False  # stopped: it lies on `node` (until maya_temple is answered)
    simulated: bool = False  # another seat's ambassador die, simulated: no die in the city (§8.6.8)


@dataclass(frozen=True)
class Offer:
    to: int
    give: tuple[int, ...] = (0,) * len(ITEMS)  # from the Maya to `to`, per item of ITEMS
    get: tuple[int, ...] = (0,) * len(ITEMS)  # from `to` to the Maya
    sent: bool = False


@dataclass(frozen=True)
class Session:
    """An open trade session (§8.6.5 B): a redraw being marked, an offer drafted or sent."""

    card: str
    marks: tuple[str, ...] | None = None
    offer: Offer | None = None


@dataclass(frozen=True)
class Maya:
    seat: int
    free_buy: bool = True
    priest_reuse: bool = True
    built: tuple[str, ...] = ("",) * len(M.nodes)
    occupant: tuple[str, ...] = ("",) * len(M.nodes)
    roads: tuple[str, ...] = ()  # road-tile slots holding a tile
    road_tiles: int = M.road_tiles
    levels: tuple[int, ...] = (0,) * len(M.districts)
    tops: tuple[str | None, ...] = (None,) * len(M.districts)
    medium: tuple[str, ...] = ()  # face down, index 0 = top (hidden order)
    small: tuple[str, ...] = ()
    owned: tuple[int, ...] = (0,) * len(GOODS)
    full: tuple[int, ...] = (0,) * len(GOODS)
    reserve: tuple[int, ...] = (0,) * len(GOODS)
    hand: tuple[str, ...] = ()
    deck: tuple[str, ...] = ()  # face down, index 0 = top (hidden order)
    known_bottom: tuple[str, ...] = ()  # cards the Maya put under the deck, still in it
    tucked: tuple[tuple[str, str], ...] = ()  # (card, district) in tucking order
    priests: int = 0  # unused tokens the Maya holds
    priest_supply: int = M.high_priests  # next to the city, not yet taken
    priests_used: int = 0  # used up (high_priest_reuse: false, A-42)
    vault: int = 0
    wooden: int = M.building_tiles["wooden"]["count"]
    straw: int = M.building_tiles["straw"]["count"]
    die: MayaDie | None = None
    session: Session | None = None

    def full_of(self, good: str) -> int:
        return self.full[GOODS.index(good)]

    def empty_of(self, good: str) -> int:
        i = GOODS.index(good)
        return self.owned[i] - self.full[i]

    def node(self, node: str) -> int:
        return M.nodes.index(node)

    def building(self, node: str) -> tuple[str, ...]:
        """The effects of the building on `node` (printed or built); () for an empty place."""
        kind = self.built[M.nodes.index(node)]
        if kind:
            return tuple(M.building_tiles[kind]["effects"])
        printed = M.printed[node]
        return (printed,) if printed else ()

    def free(self, node: str) -> bool:
        """A free building: printed or built, no die and no high priest on it (§8.6.5)."""
        return bool(self.building(node)) and not self.occupant[M.nodes.index(node)]

    def level(self, district: str) -> int:
        return self.levels[M.districts.index(district)]

    def cards_under(self, district: str) -> int:
        return sum(1 for _, d in self.tucked if d == district)


def flip(maya: Maya, goods: dict[str, int], sign: int) -> tuple[int, ...]:
    """Full counts after flipping `goods` full (+1) or empty (-1)."""
    full = maya.full
    for g, n in goods.items():
        i = GOODS.index(g)
        full = put(full, i, full[i] + sign * n)
    return full


__all__ = ["Maya", "MayaDie", "Offer", "Session", "flip"]
