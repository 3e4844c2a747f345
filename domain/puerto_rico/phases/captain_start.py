"""The start of the captain phase (§4.6 K2, New Buildings): before anyone ships, the captain's
lighthouse doubloon and the union hall's VP (§2.4, §10 A26). A stage of its own, entered only
when someone is paid. Loading is `captain.py`.

Section numbers (§) refer to the rules page `shared/rules/puerto-rico.md`.
"""

from __future__ import annotations

from typing import Any

from domain.core import Fact, RandomSource
from domain.core.facts import Tx
from domain.core.words import Citation

from ..common import check_vp_trigger, order
from ..components import LIGHTHOUSE, UNION_HALL
from ..stages import next_stage
from ..state import Player, State, Step, _set, _update
from ..tables import automatic, entrants, evolves

# The rules-page section each fact of this module cites (`replay why`; `sections.py` gathers them).
CITES: dict[str, Citation] = {
    "CaptainBonusesPaid": "4.6",
}


def union_hall_vp(pl: Player) -> int:
    """§2.4 union hall: 1 VP for every 2 identical goods."""
    return sum(c // 2 for c in pl.goods)


@entrants(Step.CAPTAIN_START)
def _bonuses_due(s: State, stage: str, c: int) -> dict[str, Any] | None:
    pays = s.players[c].occ(LIGHTHOUSE) or any(pl.occ(UNION_HALL) and union_hall_vp(pl) for pl in s.players)
    return {"step": stage, "turn": -1, "pending": ()} if pays else None


@automatic(Step.CAPTAIN_START)
def _captain_start(tx: Tx, rng: RandomSource) -> bool:
    """§4.6 K2 and §10 A26: the captain's lighthouse doubloon; union hall VP (all owners, in
    order, before anyone ships: a player's goods cannot change before his first turn)."""
    s = tx.state
    c = s.chooser
    union = [
        {"seat": p, "vp": vp}
        for p in order(s, c)
        if s.players[p].occ(UNION_HALL) and (vp := union_hall_vp(s.players[p]))
    ]
    light = c if s.players[c].occ(LIGHTHOUSE) else None
    tx.emit({"t": "CaptainBonusesPaid", "lighthouse": light, "union_hall": union})
    if union:
        check_vp_trigger(tx)
    return True


@evolves("CaptainBonusesPaid")
def _captain_bonuses_paid(s: State, f: Fact) -> State:
    players = list(s.players)
    supply = s.vp_supply
    light = f.get("lighthouse")
    if light is not None:
        players[light] = _set(players[light], doubloons=players[light].doubloons + 1)
    for row in f.get("union_hall", ()):
        seat, vp = row["seat"], row["vp"]
        supply -= min(vp, supply)
        players[seat] = _set(players[seat], vp=players[seat].vp + vp)
    s = _set(s, players=tuple(players), vp_supply=supply)
    return _update(s, next_stage(s))
