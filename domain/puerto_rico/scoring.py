"""§5.2 final score and §5.3 winner and tie-break."""

from __future__ import annotations

from domain.core import Outcome, SeatResult, rank

from .components import (
    BUILDINGS,
    CITY_HALL,
    CUSTOMS_HOUSE,
    FORTRESS,
    GUILD_HALL,
    RESIDENCE,
    RESIDENCE_BONUS,
    VP,
)
from .state import Player, State

# Breakdown categories, in the order they are shown. They add up to the score.
CATEGORIES = (
    "shipping",  # VP chips and "paper" VP earned during play (base game: shipping and harbor)
    "buildings",  # printed VP of every building owned, occupied or not
    "guild_hall",
    "residence",
    "fortress",
    "customs_house",
    "city_hall",
)

TERMINATIONS = {"colonists": "colonists_exhausted", "city": "city_filled", "vp": "vp_exhausted"}


def residence_bonus(tiles: int) -> int:
    """§5.2: island spaces filled ≤ 9 → 4, 10 → 5, 11 → 6, 12 → 7."""
    return RESIDENCE_BONUS[max(9, min(12, tiles))]


def breakdown(pl: Player) -> dict[str, int]:
    """The per-category score of one player (§5.2); only occupied large buildings give extras."""
    owned = [b for b, w in enumerate(pl.buildings) if w >= 0]
    out = dict.fromkeys(CATEGORIES, 0)
    out["shipping"] = pl.vp
    out["buildings"] = sum(VP[b] for b in owned)
    if pl.occ(GUILD_HALL):
        # +1 per small, +2 per large production building, occupied or not
        out["guild_hall"] = sum(
            (2 if BUILDINGS[b].guild_hall_class == "large" else 1) for b in owned if BUILDINGS[b].production
        )
    if pl.occ(RESIDENCE):
        out["residence"] = residence_bonus(pl.tiles)
    if pl.occ(FORTRESS):
        out["fortress"] = pl.colonists // 3
    if pl.occ(CUSTOMS_HOUSE):
        out["customs_house"] = pl.vp // 4  # VP chips (incl. paper VP) only, §10 A49
    if pl.occ(CITY_HALL):
        out["city_hall"] = sum(1 for b in owned if not BUILDINGS[b].production)
    return out


def score(pl: Player) -> int:
    return sum(breakdown(pl).values())


def tiebreak(pl: Player) -> tuple[int]:
    """§5.3: doubloons + goods (1 good = 1 doubloon)."""
    return (pl.doubloons + sum(pl.goods),)


def final_scores(s: State) -> list[int]:
    return [score(pl) for pl in s.players]


def outcome(s: State) -> Outcome | None:
    if not s.over:
        return None
    parts = [breakdown(pl) for pl in s.players]
    totals = [sum(p.values()) for p in parts]
    ties = [tiebreak(pl) for pl in s.players]
    # §5.3: highest score; ties broken by doubloons + goods; still tied → shared rank (§10 A33)
    ranks = rank({seat: (totals[seat], *ties[seat]) for seat in range(s.n)})
    termination = "+".join(TERMINATIONS.get(r, r) for r in s.end_reasons) or "finished"
    return Outcome(
        tuple(
            SeatResult(seat, totals[seat], ranks[seat], parts[seat], ties[seat]) for seat in range(s.n)
        ),
        termination,
    )
