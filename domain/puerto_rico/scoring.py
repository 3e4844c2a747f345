"""§5.2 final score and §5.3 winner and tie-break."""

from __future__ import annotations

from domain.core import Outcome, SeatResult, rank

from .components import (
    BUILDINGS,
    CITY_HALL,
    CLOISTER,
    CLOISTER_BONUS,
    CUSTOMS_HOUSE,
    FORTRESS,
    GUILD_HALL,
    RESIDENCE,
    RESIDENCE_BONUS,
    ROYAL_GARDEN,
    VP,
)
from .state import OVER, Config, Player, State

# Breakdown categories, in the order they are shown. They add up to the score.
CATEGORIES = (
    "shipping",  # VP chips and "paper" VP earned during play (base game: shipping and harbor)
    "buildings",  # printed VP of every building owned, occupied or not (statue: 8)
    "guild_hall",
    "residence",
    "fortress",
    "customs_house",
    "city_hall",
)
NEW_BUILDINGS_CATEGORIES = ("cloister",)
NOBLES_CATEGORIES = ("nobles", "royal_garden")

TERMINATIONS = {"colonists": "colonists_exhausted", "city": "city_filled", "vp": "vp_exhausted"}


def residence_bonus(tiles: int) -> int:
    """§5.2: island spaces filled ≤ 9 → 4, 10 → 5, 11 → 6, 12 → 7."""
    return RESIDENCE_BONUS[max(9, min(12, tiles))]


def cloister_sets(pl: Player) -> int:
    """§2.4 cloister: sets of 3 identical island tiles (each plantation kind, quarry, forest)."""
    return sum(c // 3 for c in pl.island) + pl.forest_count // 3


def breakdown(pl: Player, config: Config | None = None) -> dict[str, int]:
    """The per-category score of one player (§5.2); only occupied large buildings give extras.

    With `config`, the categories of the expansions in play are added (`cloister` with New
    Buildings; `nobles` and `royal_garden` with Nobles)."""
    owned = [b for b, w in enumerate(pl.buildings) if w >= 0]
    out = dict.fromkeys(CATEGORIES, 0)
    out["shipping"] = pl.vp
    out["buildings"] = sum(VP[b] for b in owned)
    if pl.occ(GUILD_HALL):
        # +1 per small, +2 per large production building (jeweler included), occupied or not
        out["guild_hall"] = sum(
            (2 if BUILDINGS[b].guild_hall_class == "large" else 1) for b in owned if BUILDINGS[b].production
        )
    if pl.occ(RESIDENCE):
        out["residence"] = residence_bonus(pl.tiles)  # forests fill spaces too (§10 A23)
    if pl.occ(FORTRESS):
        out["fortress"] = pl.workers // 3  # colonists and nobles
    if pl.occ(CUSTOMS_HOUSE):
        out["customs_house"] = pl.vp // 4  # VP chips (incl. paper VP) only, §10 A49
    if pl.occ(CITY_HALL):
        out["city_hall"] = sum(1 for b in owned if not BUILDINGS[b].production)
    if config is not None and config.new_buildings:
        sets = cloister_sets(pl)
        out["cloister"] = CLOISTER_BONUS[min(sets, len(CLOISTER_BONUS) - 1)] if pl.occ(CLOISTER) else 0
    if config is not None and config.nobles:
        out["nobles"] = pl.nobles  # §6.3: 1 VP per noble anywhere on the board
        out["royal_garden"] = pl.nobles if pl.occ(ROYAL_GARDEN) else 0
    return out


def score(pl: Player, config: Config | None = None) -> int:
    return sum(breakdown(pl, config).values())


def tiebreak(pl: Player) -> tuple[int]:
    """§5.3: doubloons + goods (1 good = 1 doubloon)."""
    return (pl.doubloons + sum(pl.goods),)


def final_scores(s: State) -> list[int]:
    return [score(pl, s.config) for pl in s.players]


def outcome(s: State) -> Outcome | None:
    if s.step != OVER:  # (asked after every decision: the step itself, not the `over` property)
        return None
    return _outcome(s)


def _outcome(s: State) -> Outcome:
    """The outcome of a game that is over (apart from `outcome`, which is asked after every
    decision: the variables the expressions below share are cells, made at every call)."""
    parts = [breakdown(pl, s.config) for pl in s.players]
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
