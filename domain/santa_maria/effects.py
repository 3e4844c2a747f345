"""Building activation effects (rules page §3): production, trade, sea trade, conquistador,
religion, monks and blue dice — the tasks of a main action's agenda and the decisions they ask."""

from __future__ import annotations

from domain.core import Action, Fact, RandomSource
from domain.core.commands import Why, fields, malformed, one_of, refuse
from domain.core.facts import Tx

from . import goods, kingdoms
from .components import C
from .flow import Ask, resume, task, why_not_decision
from .goods import _open, gain, gain_blue_die, held_payments, parse_pay, valid_payment
from .i18n import _, ngettext
from .maya import hooks as maya
from .maya import religion as maya_religion
from .scholars import has_scholar
from .state import (
    State,
    Task,
    add_goods,
    commands,
    evolves,
    index,
    put,
    replace,
    with_player,
)

Cell = tuple[int, int]


def _cell_field(action: Action, key: str = "cell") -> Cell:
    value = action[key]
    if type(value) is not list or len(value) != 2 or not all(type(v) is int and 1 <= v <= 6 for v in value):
        raise malformed(f"{key!r} must be [row, column], each from 1 to 6.")
    return value[0], value[1]


# -- activating a building (§3.1) ----------------------------------------------------------------


@task("activate")
def _activate(tx: Tx, seat: int, step: Task, rng: RandomSource) -> list[Task]:
    _skip, r, c, by = step
    tx.emit({"t": "BuildingActivated", "seat": seat, "cell": [r, c], "by": by})
    return effects_of(tx.state, seat, r, c)


def effects_of(state: State, seat: int, r: int, c: int) -> list[Task]:
    """Every effect of the building, in order ("a+b" resolves a, then b)."""
    return [("effect", e, r, c) for e in C.effects_of(state.players[seat].grid[index(r, c)])]


@task("effect")
def _effect(tx: Tx, seat: int, step: Task, rng: RandomSource) -> list[Task] | Ask:
    _skip, effect, r, c = step
    data = C.effects[effect]
    category = data["category"]
    if category == "production":  # §3.2
        gain(tx, seat, data["gain"], f"building:{r},{c}")
        return []
    if category == "trade":  # §3.3: asked even when the player cannot pay (§2.3)
        return Ask("trade", {"cell": [r, c], "effect": effect})
    if category == "sea_trade":
        return [("sea_trade",)]
    if category == "conquistador":
        return [("conquistador",)]
    return [("religion",)]


# -- trade (§3.3) ----------------------------------------------------------------------------------


def trade_cost(effect: str, option: int) -> dict[str, int]:
    return dict(C.effects[effect]["options"][option]["pay"])


def why_not_trade(state: State, seat: int, option: int, pay: dict[str, int]) -> Why:
    pending = state.pending
    assert pending is not None and pending.effect is not None
    if not 0 <= option < len(C.effects[pending.effect]["options"]):
        return ("trade.bad_option", _("That building has no such exchange."))
    if not valid_payment(state, seat, trade_cost(pending.effect, option), pay):
        return ("trade.cannot_pay", _("You cannot pay for that exchange that way."))
    return None


@commands.command("trade")
def _trade(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    fields(action, ("option",), ("pay",))
    option = action["option"]
    if option is not None and (type(option) is not int or not 0 <= option <= 9):
        raise malformed("'option' must be the number of an exchange (0 = the first) or null.")
    if option is None and "pay" in action:
        raise malformed("A declined trade takes no 'pay'.")
    if option is not None and "pay" not in action:
        raise malformed("A trade needs a 'pay' field.")
    pay = parse_pay(action, coins=True) if option is not None else {}
    refuse(why_not_decision(tx.state, seat, ("trade",)))
    if option is None:
        tx.emit({"t": "Declined", "seat": seat, "decision": "trade"})
        resume(tx, seat, [], rng)
        return
    refuse(why_not_trade(tx.state, seat, option, pay))
    pending = tx.state.pending
    assert pending is not None and pending.effect is not None and pending.cell is not None
    r, c = pending.cell
    tx.emit({"t": "TradeMade", "seat": seat, "cell": [r, c], "option": option})
    goods.pay(tx, seat, pay, "trade")
    gain(tx, seat, C.effects[pending.effect]["options"][option]["gain"], f"trade:{r},{c}")
    resume(tx, seat, [], rng)


def trade_actions(state: State, seat: int) -> list[Action]:
    pending = state.pending
    assert pending is not None and pending.effect is not None
    out: list[Action] = [{"type": "trade", "option": None}]
    for option in range(len(C.effects[pending.effect]["options"])):
        for pay in held_payments(state, seat, trade_cost(pending.effect, option)):
            out.append({"type": "trade", "option": option, "pay": pay})
    return out


# -- sea trade (§3.4) -------------------------------------------------------------------------------


@task("sea_trade")
def _sea_trade(tx: Tx, seat: int, step: Task, rng: RandomSource) -> list[Task] | Ask:
    if any(tx.state.board_docks) or tx.state.special_dock:  # expansion: or the special dock (§8.1)
        return Ask("ship")
    return []  # no tile anywhere: nothing to do (§11 A-59)


def why_not_ship(state: State, seat: int, source: str, pay: dict[str, int], dock: str | None = None) -> Why:
    tile = kingdoms.ship_tile(state, source)
    if tile is None:
        return ("ship.no_tile",
                _("The special dock holds no sea-trade tile.") if source == "special" else _("That dock of the main board holds no sea-trade tile."))
    if state.expansion and (why := kingdoms.why_not_dock(state, seat, source, dock)):  # §3.4 check 2, §8.1
        return why
    if not valid_payment(state, seat, C.ship_cost[tile], pay):
        return ("ship.cannot_pay", _("You cannot pay that tile's cost that way."))
    return None


@commands.command("ship")
def _ship(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    expansion = bool(tx.state.expansion)  # the special dock and a dock for its tile (§8.1)
    fields(action, ("source",), ("pay", "dock") if expansion else ("pay",))
    source = action["source"]
    if source is not None:
        source = one_of(action, "source", (*C.docks, "special") if expansion else C.docks)
        if "pay" not in action:
            raise malformed("Taking a sea-trade tile needs a 'pay' field.")
    elif "pay" in action or "dock" in action:
        raise malformed("A declined sea trade takes no 'pay' and no 'dock'.")
    dock = one_of(action, "dock", C.docks) if "dock" in action else None
    pay = parse_pay(action, coins=expansion, cocoa=expansion) if source is not None else {}
    refuse(why_not_decision(tx.state, seat, ("ship",)))
    if source is None:
        tx.emit({"t": "Declined", "seat": seat, "decision": "ship"})
        resume(tx, seat, [], rng)
        return
    refuse(why_not_ship(tx.state, seat, source, pay, dock))
    tile = kingdoms.ship_tile(tx.state, source)
    goods.pay(tx, seat, pay, "ship")
    tx.emit({"t": "ShipTaken", "seat": seat, "tile": tile, "from": source, "to_dock": dock or source, "paid": pay})
    if source == "special":  # refilled from the special stack (§8.1)
        kingdoms.refill_special(tx)
    else:
        deck = tx.state.ship_deck
        tx.emit({"t": "DockRefilled", "dock": source, "tile": deck[0] if deck else None})
    resume(tx, seat, [], rng)


def ship_actions(state: State, seat: int) -> list[Action]:
    out: list[Action] = [{"type": "ship", "source": None}]
    for dock, tile in zip(C.docks, state.board_docks, strict=True):
        if tile is not None:
            out += [{"type": "ship", "source": dock, "pay": p} for p in held_payments(state, seat, C.ship_cost[tile])]
    if state.special_dock:  # §8.1: the special tile, to an allowed dock
        out += [{"type": "ship", "source": "special", "pay": p, "dock": d} for p in held_payments(state, seat, C.ship_cost[state.special_dock])
                for d in kingdoms.allowed_docks(state, seat)]
    return out


@evolves("ShipTaken")
def _ship_taken(state: State, fact: Fact) -> State:
    d = C.docks.index(fact["to_dock"])
    p = state.players[fact["seat"]]
    state = with_player(state, fact["seat"], docks=put(p.docks, d, (*p.docks[d], fact["tile"])))
    if fact["from"] == "special":
        return kingdoms.special_ship_taken(state, fact)
    return replace(state, board_docks=put(state.board_docks, C.docks.index(fact["from"]), None))


@evolves("DockRefilled")
def _dock_refilled(state: State, fact: Fact) -> State:
    tile = fact["tile"]
    if fact["dock"] == "special":
        return kingdoms.special_dock_refilled(state, fact)
    docks = put(state.board_docks, C.docks.index(fact["dock"]), tile)
    return replace(state, board_docks=docks, ship_deck=state.ship_deck[1:] if tile is not None else state.ship_deck)


# -- conquistador (§3.5) ---------------------------------------------------------------------------


def conquistador_step(tx: Tx, seat: int) -> bool:
    """One step on the track; False at its end (no effect until the year ends)."""
    state = tx.state
    pos = state.players[seat].conquistador
    if pos >= C.conquistador_end:
        tx.emit({"t": "ConquistadorBlocked", "seat": seat})
        return False
    below = sum(1 for s, p in enumerate(state.players) if s != seat and p.conquistador == pos + 1)
    tx.emit({"t": "ConquistadorAdvanced", "seat": seat, "from": pos, "to": pos + 1, "stack_index": below})
    if pos + 1 in C.gold_symbols:
        tx.emit({"t": "GoldFound", "seat": seat})
        if not maya.guarded(tx.state, pos + 1):  # §8.6.4: a symbol the Maya crossed first gives nothing
            gain(tx, seat, {"gold": 1}, "conquistador")
    return True


@task("conquistador")
def _conquistador(tx: Tx, seat: int, step: Task, rng: RandomSource) -> list[Task] | Ask:
    moved = conquistador_step(tx, seat)
    if moved and has_scholar(tx.state, seat, "SCH_STRATEGY") and tx.state.players[seat].conquistador < C.conquistador_end:
        return Ask("conquistador_extra")
    return []


@commands.command("conquistador_extra")
def _conquistador_extra(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    fields(action, ("pay",))
    pay = action["pay"]
    if pay is not None:
        one_of(action, "pay", ("coins",))
    refuse(why_not_decision(tx.state, seat, ("conquistador_extra",)))
    if pay is None:
        tx.emit({"t": "Declined", "seat": seat, "decision": "conquistador_extra"})
    else:
        refuse(None if tx.state.players[seat].coins >= 1 else ("conquistador.cannot_pay", _("The extra step costs 1 coin.")))
        tx.emit({"t": "CoinsPaid", "seat": seat, "coins": 1, "for": "conquistador"})
        conquistador_step(tx, seat)
    resume(tx, seat, [], rng)


@evolves("ConquistadorAdvanced")
def _conquistador_advanced(state: State, fact: Fact) -> State:
    state = replace(state, stamp=state.stamp + 1)
    return with_player(state, fact["seat"], conquistador=fact["to"], conquistador_stamp=state.stamp)


@evolves("ConquistadorBlocked", "GoldFound", "Declined", "TradeMade", "BuildingActivated")
def _nothing(state: State, fact: Fact) -> State:
    return state  # the facts that follow carry the changes


# -- religion (§3.6), blue dice (§3.8), monks (§3.7) ------------------------------------------------


@task("religion")
def _religion(tx: Tx, seat: int, step: Task, rng: RandomSource) -> list[Task]:
    return [("religion_step", None), ("ask_religion_extra",)]


@task("religion_step")
def _religion_step(tx: Tx, seat: int, step: Task, rng: RandomSource) -> list[Task]:
    player = tx.state.players[seat]
    pos = player.religion
    if pos >= C.religion_end:  # past the end, each step is 1 VP (§3.6)
        tx.emit({"t": "ReligionOverflowScored", "seat": seat, "vp": 1, **_open(tx.state)})
        return []
    tx.emit({"t": "ReligionAdvanced", "seat": seat, "from": pos, "to": pos + 1, "paid": step[1]})
    after: list[Task] = []
    if pos + 1 in C.blue_die_symbols:
        gain_blue_die(tx, seat, rng)
    if pos + 1 in C.monk_symbols and tx.state.players[seat].monks > 0:
        after.append(("ask_monk",))
    return after


@evolves("ReligionAdvanced")
def _religion_advanced(state: State, fact: Fact) -> State:
    return with_player(state, fact["seat"], religion=fact["to"])


@task("ask_religion_extra")
def _ask_religion_extra(tx: Tx, seat: int, step: Task, rng: RandomSource) -> Ask:
    return Ask("religion_extra")  # asked even when the player cannot pay (§2.3, SM-EX-51)


def why_not_religion_extra(state: State, seat: int, pay: str) -> Why:
    if state.maya is not None and state.maya.seat == seat:  # the Maya pays a full grain token (§8.6.4)
        return maya_religion.why_not_religion_extra(state, pay)
    p = state.players[seat]
    if pay == "grain" and p.good("grain") >= 1 or pay == "gold" and p.good("gold") >= 1:
        return None
    if pay == "coins" and has_scholar(state, seat, "SCH_THEOLOGY") and p.coins >= 2:
        return None
    return ("religion.cannot_pay", _("The extra step costs 1 grain, 1 gold, or 2 coins with Theology."))


@commands.command("religion_extra")
def _religion_extra(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    fields(action, ("pay",))
    pay = action["pay"]
    if pay is not None:
        pay = one_of(action, "pay", ("grain", "gold", "coins"))
    refuse(why_not_decision(tx.state, seat, ("religion_extra",)))
    if pay is None:
        tx.emit({"t": "Declined", "seat": seat, "decision": "religion_extra"})
        resume(tx, seat, [], rng)
        return
    refuse(why_not_religion_extra(tx.state, seat, pay))
    if tx.state.maya is not None and tx.state.maya.seat == seat:
        return maya_religion.religion_extra(tx, seat, pay, rng)  # §8.6.4
    goods.pay(tx, seat, {"coins": 2} if pay == "coins" else {pay: 1}, "religion")
    resume(tx, seat, [("religion_step", pay)], rng)


@task("ask_monk")
def _ask_monk(tx: Tx, seat: int, step: Task, rng: RandomSource) -> list[Task] | Ask:
    return Ask("place_monk") if tx.state.players[seat].monks > 0 else []


def monk_cost(state: State, seat: int, place: str) -> dict[int, int]:
    """2 coins to every other player already there; nothing with Diplomacy (§3.7)."""
    if has_scholar(state, seat, "SCH_DIPLOMACY"):
        return {}
    return {s: 2 for s in state.monk_places[state.places.index(place)] if s != seat}


def why_not_monk(state: State, seat: int, place: str) -> Why:
    if place not in state.places:
        return ("monk.bad_place", _("There is no monk place {place!r} in this game.", place=place))
    if seat in state.monk_places[state.places.index(place)]:
        return ("monk.already_there", _("You already have a monk there."))
    cost = sum(monk_cost(state, seat, place).values())
    if state.players[seat].coins < cost:
        return ("monk.cannot_pay",
                ngettext("You must pay 2 coins to each player already there ({n} coin).", "You must pay 2 coins to each player already there ({n} coins).", cost))
    return None


@commands.command("place_monk")
def _place_monk(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    fields(action, ("place",))
    place = action["place"]
    if place is not None and type(place) is not str:
        raise malformed("'place' must name a monk place, or be null.")
    refuse(why_not_decision(tx.state, seat, ("place_monk",)))
    if place is None:
        tx.emit({"t": "Declined", "seat": seat, "decision": "place_monk"})
        resume(tx, seat, [], rng)
        return
    refuse(why_not_monk(tx.state, seat, place))
    paid = monk_cost(tx.state, seat, place)
    tx.emit({"t": "MonkPlaced", "seat": seat, "place": place, "paid_to": [[s, n] for s, n in sorted(paid.items())]})
    for other, n in sorted(paid.items()):
        tx.emit({"t": "CoinsTransferred", "from": seat, "to": other, "coins": n})
    if C.place_kind[place] == "mission":
        gain(tx, seat, C.mission_gain[place], f"mission:{place}")
    resume(tx, seat, [], rng)


def monk_actions(state: State, seat: int) -> list[Action]:
    out: list[Action] = [{"type": "place_monk", "place": None}]
    coins = state.players[seat].coins  # why_not_monk's checks without their sentences: no monk of the seat there, the coins
    return out + [{"type": "place_monk", "place": place} for place, there in zip(state.places, state.monk_places, strict=True)
                  if seat not in there and coins >= sum(monk_cost(state, seat, place).values())]


@evolves("MonkPlaced")
def _monk_placed(state: State, fact: Fact) -> State:
    i = state.places.index(fact["place"])
    state = replace(state, monk_places=put(state.monk_places, i, (*state.monk_places[i], fact["seat"])))
    return with_player(state, fact["seat"], monks=state.players[fact["seat"]].monks - 1)


def religion_extra_actions(state: State, seat: int) -> list[Action]:
    out: list[Action] = [{"type": "religion_extra", "pay": None}]
    return out + [{"type": "religion_extra", "pay": p} for p in ("grain", "gold", "coins")
                  if why_not_religion_extra(state, seat, p) is None]


def conquistador_extra_actions(state: State, seat: int) -> list[Action]:
    out: list[Action] = [{"type": "conquistador_extra", "pay": None}]
    if state.players[seat].coins >= 1:
        out.append({"type": "conquistador_extra", "pay": "coins"})
    return out


__all__ = ["add_goods", "effects_of", "gain_blue_die"]
