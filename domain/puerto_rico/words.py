"""`describe(fact, viewer)`: every Puerto Rico fact in one sentence, in the rules page's words,
in the reader's language (the sentences and the components' names: i18n.py).

    >>> from domain.core.words import render
    >>> fact = {"t": "GoodsShipped", "seat": 0, "good": "corn", "ship": 1, "count": 3, "vp": 3}
    >>> render(describe(fact, 0), ["Ann", "Bob", "Cy"])
    'Ann ships 3 corn on the 2nd-smallest cargo ship: 3 VP.'

The fact is the one the viewer may see (`views.redact`): a face-down draw seen by another seat
has no kind, and its sentence names none ("Bob draws a face-down plantation"). Individual VP
awards are public (§7), running totals are not, so no sentence adds awards up. Facts name a
cargo ship by its place in the row (smallest first), not by its size: so do the sentences.
"""

from __future__ import annotations

from typing import Any

from domain.core import Fact, Viewer
from domain.core.words import Words, listing, ordinal, seat

from .i18n import (
    _,
    a,
    a_building,
    colonists,
    counted_goods,
    counted_plantations,
    doubloons,
    good,
    goods,
    goods_listed,
    ngettext,
    phase,
    piece,
    plantation,
    role,
    spot,
    the,
    the_building,
    vp,
    workers,
)

words = Words("Puerto Rico")
says = words.says
describe = words


def say_doubloons(n: int) -> str:
    return doubloons(n)


say_goods = goods_listed
say_counted = counted_goods


def _the_spot(name: str) -> str:
    return the(spot(name))


def _ship(ship: Any) -> str:
    if ship == "wharf":
        return _("the wharf")
    n = int(ship)
    return _("the smallest cargo ship") if n == 0 else _("the {nth}-smallest cargo ship", nth=ordinal(n + 1))


def _a_piece(p: str | None) -> str:
    worker = p if p in ("colonist", "noble") else "colonist"
    return a(worker, piece(worker))


def _from_source(source: str | None) -> str:
    """Where a hospice or university worker comes from."""
    if source == "supply":
        return _("a colonist from the supply")
    if source == "ship_noble":
        return _("a noble from the colonist ship")
    return _("a colonist from the colonist ship")


def say_auto(fact: Fact, sentence: str) -> str:
    """The sentence, said to have happened by itself where the fact says so."""
    return _("{sentence} (automatic).", sentence=sentence) if fact.get("auto") else _("{sentence}.", sentence=sentence)


# -- setup, roles, phases, rounds, the end --------------------------------------------------


def _expansion(e: str) -> str:
    if e == "new_buildings":
        return _("New Buildings")
    if e == "nobles":
        return _("Nobles")
    return e


@says("GameSetUp")
def _game_set_up(fact: Fact, viewer: Viewer) -> str:
    n = len(fact["starting_plantations"])
    expansions = [_expansion(e) for e in fact["config"]["expansions"]]
    values = {"n": n, "governor": seat(fact["governor"]), "money": doubloons(fact["doubloons"]),
              "ships": listing(str(c) for c in fact["cargo_ships"])}
    if expansions:
        return _("Puerto Rico for {n} players with {expansions} is set up: {governor} is the governor, everyone "
                 "starts with {money}, and the cargo ships hold {ships} goods.", expansions=listing(expansions), **values)
    return _("Puerto Rico for {n} players (base game) is set up: {governor} is the governor, everyone starts with "
             "{money}, and the cargo ships hold {ships} goods.", **values)


@says("PlantationsShuffled")
def _plantations_shuffled(fact: Fact, viewer: Viewer) -> str:
    n = len(fact["tiles"]) if "tiles" in fact else fact["count"]
    return _("The plantation tiles are shuffled into a face-down pile of {n}.", n=n)


@says("PlantationsDrawn")
def _plantations_drawn(fact: Fact, viewer: Viewer) -> str:
    tiles = fact["tiles"]
    return ngettext("New face-up plantation: {tiles}.", "New face-up plantations: {tiles}.", len(tiles),
                    tiles=counted_plantations(tiles))


@says("BuildingDrafted")
def _building_drafted(fact: Fact, viewer: Viewer) -> str:
    return ngettext("{who} drafts {building} into the game ({n} copy on the {slot}-doubloon slot).",
                    "{who} drafts {building} into the game ({n} copies on the {slot}-doubloon slot).",
                    fact["copies"], who=seat(fact["seat"]), building=the_building(fact["building"]), slot=fact["slot"])


@says("RoleSelected")
def _role_selected(fact: Fact, viewer: Viewer) -> str:
    who, card = seat(fact["seat"]), role(fact["role"])
    if fact["doubloons"]:
        return _("{who} takes the {role} role and the {money} on it.", who=who, role=card,
                 money=doubloons(fact["doubloons"]))
    return _("{who} takes the {role} role.", who=who, role=card)


@says("PhaseEnded")
def _phase_ended(fact: Fact, viewer: Viewer) -> str:
    return _("The {phase} phase ends.", phase=phase(fact["phase"]))


@says("RoundEnded")
def _round_ended(fact: Fact, viewer: Viewer) -> str:
    roles = [role(r) for r in fact["bonus_roles"]]
    if roles:
        return _("Round {n} ends: 1 doubloon goes onto each role nobody took ({roles}), and {governor} becomes the "
                 "governor.", n=fact["round"], roles=listing(roles), governor=seat(fact["governor"]))
    return _("Round {n} ends: {governor} becomes the governor.", n=fact["round"], governor=seat(fact["governor"]))


@says("GameEndTriggered")
def _game_end_triggered(fact: Fact, viewer: Viewer) -> str:
    reason = fact["reason"]
    if reason == "city" and "seat" in fact:
        why = _("{who} has filled the 12th city space", who=seat(fact["seat"]))
    elif reason == "city":
        why = _("a city is full")
    elif reason == "colonists":
        why = _("the colonist supply could not refill the colonist ship")
    elif reason == "vp":
        why = _("the VP chips have run out")
    else:
        why = str(reason)
    return _("The game will end after this round: {why}.", why=why)


@says("GameEnded")
def _game_ended(fact: Fact, viewer: Viewer) -> str:
    scores = listing(_("{who} {vp}", who=seat(i), vp=vp(v)) for i, v in enumerate(fact["scores"]))
    return _("The game is over; final scores: {scores}.", scores=scores)


@says("Passed")
def _passed(fact: Fact, viewer: Viewer) -> str:
    if fact.get("auto"):
        return _("{who} has nothing to do now in the {phase} phase and passes (automatic).", who=seat(fact["seat"]),
                 phase=phase(fact["phase"]))
    return _("{who} passes in the {phase} phase.", who=seat(fact["seat"]), phase=phase(fact["phase"]))


# -- guests (New Buildings) -------------------------------------------------------------------


@says("GuestDeployed")
def _guest_deployed(fact: Fact, viewer: Viewer) -> str:
    return _("{who} moves a guest ({piece}) from the guest house to {spot}.", who=seat(fact["seat"]),
             piece=piece(fact.get("piece")), spot=_the_spot(fact["to"]))


# -- settler -----------------------------------------------------------------------------------


def _with_hospice(sentence: str, source: str | None) -> str:
    """The sentence (without its full stop), and the hospice's worker if one came."""
    if source:
        return _("{sentence}, and the hospice puts {worker} on it.", sentence=sentence, worker=_from_source(source))
    return _("{sentence}.", sentence=sentence)


@says("HaciendaTileDrawn")
def _hacienda_tile_drawn(fact: Fact, viewer: Viewer) -> str:
    return _("{who} uses the hacienda and draws {plantation} from the face-down pile.", who=seat(fact["seat"]),
             plantation=_a_plantation(fact["kind"]))


def _a_plantation(kind: str) -> str:
    return a(kind, plantation(kind))


@says("HaciendaQuarryTaken")
def _hacienda_quarry_taken(fact: Fact, viewer: Viewer) -> str:
    return _("{who} uses the hacienda to take a quarry.", who=seat(fact["seat"]))


@says("PlantationTaken")
def _plantation_taken(fact: Fact, viewer: Viewer) -> str:
    return _with_hospice(_("{who} takes {plantation}", who=seat(fact["seat"]), plantation=_a_plantation(fact["kind"])),
                         fact["hospice"])


@says("QuarryTaken")
def _quarry_taken(fact: Fact, viewer: Viewer) -> str:
    return _with_hospice(_("{who} takes a quarry", who=seat(fact["seat"])), fact["hospice"])


@says("ForestTaken")
def _forest_taken(fact: Fact, viewer: Viewer) -> str:
    taken = _("{who} takes the face-up {plantation} and lays it face down as a forest", who=seat(fact["seat"]),
              plantation=plantation(fact["kind"]))
    if fact["hospice"]:
        return _("{sentence}; the hospice sends {worker} to the windrose.", sentence=taken,
                 worker=_from_source(fact["hospice"]))
    return _("{sentence}.", sentence=taken)


@says("TileDrawn")
def _tile_drawn(fact: Fact, viewer: Viewer) -> str:
    who = seat(fact["seat"])
    land_office = fact["source"] == "land_office"
    if "kind" not in fact:  # another seat's draw: its kind is hidden (§7)
        if land_office:
            return _("{who} draws a face-down plantation with the land office, for 1 doubloon.", who=who)
        return _("{who} draws a face-down plantation with the hacienda.", who=who)
    if land_office:
        return _("{who} draws a face-down plantation with the land office, for 1 doubloon: it is {kind} (only {who} "
                 "sees it).", who=who, kind=good(fact["kind"]))
    return _("{who} draws a face-down plantation with the hacienda: it is {kind} (only {who} sees it).", who=who,
             kind=good(fact["kind"]))


@says("DrawnTilePlaced")
def _drawn_tile_placed(fact: Fact, viewer: Viewer) -> str:
    who = seat(fact["seat"])
    if not fact["forest"]:
        return _("{who} places the drawn {plantation} face up.", who=who, plantation=plantation(fact["kind"]))
    if "kind" not in fact:  # a forest from a face-down draw: its kind is its owner's secret (§7)
        return _("{who} places the drawn tile face down as a forest.", who=who)
    return _("{who} places the drawn {plantation} face down as a forest (only {who} knows its kind).", who=who,
             plantation=plantation(fact["kind"]))


@says("LandOfficeBought")
def _land_office_bought(fact: Fact, viewer: Viewer) -> str:
    return _("{who} buys a face-down plantation with the land office for 1 doubloon: it is {kind}.",
             who=seat(fact["seat"]), kind=good(fact["kind"]))


@says("TileDiscarded")
def _tile_discarded(fact: Fact, viewer: Viewer) -> str:
    who = seat(fact["seat"])
    tile = (_("a forest ({kind})", kind=good(fact["kind"])) if fact["tile"] == "forest"
            else _a_plantation(fact["kind"]))
    if fact["by"] == "land_office":
        head = _("{who} sells {tile} to the land office for {money}", who=who, tile=tile,
                 money=doubloons(fact.get("doubloons", 1)))
    else:
        head = _("{who} discards {tile} with the hunting lodge", who=who, tile=tile)
    if fact.get("worker"):
        return _("{sentence}; the {piece} on it goes to the windrose.", sentence=head, piece=piece(fact["worker"]))
    return _("{sentence}.", sentence=head)


@says("HuntingLodgeRewarded")
def _hunting_lodge_rewarded(fact: Fact, viewer: Viewer) -> str:
    return _("{who}'s hunting lodge earns {vp} for the most empty island spaces.", who=seat(fact["seat"]),
             vp=vp(fact["vp"]))


@says("PlantationRowDiscarded")
def _plantation_row_discarded(fact: Fact, viewer: Viewer) -> str:
    return _("The face-up plantations nobody took ({tiles}) go to the discard pile.",
             tiles=counted_plantations(fact["tiles"]))


# -- mayor -------------------------------------------------------------------------------------


@says("MayorPrivilegeTaken")
def _mayor_privilege_taken(fact: Fact, viewer: Viewer) -> str:
    who, n = seat(fact["seat"]), fact["colonists"]
    if n == 0:
        return say_auto(fact, _("The colonist supply is empty: {who} gets no extra colonist as mayor", who=who))
    return _("{who} takes {colonists} from the supply (the mayor's privilege).", who=who, colonists=colonists(n))


@says("VillaUsed")
def _villa_used(fact: Fact, viewer: Viewer) -> str:
    return _("{who}'s villa brings {piece} from the supply to the windrose.", who=seat(fact["seat"]),
             piece=_a_piece(fact["piece"]))


@says("PieceTaken")
def _piece_taken(fact: Fact, viewer: Viewer) -> str:
    return _("{who} takes {piece} from the colonist ship.", who=seat(fact["seat"]), piece=_a_piece(fact["piece"]))


@says("ColonistsDistributed")
def _colonists_distributed(fact: Fact, viewer: Viewer) -> str:
    cols, nobs = fact["colonists"], fact.get("nobles") or [0] * len(fact["colonists"])
    shares = [
        _("{workers} to {who}", workers=workers({"colonist": c, "noble": k}), who=seat(i))
        for i, (c, k) in enumerate(zip(cols, nobs, strict=True))
        if c or k
    ]
    if not shares:
        return _("The colonist ship is empty: nobody gets a colonist.")
    return _("The colonist ship is unloaded: {shares}.", shares=listing(shares))


@says("ColonistPlaced")
def _colonist_placed(fact: Fact, viewer: Viewer) -> str:
    return _("{who} places {piece} on {spot}.", who=seat(fact["seat"]), piece=_a_piece(fact.get("piece")),
             spot=_the_spot(fact["to"]))


@says("ColonistRemoved")
def _colonist_removed(fact: Fact, viewer: Viewer) -> str:
    return _("{who} takes {piece} off {spot}.", who=seat(fact["seat"]), piece=_a_piece(fact.get("piece")),
             spot=_the_spot(fact["from"]))


@says("ColonistsAssigned")
def _colonists_assigned(fact: Fact, viewer: Viewer) -> str:
    return _("{who}'s workers fill every circle they can; any left over wait on the windrose (automatic).",
             who=seat(fact["seat"]))


@says("ArrangementFinished")
def _arrangement_finished(fact: Fact, viewer: Viewer) -> str:
    if fact.get("auto"):
        return _("{who} has nothing more to place (automatic).", who=seat(fact["seat"]))
    return _("{who} is done placing workers.", who=seat(fact["seat"]))


@says("ColonistShipRefilled")
def _colonist_ship_refilled(fact: Fact, viewer: Viewer) -> str:
    counts = {"colonist": fact["colonists"], "noble": fact.get("nobles", 0)}
    empty = not (counts["colonist"] or counts["noble"])
    if fact.get("short"):
        if empty:
            return _("The colonist supply is empty: the colonist ship cannot be refilled.")
        return _("The colonist ship takes the last {workers} from the supply: not enough to fill it.",
                 workers=workers(counts))
    if empty:
        return _("The colonist ship gets no new colonists.")
    return _("The colonist ship is refilled with {workers}.", workers=workers(counts))


# -- builder -----------------------------------------------------------------------------------


@says("BuildingBuilt")
def _building_built(fact: Fact, viewer: Viewer) -> str:
    who, what = seat(fact["seat"]), a_building(fact["building"])
    if fact["price"]:
        parts = [_("{who} builds {building} for {money}", who=who, building=what, money=doubloons(fact["price"]))]
    else:
        parts = [_("{who} builds {building} for free", who=who, building=what)]
    if fact.get("black_market"):
        parts.append(_("the black market covers {money}", money=doubloons(fact["black_market"])))
    if fact["university"]:
        parts.append(_("the university puts {worker} on it", worker=_from_source(fact["university"])))
    if fact.get("church"):
        parts.append(_("the church earns {vp}", vp=vp(fact["church"])))
    return _("{sentence}.", sentence="; ".join(parts))


@says("BlackMarketUsed")
def _black_market_used(fact: Fact, viewer: Viewer) -> str:
    return _("{who} turns to the black market for {building}, {money} short.", who=seat(fact["seat"]),
             building=a_building(fact["building"]), money=doubloons(fact["shortfall"]))


@says("BlackMarketPaid")
def _black_market_paid(fact: Fact, viewer: Viewer) -> str:
    who, item = seat(fact["seat"]), fact["item"]
    if item == "worker":
        return _("{who} pays the black market with {piece} from {spot}.", who=who, piece=_a_piece(fact.get("piece")),
                 spot=_the_spot(fact["from"]))
    if item == "good":
        return _("{who} pays the black market with {good}.", who=who, good=goods(1, fact["good"]))
    return _("{who} pays the black market with 1 VP.", who=who)


# -- captain -----------------------------------------------------------------------------------


@says("CaptainBonusesPaid")
def _captain_bonuses_paid(fact: Fact, viewer: Viewer) -> str:
    parts = []
    if fact.get("lighthouse") is not None:
        parts.append(_("{who}'s lighthouse pays 1 doubloon", who=seat(fact["lighthouse"])))
    parts.extend(_("{who}'s union hall earns {vp}", who=seat(row["seat"]), vp=vp(row["vp"]))
                 for row in fact.get("union_hall", ()))
    if not parts:
        return _("Before the shipping: no lighthouse or union hall bonus is due.")
    return _("Before the shipping: {bonuses}.", bonuses=listing(parts))


def _shipped(fact: Fact, sentence: str) -> str:
    """The shipment's points, and the lighthouse's doubloons where they came."""
    if fact.get("doubloons"):
        return _("{sentence}: {vp} and {money} (lighthouse).", sentence=sentence, vp=vp(fact["vp"]),
                 money=doubloons(fact["doubloons"]))
    return _("{sentence}: {vp}.", sentence=sentence, vp=vp(fact["vp"]))


@says("GoodsShipped")
def _goods_shipped(fact: Fact, viewer: Viewer) -> str:
    return _shipped(fact, _("{who} ships {goods} on {ship}", who=seat(fact["seat"]),
                            goods=goods(fact["count"], fact["good"]), ship=_ship(fact["ship"])))


@says("SmallWharfLoaded")
def _small_wharf_loaded(fact: Fact, viewer: Viewer) -> str:
    return _("{who} loads {goods} onto the small wharf.", who=seat(fact["seat"]),
             goods=goods(fact["count"], fact["good"]))


@says("SmallWharfShipped")
def _small_wharf_shipped(fact: Fact, viewer: Viewer) -> str:
    return _shipped(fact, _("{who} ships {goods} with the small wharf", who=seat(fact["seat"]),
                            goods=goods_listed(fact["goods"])))


@says("RoyalSupplierUsed")
def _royal_supplier_used(fact: Fact, viewer: Viewer) -> str:
    return _("{who} hands {good} to the royal supplier for {vp}.", who=seat(fact["seat"]),
             good=goods(1, fact["good"]), vp=vp(fact["vp"]))


@says("LoadingEnded")
def _loading_ended(fact: Fact, viewer: Viewer) -> str:
    return _("Nobody can ship any more goods: loading ends.")


@says("ShipUnloaded")
def _ship_unloaded(fact: Fact, viewer: Viewer) -> str:
    ship = _ship(fact["ship"])
    return _("{ship} is full and is unloaded: {goods} go back to the supply.", ship=ship[:1].upper() + ship[1:],
             goods=goods(fact["count"], fact["good"]))


# -- prospector --------------------------------------------------------------------------------


@says("ProspectorPrivilegeTaken")
def _prospector_privilege_taken(fact: Fact, viewer: Viewer) -> str:
    return _("{who} takes {money} from the bank as prospector.", who=seat(fact["seat"]),
             money=doubloons(fact["doubloons"]))
