"""The prospector phase (§4.7): the prospector takes a doubloon from the bank, two with an occupied
library (New Buildings, §2.4); nobody else acts.
"""

from __future__ import annotations

from domain.core import Fact, RandomSource
from domain.core.facts import Tx
from domain.core.words import Citation

from ..common import phase_ended, privilege, with_player
from ..stages import next_stage
from ..state import State, Step, _update
from ..tables import automatic, evolves

# The rules-page section each fact of this module cites (`replay why`; `sections.py` gathers them).
CITES: dict[str, Citation] = {
    "ProspectorPrivilegeTaken": "4.7",
}


@automatic(Step.PROSPECT)
def _prospect(tx: Tx, rng: RandomSource) -> bool:
    s = tx.state
    tx.emit({"t": "ProspectorPrivilegeTaken", "seat": s.chooser, "doubloons": privilege(s, s.chooser)})
    return True


@evolves("ProspectorPrivilegeTaken")
def _prospector_privilege_taken(s: State, f: Fact) -> State:
    seat = f["seat"]
    pl = s.players[seat]
    return _update(s, {"players": with_player(s, seat, doubloons=pl.doubloons + f["doubloons"]), **next_stage(s)})


@automatic(Step.PROSPECTOR_END)
def _prospector_end(tx: Tx, rng: RandomSource) -> bool:
    return phase_ended(tx)
