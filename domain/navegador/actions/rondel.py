"""The rondel (§2.2): moving the stone, paying ships for the spaces beyond the free ones; and the
Navegador card (§4) used before the move."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from functools import lru_cache

from domain.core import Action, IllegalAction, RandomSource
from domain.core.commands import Why, fields, malformed, refuse
from domain.core.facts import Tx

from ..components import C
from ..i18n import _, ngettext
from ..state import State, Step
from ..turns import _R, N_SPACES, _pass_card, _region_counts, _wrong_step, commands


def rondel_distance(stone: int | None, target: int) -> int:
    if stone is None:
        return 0  # first move: any space, free
    return (target - stone) % N_SPACES or N_SPACES  # the same space is a full lap


def rondel_cost(stone: int | None, target: int) -> int:
    return max(0, rondel_distance(stone, target) - C.free_spaces_per_move)


def _why_not_rondel(state: State, seat: int, target: int, pay: Mapping[str, int]) -> Why:
    p = state.players[seat]
    cost = rondel_cost(p.stone, target)
    if p.ships_on_board < cost:
        return ("rondel.not_enough_ships",
                ngettext("Moving there costs {n} ship from the board; you have {have}.",
                         "Moving there costs {n} ships from the board; you have {have}.", cost, have=p.ships_on_board))
    if sum(pay.values()) != cost or any(p.ships[_R[r]] < k for r, k in pay.items()):
        return ("rondel.wrong_payment",
                ngettext("Name exactly {n} of your ships on the board to pay for this move.",
                         "Name exactly {n} of your ships on the board to pay for this move.", cost))
    return None


@lru_cache(maxsize=4096)  # (a pure function of immutable arguments, see `_distances`)
def _payments(ships: tuple[int, ...], cost: int) -> tuple[tuple[tuple[str, int], ...], ...]:
    """Every way to pay `cost` ships from the regions where the player has ships."""
    where = [(C.regions[i], k) for i, k in enumerate(ships) if k]

    def rec(i: int, left: int) -> Iterator[tuple[tuple[str, int], ...]]:
        if left == 0:
            yield ()
            return
        if i == len(where):
            return
        region, have = where[i]
        for take in range(min(have, left), -1, -1):
            for rest in rec(i + 1, left - take):
                yield ((region, take), *rest) if take else rest

    return tuple(rec(0, cost))


@commands.command("move_rondel")
def _decide_move_rondel(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    state = tx.state
    if state.step not in (Step.TURN_START, Step.AFTER_NAVEGADOR):
        raise _wrong_step(_("You cannot move your stone on the rondel now."))
    fields(action, ("space", "pay_ships",))
    space = action["space"]
    if type(space) is not str:
        raise malformed(_("'space' must be a rondel space id."))
    if space not in C.space_index:
        raise IllegalAction("rondel.unknown_space",
                            _("There is no rondel space {space!r}; the spaces are {spaces}.", space=space,
                              spaces=", ".join(map(repr, C.spaces))))
    target = C.space_index[space]
    pay = _region_counts(action["pay_ships"], "pay_ships")
    refuse(_why_not_rondel(state, seat, target, pay))

    p = state.players[seat]
    tx.emit({"t": "RondelMoved", "seat": seat,
            "from": None if p.stone is None else C.spaces[p.stone], "to": space,
            "distance": rondel_distance(p.stone, target), "ships_paid": pay})
    if state.holder == seat and state.step is Step.TURN_START:
        if state.orange_ship is None:
            # §4.1, §8.25: the initial holder's stone was off the rondel when he got the card.
            tx.emit({"t": "OrangeShipPlaced", "space": space})
        elif p.stone is not None:
            # §4.3: landing on or passing the orange ship loses the unused card.
            d = rondel_distance(p.stone, target)
            visited = {(p.stone + k) % N_SPACES for k in range(1, d + 1)}
            if state.orange_ship in visited:
                _pass_card(tx, seat, "deadline")
    return


def _why_not_navegador(state: State, seat: int) -> Why:
    if state.holder != seat:
        return ("navegador.not_holder", _("You do not hold the Navegador card."))
    if state.round < 2:
        return ("navegador.first_round", _("The Navegador card may not be used in the first round."))
    return None


@commands.command("use_navegador")
def _decide_use_navegador(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    state = tx.state
    if state.step is not Step.TURN_START:
        raise _wrong_step(_("You cannot use the Navegador card now (only before your rondel move)."))
    fields(action)
    refuse(_why_not_navegador(state, seat))
    tx.emit({"t": "NavegadorUsed", "seat": seat})


# -- legal actions -----------------------------------------------------------------------------


def rondel_actions(state: State, seat: int) -> list[Action]:
    """The Navegador card before the move (§4), then every rondel move with every payment."""
    out: list[Action] = []
    if state.step is Step.TURN_START and _why_not_navegador(state, seat) is None:
        out.append({"type": "use_navegador"})
    return out + _rondel_moves(state, seat)


def _rondel_moves(state: State, seat: int) -> list[Action]:
    p = state.players[seat]
    out: list[Action] = []
    for target, space in enumerate(C.spaces):
        cost = rondel_cost(p.stone, target)
        if cost > p.ships_on_board:
            continue
        for pay in _payments(p.ships, cost):
            out.append({"type": "move_rondel", "space": space, "pay_ships": dict(pay)})
    return out
