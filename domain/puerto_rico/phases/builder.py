"""The builder phase (§4.3): prices, what may be built, the university, the 12th city space; with
New Buildings (§2.4) forests, the church and the black market; with Nobles (§2.5) the
construction office. The builder's privilege is a doubloon off.

Section numbers (§) refer to the rules page `shared/rules/puerto-rico.md`.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from domain.core import Action, Fact, RandomSource
from domain.core.commands import Why, fields, flag, named, refuse, reject
from domain.core.facts import Tx
from domain.core.words import Citation

from ..common import (
    PIECES,
    auto_pass,
    award,
    check_vp_trigger,
    colonist_source,
    default_piece,
    from_source,
    good_of,
    move_worker,
    paper_vp,
    passed,
    phase_ended,
    piece,
    piece_fields,
    piece_of,
    pieces_at,
    privilege,
    target,
    targets,
)
from ..components import (
    BASE_KINDS,
    BLACK_MARKET,
    BUILDING_INDEX,
    BUILDINGS,
    CATALOG,
    CHURCH,
    CHURCH_VP,
    CIRCLES,
    CITY_SPACES,
    COLUMN,
    CONSTRUCTION_OFFICE,
    COST,
    FORESTS_PER_DOUBLOON,
    GOOD_INDEX,
    GOODS,
    ISLAND_SPACES,
    QUARRY,
    SIZE,
    UNIVERSITY,
)
from ..i18n import _, building_lower, good
from ..i18n import piece as piece_name
from ..i18n import spot as spot_name
from ..stages import turn_changes
from ..state import (
    BLACK_MARKET_STEP,
    BUILD,
    Player,
    State,
    Step,
    _set,
    _update,
    add,
    owned,
    put,
    set_player,
)
from ..tables import automatic, commands, evolves, offered, offers
from .guests import guest_ok

# The rules-page section each fact of this module cites (`replay why`; `sections.py` gathers them).
CITES: dict[str, Citation] = {
    "BuildingBuilt": "4.3",
    "BlackMarketUsed": "2.4",
    "BlackMarketPaid": "2.4",
}


def discounts(s: State, seat: int) -> tuple[tuple[int, ...], int]:
    """§4.3 step 4, what `seat` takes off the cost of a building: (by the building's column 1-4,
    his occupied quarries up to the column and the construction office (Nobles: occupied by a
    colonist 1 off columns 1-3, by a noble 2 off column 4); off every building, the builder's
    privilege and 1 per 2 forests (New Buildings)). The price is the cost less these, at least
    0 (`build_options`)."""
    pl = s.players[seat]
    by_column = _QUARRIES_UP_TO_COLUMN[pl.manned[QUARRY]]
    flat = privilege(s, seat)
    if s.config.expansions:
        flat += (sum(pl.forests) + sum(pl.hidden_forests)) // FORESTS_PER_DOUBLOON  # (`pl.forest_count`, without its property call)
        if s.config.nobles and pl.buildings[CONSTRUCTION_OFFICE] > 0:
            office = _NOBLE_OFFICE if pl.building_nobles[CONSTRUCTION_OFFICE] > 0 else _COLONIST_OFFICE
            by_column = tuple([q + o for q, o in zip(by_column, office, strict=True)])
    return by_column, flat


# §4.3 step 4 as tables (read once per list of options, not computed per building): the
# occupied quarries that count, by their number and the building's column (index 1-4) ...
_QUARRIES_UP_TO_COLUMN = tuple(tuple(min(q, column) for column in range(5)) for q in range(ISLAND_SPACES + 1))
# ... and the construction office's discount by column.
_COLONIST_OFFICE = (0, 1, 1, 1, 0)
_NOBLE_OFFICE = (0, 0, 0, 0, 2)


def bm_categories(pl: Player) -> int:
    """How many different kinds of item a black market owner can give (§2.4): a worker other
    than the black market's own, a good, a VP."""
    return (1 if pl.workers - 1 >= 1 else 0) + (1 if any(pl.goods) else 0) + (1 if pl.vp >= 1 else 0)


def build_options(s: State, seat: int, only: int | None = None) -> Iterator[tuple[int, int, str | None]]:
    """§4.3, the one place the rules of a build are written: (building, price, fault) for `seat`
    now. The fault is None when the player may build it paying in full, else the code of the
    first rule it breaks: a copy left in the supply (`sold_out`), each building once
    (`already_owned`), room among the 12 city spaces, a large building taking 2 (`no_space`),
    at most `max_large_buildings` large ones (§10 A22, `too_many_large`), the price (cost less
    the `discounts`, at least 0) within his doubloons (`cannot_afford`).

    Without `only`: lazily, in catalog order, every building `seat` may build (so "has options"
    stops at the first), `cannot_afford` only where the black market covers the shortfall
    (`why_not_black_market`). With `only`: that building's row, whatever it breaks. The
    player's city and discounts are counted once, not per building (the hot loop of every
    builder phase)."""
    pl = s.players[seat]
    supply, money = s.building_supply, pl.doubloons
    _owned, _used, spaces, large = owned(pl.buildings)  # (`pl.city`, without its property call)
    room = CITY_SPACES - spaces
    large_full = large >= s.config.max_large_buildings
    prices, within = _prices(*discounts(s, seat))
    black_market = only is None and black_market_open(s, pl)
    if only is None and not black_market:
        # (a listing without an open black market never shows a building he cannot pay, whatever
        # else it breaks: only those within his doubloons are looked at, in catalog order; the
        # rules below in one test, as only the buildings without a fault are listed)
        owners, known = pl.buildings, len(supply)  # (a base game's rows are shorter than the catalog)
        for b in within[min(money, len(within) - 1)]:
            if b >= known:
                break
            if supply[b] > 0 and owners[b] < 0 and SIZE[b] <= room and not (SIZE[b] == 2 and large_full):
                yield b, prices[b], None
        return
    if only is None:  # every building: its copies left, its workers (-1 not owned), size and price
        # (a base game's rows are shorter than the catalog's SIZE and prices)
        rows: Iterable[tuple[int, int, int, int, int]] = zip(range(len(supply)), supply, pl.buildings, SIZE, prices, strict=False)
    else:
        rows = ((only, supply[only], pl.buildings[only], SIZE[only], prices[only]),)
    for b, left, workers, size, p in rows:
        if left <= 0:
            fault: str | None = "builder.sold_out"
        elif workers >= 0:
            fault = "builder.already_owned"
        elif size > room:
            fault = "builder.no_space"
        elif size == 2 and large_full:
            fault = "builder.too_many_large"
        elif p > money:
            fault = "builder.cannot_afford"
        else:
            fault = None
        if fault is None or only is not None:
            yield b, p, fault
        elif fault == "builder.cannot_afford" and black_market and why_not_black_market(s, pl, b, p) is None:
            yield b, p, fault  # (a shortfall is listed only where the black market covers it)


def _prices(by_column: tuple[int, ...], flat: int) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]:
    """§4.3 step 4: every building's price with these `discounts` (its cost less the quarries of
    its column and the flat discounts, at least 0), and by doubloons (0 up to the dearest price)
    the buildings priced within them, in catalog order. Remembered per discount (a handful of
    pairs in any game): the listing reads a price per building instead of computing it, and
    looks only at the buildings a player can pay."""
    known = _PRICES.get((by_column, flat))
    if known is None:
        prices = tuple([max(0, c - by_column[col] - flat) for c, col in zip(COST, COLUMN, strict=True)])
        within = tuple(tuple([b for b, p in enumerate(prices) if p <= money]) for money in range(max(prices) + 1))
        known = _PRICES[by_column, flat] = (prices, within)
    return known


_PRICES: dict[tuple[tuple[int, ...], int], tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]] = {}


def price(s: State, seat: int, b: int) -> int:
    """What `seat` pays for `b` now (§4.3 step 4, `build_options`)."""
    return next(build_options(s, seat, b))[1]


def why_not_build(s: State, seat: int, b: int, black_market: bool = False) -> Why:
    """Why `seat` cannot build `b` now, paying in full or with a black-market shortfall."""
    return build_check(s, seat, b, black_market)[0]


def build_check(s: State, seat: int, b: int, black_market: bool) -> tuple[Why, int]:
    """(why not, price): the fault `build_options` finds for `b`, in words, and its price."""
    _b, p, fault = next(build_options(s, seat, b))
    if fault == "builder.cannot_afford" or (fault is None and black_market):
        pl = s.players[seat]
        if black_market:
            return why_not_black_market(s, pl, b, p), p
        return ("builder.cannot_afford", _("The {building} costs you {price} doubloons; you have {money}.",
                                           building=_name(b), price=p, money=pl.doubloons)), p
    if fault == "builder.sold_out":
        return (fault, _("There is no {building} left to build.", building=_name(b))), p
    if fault == "builder.already_owned":
        return (fault, _("You already own a {building}; each building only once.", building=_name(b))), p
    if fault == "builder.no_space":
        return (fault, _("Your city has no room for the {building}.", building=_name(b))), p
    if fault == "builder.too_many_large":
        return (fault, _("Your city holds at most {n} large buildings.", n=s.config.max_large_buildings)), p
    return None, p


def _name(b: int) -> str:
    return building_lower(BUILDINGS[b].id)


def black_market_open(s: State, pl: Player) -> bool:
    return bool(s.config.new_buildings) and pl.occ(BLACK_MARKET)


def why_not_black_market(s: State, pl: Player, b: int, p: int) -> Why:
    """§2.4 black market: up to 3 doubloons short of the price `p` of `b`, one different item
    per doubloon."""
    if not black_market_open(s, pl):
        return "builder.no_black_market", _("You need an occupied black market to cover a shortfall.")
    short = p - pl.doubloons
    if short <= 0:
        return "builder.no_shortfall", _("You can pay the {building} ({price}) yourself; the black market only covers "
                                          "money you lack.", building=_name(b), price=p)
    if short > 3:
        return "builder.shortfall_too_large", _("The black market covers at most 3 doubloons; you lack {n}.", n=short)
    if short > bm_categories(pl):
        return "builder.black_market_short", _("You lack {n} doubloons but cannot give {n} different items.", n=short)
    return None


@offers(Step.BUILD)
def _builder_actions(s: State, seat: int) -> list[Action]:
    pl = s.players[seat]
    university = pl.occ(UNIVERSITY) and colonist_source(s) is not None
    acts: list[Action] = []
    for b, _price, fault in build_options(s, seat):
        act: Action = {"type": "build", "building": CATALOG[b]}
        if fault is not None:  # a shortfall the black market covers
            act["black_market"] = True
        acts.append(act)
        # (a guest may still occupy the university while a black-market payment is made)
        if CIRCLES[b] > 0 and (pl.owns(UNIVERSITY) if fault is not None else university):
            acts.append({**act, "university": False})
    acts.append({"type": "pass"})
    return acts


@automatic(Step.BUILD)
def _builder_auto(tx: Tx, rng: RandomSource) -> bool:
    s = tx.state
    if s.config.expansions and guest_ok(s, s.turn):
        return False
    options = _builder_actions(s, s.turn)
    if len(options) > 1:  # more than `pass`: listed once, for the listing that follows (`offered`)
        return offered(s, options)
    return auto_pass(tx)


@commands.command("pass", Step.BUILD)
def _pass(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    fields(action)
    passed(tx, seat)


@commands.command("build", Step.BUILD)
def _build(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    s = tx.state
    fields(action, ("building",), ("university", "black_market") if s.config.expansions else ("university",))
    name = named(action, "building")
    known = len(BUILDINGS) if s.config.expansions else BASE_KINDS
    if BUILDING_INDEX.get(name, known) >= known:
        reject("builder.unknown_building", _("There is no building {name!r} in this game.", name=name))
    use_university = flag(action, "university", True)
    black = flag(action, "black_market", False)
    b = BUILDING_INDEX[name]
    why, paid = build_check(s, seat, b, black)
    refuse(why)
    if black:
        short = paid - s.players[seat].doubloons
        keep = use_university or not s.players[seat].owns(UNIVERSITY)  # without one the flag means nothing
        tx.emit({"t": "BlackMarketUsed", "seat": seat, "building": name, "shortfall": short, "university": keep})
        return
    _complete_build(tx, seat, b, paid, use_university, 0)


def _complete_build(tx: Tx, seat: int, b: int, paid: int, use_university: bool, black: int) -> None:
    s = tx.state
    pl = s.players[seat]
    # §2.3 University: one colonist onto the new building, from the supply, else the ship
    # (checked after any black-market return, §10 A15).
    source = colonist_source(s) if use_university and pl.occ(UNIVERSITY) and CIRCLES[b] > 0 else None
    fact: Fact = {"t": "BuildingBuilt", "seat": seat, "building": CATALOG[b], "price": paid, "university": source}
    if black:
        fact["black_market"] = black
    church = CHURCH_VP[COLUMN[b] - 1] if s.config.new_buildings and pl.occ(CHURCH) and b != CHURCH else 0
    if church:
        fact["church"] = church  # §2.4 church: 0/1/1/2 VP by column (§10 A37)
    tx.emit(fact)
    if church:
        check_vp_trigger(tx)
    # §5.1.2 / §10 A38: the 12th city space is filled.
    if tx.state.players[seat].city_spaces >= 12 and "city" not in tx.state.end_reasons:
        tx.emit({"t": "GameEndTriggered", "reason": "city", "seat": seat})


@evolves("BuildingBuilt")
def _building_built(s: State, f: Fact) -> State:
    seat, b, source = f["seat"], BUILDING_INDEX[f["building"]], f["university"]
    pl = s.players[seat]
    pl = _set(pl, doubloons=pl.doubloons - f["price"], buildings=put(pl.buildings, b, 1 if source else 0))
    supply = s.vp_supply
    if source == "ship_noble":
        pl = _set(pl, building_nobles=put(pl.building_nobles, b, 1))
    church = f.get("church", 0)
    if church:
        pl, supply = award(s, pl, church)
    if s.step == BLACK_MARKET_STEP:
        s = _set(s, step=BUILD, bm_building=-1, bm_left=0, bm_given=(), bm_university=True)
    return _update(
        s,
        {
            "players": set_player(s, seat, pl),
            "building_supply": add(s.building_supply, b, -1),
            "vp_supply": supply,
            **from_source(s, source),
            **turn_changes(s),
        },
    )


@automatic(Step.BUILDER_END)
def _builder_end(tx: Tx, rng: RandomSource) -> bool:
    return phase_ended(tx)


# -- the black market (§2.4, New Buildings): one worker, one good, one VP per doubloon short ------


def why_not_give(s: State, pl: Player, item: str, source: Any = None, kind: Any = "colonist") -> Why:
    """§2.4 black market: one item of each category per doubloon short: a worker (`kind`, from
    the tile or building `source` or the windrose, not from the black market itself), a good (of
    kind `source`) or a VP."""
    if item in s.bm_given:
        return "builder.black_market_one_each", _("Give at most one worker, one good and one VP.")
    if item == "good":
        if pl.goods[source] <= 0:
            return "builder.no_good", _("You have no {good} to give.", good=good(GOODS[source]))
        return None
    if item == "vp":
        return None if pl.vp >= 1 else ("builder.no_vp", _("You have no VP to give."))
    if source == "black_market":
        return "builder.black_market_own_worker", _("The worker on the black market cannot pay for it.")
    if source == "windrose":
        workers = pl.windrose
    else:
        spot = target(pl, source)
        if spot is None:
            return "builder.unknown_source", _("You have no plantation, quarry or building {name!r}.", name=source)
        workers = spot[0]
    if kind not in pieces_at(pl, source, workers):
        return "builder.no_worker_there", _("There is no {piece} on your {spot}.", piece=piece_name(kind), spot=spot_name(source))
    return None


@offers(Step.BLACK_MARKET)
def _black_market_actions(s: State, seat: int) -> list[Action]:
    pl = s.players[seat]
    sources = [name for name, _w, _c in targets(pl)] + ["windrose"]
    acts: list[Action] = [
        {"type": "black_market_worker", "from": name, **piece(s, p)}
        for name in sources
        for p in PIECES
        if why_not_give(s, pl, "worker", name, p) is None
    ]
    acts.extend({"type": "black_market_good", "good": GOODS[g]} for g in range(5) if why_not_give(s, pl, "good", g) is None)
    if why_not_give(s, pl, "vp") is None:
        acts.append({"type": "black_market_vp"})
    return acts


@automatic(Step.BLACK_MARKET)
def _black_market_paid_in_full(tx: Tx, rng: RandomSource) -> bool:
    s = tx.state
    if s.bm_left > 0:
        return False
    pl = s.players[s.turn]
    _complete_build(tx, s.turn, s.bm_building, pl.doubloons, s.bm_university, len(s.bm_given))
    return True


@commands.command("black_market_worker", Step.BLACK_MARKET)
def _black_market_worker(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    s = tx.state
    fields(action, ("from",), piece_fields(s))
    pl = s.players[seat]
    name = named(action, "from")
    kind = piece_of(action, default_piece(pl, name))
    refuse(why_not_give(s, pl, "worker", name, kind))
    tx.emit({"t": "BlackMarketPaid", "seat": seat, "item": "worker", "from": name, **piece(s, kind)})


@commands.command("black_market_good", Step.BLACK_MARKET)
def _black_market_good(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    fields(action, ("good",))
    g = good_of(action)
    s = tx.state
    refuse(why_not_give(s, s.players[seat], "good", g))
    tx.emit({"t": "BlackMarketPaid", "seat": seat, "item": "good", "good": GOODS[g]})


@commands.command("black_market_vp", Step.BLACK_MARKET)
def _black_market_vp(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    fields(action)
    s = tx.state
    refuse(why_not_give(s, s.players[seat], "vp"))
    # a chip goes back to the supply; once the chips ran out a "paper" VP is struck out (§10 A8)
    tx.emit({"t": "BlackMarketPaid", "seat": seat, "item": "vp", "to_supply": paper_vp(s) == 0})


@evolves("BlackMarketUsed")
def _black_market_used(s: State, f: Fact) -> State:
    return _set(
        s,
        step=BLACK_MARKET_STEP,
        bm_building=BUILDING_INDEX[f["building"]],
        bm_left=f["shortfall"],
        bm_given=(),
        bm_university=f["university"],
    )


@evolves("BlackMarketPaid")
def _black_market_paid(s: State, f: Fact) -> State:
    # §2.4 black market: one worker, one good or one VP goes back to its supply.
    seat, item = f["seat"], f["item"]
    pl = s.players[seat]
    changes: dict[str, Any] = {}
    if item == "worker":
        noble = f.get("piece") == "noble"
        source = f["from"]
        if source != "windrose":
            pl = move_worker(pl, source, -1, noble)  # onto the windrose ...
        pl = _set(pl, windrose=pl.windrose - 1)  # ... and off it
        if noble:
            pl = _set(pl, windrose_nobles=pl.windrose_nobles - 1)
            changes["noble_supply"] = s.noble_supply + 1
        else:
            changes["colonist_supply"] = s.colonist_supply + 1
    elif item == "good":
        g = GOOD_INDEX[f["good"]]
        pl = _set(pl, goods=add(pl.goods, g, -1))
        changes["goods"] = add(s.goods, g, 1)
    else:
        pl = _set(pl, vp=pl.vp - 1)
        if f["to_supply"]:  # a chip; a "paper" VP is simply struck out (§10 A8)
            changes["vp_supply"] = s.vp_supply + 1
    return _update(s, {"players": set_player(s, seat, pl), "bm_left": s.bm_left - 1, "bm_given": (*s.bm_given, item), **changes})
