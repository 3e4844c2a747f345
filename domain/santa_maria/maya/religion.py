"""Gold, the conquistador track and religion with the Maya (rules page §8.6.4): its warrior (a
gold symbol moves gold from the supply to its vault), its religion steps and their extra step,
the monk's reward, and the vault."""

from __future__ import annotations

from domain.core import Action, Fact, RandomSource
from domain.core.commands import Why, fields, one_of, refuse
from domain.core.facts import Tx

from ..components import C
from ..flow import Ask, resume, task, why_not_decision
from ..goods import _open, gain_blue_die
from ..i18n import _
from ..state import State, Task, commands, evolves, maya_of, put, with_maya, with_player
from .data import GOODS
from .goods import draw, maya_gain, maya_pay
from .hooks import gold_in_supply

# -- warrior and religion (§8.6.4) -------------------------------------------------------------------


@task("maya_warrior")
def _warrior(tx: Tx, seat: int, step: Task, rng: RandomSource) -> list[Task]:
    """Like a conquistador action; a gold symbol moves 1 gold from the supply to the vault."""
    state = tx.state
    pos = state.players[seat].conquistador
    if pos >= C.conquistador_end:
        tx.emit({"t": "ConquistadorBlocked", "seat": seat})
        return []
    below = sum(1 for s, p in enumerate(state.players) if s != seat and p.conquistador == pos + 1)
    tx.emit({"t": "ConquistadorAdvanced", "seat": seat, "from": pos, "to": pos + 1, "stack_index": below})
    if pos + 1 in C.gold_symbols and gold_in_supply(tx.state) > 0:
        tx.emit({"t": "VaultGoldAdded", "gold": 1, "source": "warrior"})
    return []


@task("maya_religion")
def _religion(tx: Tx, seat: int, step: Task, rng: RandomSource) -> list[Task]:
    return [("maya_religion_step", None), ("maya_ask_religion_extra",)]


@task("maya_religion_step")
def _religion_step(tx: Tx, seat: int, step: Task, rng: RandomSource) -> list[Task]:
    pos = tx.state.players[seat].religion
    if pos >= C.religion_end:  # past the end, each step is 1 VP (§3.6)
        tx.emit({"t": "ReligionOverflowScored", "seat": seat, "vp": 1, **_open(tx.state)})
        return []
    tx.emit({"t": "ReligionAdvanced", "seat": seat, "from": pos, "to": pos + 1, "paid": step[1]})
    if pos + 1 in C.blue_die_symbols and tx.state.blue_supply > 0:
        gain_blue_die(tx, seat, rng)  # an additional blue die (§8.6.4)
    return [("maya_ask_monk",)] if pos + 1 in C.monk_symbols else []


@task("maya_ask_religion_extra")
def _ask_religion_extra(tx: Tx, seat: int, step: Task, rng: RandomSource) -> Ask:
    return Ask("religion_extra")  # asked even when the Maya cannot pay (§2.3)


def why_not_religion_extra(state: State, pay: str) -> Why:
    if pay == "grain" and maya_of(state).full_of("grain") >= 1:
        return None
    return ("religion.cannot_pay", _("The Maya's extra step costs 1 grain (a full grain token)."))


def religion_extra(tx: Tx, seat: int, pay: str, rng: RandomSource) -> None:
    """religion_extra{pay} answered by the Maya (the shared command calls this, §8.6.4)."""
    refuse(why_not_religion_extra(tx.state, pay))
    maya_pay(tx, seat, {"grain": 1}, "religion")
    resume(tx, seat, [("maya_religion_step", pay)], rng)


@task("maya_ask_monk")
def _ask_monk(tx: Tx, seat: int, step: Task, rng: RandomSource) -> list[Task] | Ask:
    return Ask("maya_monk_reward") if monk_choices(tx.state) else []


MONK_CHOICES = ("draw_card", *(f"flip:{g}" for g in GOODS))


def why_not_monk_reward(state: State, choice: str) -> Why:
    maya = maya_of(state)
    if choice == "draw_card" and maya.deck or choice.startswith("flip:") and maya.empty_of(choice[5:]) > 0:
        return None
    return ("maya.bad_reward", _("Draw a card (the deck is not empty) or fill one of your empty tokens."))


def monk_choices(state: State) -> list[str]:
    return [c for c in MONK_CHOICES if why_not_monk_reward(state, c) is None]


@commands.command("maya_monk_reward")
def _maya_monk_reward(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    fields(action, ("choice",))
    choice = one_of(action, "choice", MONK_CHOICES)
    refuse(why_not_decision(tx.state, seat, ("maya_monk_reward",)))
    refuse(why_not_monk_reward(tx.state, choice))
    if choice == "draw_card":
        draw(tx, seat, 1, "monk")
    else:
        maya_gain(tx, seat, {choice[5:]: 1}, "monk")
    resume(tx, seat, [], rng)


def monk_actions(state: State, seat: int) -> list[Action]:
    return [{"type": "maya_monk_reward", "choice": c} for c in monk_choices(state)]


# -- the vault (§8.6.4) --------------------------------------------------------------------------------


@evolves("VaultGoldAdded")
def _vault_added(state: State, fact: Fact) -> State:
    state = with_maya(state, vault=maya_of(state).vault + fact["gold"])
    if "from_seat" in fact:  # a colonist's gold given to the Maya in a trade (§11 A-43)
        p = state.players[fact["from_seat"]]
        state = with_player(state, fact["from_seat"], goods=put(p.goods, C.resources.index("gold"), p.good("gold") - fact["gold"]))
    return state


@evolves("VaultGoldTaken")
def _vault_taken(state: State, fact: Fact) -> State:
    state = with_maya(state, vault=maya_of(state).vault - fact["gold"])
    p = state.players[fact["seat"]]
    return with_player(state, fact["seat"], goods=put(p.goods, C.resources.index("gold"), p.good("gold") + fact["gold"]))
