"""What every Navegador command shares: the table of commands, the payload shapes a client can
send, the steps at which a command may be given, and what follows a command automatically: the
card passing on, a new phase, the end of a turn and of the game (§2.12, §5).

The rondel actions themselves (§2.2-§2.10) are one module each in `actions/`; each command has
one `_why_not_*` function listing its conditions in the page's order, which `decide` raises and
the action's legal-action generator keeps the candidates of.
"""

from __future__ import annotations

from typing import Any

from domain.core import IllegalAction
from domain.core.commands import Commands, malformed, not_now
from domain.core.facts import Tx

from . import scoring
from .components import C
from .i18n import TITLE, T, _
from .state import State, Step

commands = Commands(TITLE, words=T)

_R = C.region_index
_G = {g: i for i, g in enumerate(C.goods)}
_B = {b: i for i, b in enumerate(C.buildings)}
_K = {k: i for i, k in enumerate(C.kinds)}
N_SPACES = len(C.spaces)


# -- payload shapes (everything a client could send) -------------------------------------------


def _region_counts(value: Any, what: str) -> dict[str, int]:
    """A {region: count} map with known regions and counts >= 1, normalised to map order."""
    if type(value) is not dict:
        raise malformed(_("{what!r} must be an object mapping regions to numbers of ships.", what=what))
    for region, count in value.items():
        if type(region) is not str or region not in _R:
            raise malformed(_("{what!r} names an unknown region {region!r}.", what=what, region=region))
        if type(count) is not int or count < 1:
            raise malformed(_("{what!r} must give each region a whole number of ships of at least 1.", what=what))
    return {r: value[r] for r in C.regions if r in value}


def _sources(value: Any) -> list[tuple[str, int]]:
    """`explore` sources: a list of {from, count}, distinct regions, listed in map order."""
    if type(value) is not list:
        raise malformed(_("'sources' must be a list of {\"from\": region, \"count\": ships}."))
    out: list[tuple[str, int]] = []
    for item in value:
        if type(item) is not dict or set(item) != {"from", "count"}:
            raise malformed(_("Each source must be exactly {\"from\": region, \"count\": ships}."))
        region, count = item["from"], item["count"]
        if type(region) is not str or region not in _R:
            raise malformed(_("Unknown source region {region!r}.", region=region))
        if type(count) is not int or count < 1:
            raise malformed(_("Each source must send a whole number of ships of at least 1."))
        if out and _R[region] <= _R[out[-1][0]]:
            raise malformed(_("Name each source region once, in map order (Portugal first)."))
        out.append((region, count))
    return out


# -- when a command may be given ---------------------------------------------------------------


def _wrong_step(sentence: str) -> IllegalAction:
    """`sentence` says what cannot be done now (made only when refused: "You cannot ... now.")."""
    return not_now(sentence)


_ONLY_IN = {  # the command -> why it cannot be given now (said when refused, in the reader's language)
    "build": lambda: _("You cannot build now (only in the Buildings action)."),
    "found_colony": lambda: _("You cannot found a colony now (only in the Colony action)."),
    "sell": lambda: _("You cannot sell now (only in the Market action)."),
    "process": lambda: _("You cannot process now (only in the Market action)."),
    "hire_workers": lambda: _("You cannot hire workers now (only in the Workers action)."),
    "build_ships": lambda: _("You cannot build ships now (only in the Ships action)."),
    "take_privilege": lambda: _("You cannot take a privilege now (only in the Privilege action)."),
}


def _need_action(state: State, seat: int, action: str, command: str) -> None:
    if state.step is not Step.ACTION or state.space_action(seat) != action:
        raise _wrong_step(_ONLY_IN[command]())


# -- the card, a new phase (§3.2, §4) ----------------------------------------------


def _pass_card(tx: Tx, seat: int, reason: str) -> None:
    """The card goes to the right neighbour; the orange ship to his stone (§4.2, §4.3)."""
    to = tx.state.right_neighbour(seat)
    stone = tx.state.players[to].stone
    tx.emit({"t": "NavegadorPassed", "from": seat, "to": to, "reason": reason,
            "orange_ship": None if stone is None else C.spaces[stone]})


def _start_phase(tx: Tx, target: int) -> None:
    """New phase(s): privileges from the supply enter the gallery (§3.2, §3.3)."""
    while tx.state.phase < target:
        s = tx.state
        phase = s.phase + 1
        per_kind = C.gallery_added[s.seats][phase]
        added = {k: min(per_kind, s.privilege_supply[i]) for i, k in enumerate(C.kinds)}
        tx.emit({"t": "PhaseStarted", "phase": phase, "privileges_added": added})


# -- end of turn, end of game (§2.12, §5) ------------------------------------------------------


def _trigger_end(tx: Tx, seat: int, reason: str) -> None:
    if tx.state.end_trigger is None:  # §8.29: later triggers change nothing
        tx.emit({"t": "GameEndTriggered", "seat": seat, "reason": reason})


def _end_turn(tx: Tx, seat: int) -> None:
    s = tx.state
    start_final = False
    if s.final_turns_left is not None:
        left: int | None = s.final_turns_left - 1
    elif s.end_trigger is not None:
        left, start_final = s.seats, True  # every player gets one more turn, the trigger's too
    else:
        left = None
    tx.emit({"t": "TurnEnded", "seat": seat, "final_turns_left": left})
    if start_final:
        tx.emit({"t": "FinalRoundStarted", "trigger": s.end_trigger, "turns": left})
    if left == 0:
        _end_game(tx)
        return
    nxt = (seat + 1) % s.seats
    tx.emit({"t": "TurnStarted", "seat": nxt, "round": s.round + (1 if nxt == s.first else 0)})


def _end_game(tx: Tx) -> None:
    tx.emit({"t": "GameEnded", "reason": tx.state.end_trigger})
    for seat, p in enumerate(tx.state.players):
        free = scoring.free_columns(p)
        if tx.state.kings_mode == "auto":
            tx.emit({"t": "KingsPrivilegePlaced", "seat": seat, "kind": scoring.best_kings_column(p),
                    "how": "auto"})
        elif len(free) <= 1:
            # a forced single choice: one free column (or none, §8.33)
            tx.emit({"t": "KingsPrivilegePlaced", "seat": seat, "kind": free[0] if free else "none",
                    "how": "forced"})
    _score_if_ready(tx)


def _score_if_ready(tx: Tx) -> None:
    s = tx.state
    if any(p.kings is None for p in s.players):
        return
    results = scoring.results(s)
    tx.emit({"t": "GameScored",
            "scores": [r.score for r in results],
            "ranks": [r.rank for r in results]})
