"""`describe(fact, viewer)`: every Navegador fact in one sentence, in the rules page's words,
in the reader's language (the sentences and the components' names: i18n.py).

    >>> from domain.core.words import render
    >>> fact = {"t": "ShipsMoved", "seat": 1, "from": "portugal", "to": "guine", "count": 2}
    >>> render(describe(fact, None), ["Ann", "Bob"])
    'Bob sails 2 ships from Portugal to Guiné.'

The only secret is the face-down colony tiles (§6.1): dealt, they are described by what the
viewer's fact shows (a spectator's has the stacks' types and sizes, not their tiles).
Money is in cruzados (Cr).
"""

from __future__ import annotations

from domain.core import Fact, Viewer
from domain.core.words import Words, listing, ordinal, seat

from .i18n import (
    _,
    a,
    action_name,
    building,
    column,
    cr,
    fleet,
    good,
    goods,
    ngettext,
    npgettext,
    privilege,
    privileges_listed,
    region,
    ships,
    ships_from,
    space,
    tile,
    vp,
)

words = Words("Navegador")
says = words.says
describe = words


# -- setup ----------------------------------------------------------------------------------


@says("GameSetUp")
def _game_set_up(fact: Fact, viewer: Viewer) -> str:
    if fact.get("kings_privilege_placement") == "manual":
        return ngettext("Navegador for {n} player is set up; at the end the king's privilege is placed by each player.",
                        "Navegador for {n} players is set up; at the end the king's privilege is placed by each player.",
                        fact["seats"])
    return ngettext("Navegador for {n} player is set up; at the end the king's privilege is placed where it scores most.",
                    "Navegador for {n} players is set up; at the end the king's privilege is placed where it scores most.",
                    fact["seats"])


@says("FirstPlayerChosen")
def _first_player_chosen(fact: Fact, viewer: Viewer) -> str:
    return _("{who} is drawn as the first player.", who=seat(fact["seat"]))


@says("ColoniesDealt")
def _colonies_dealt(fact: Fact, viewer: Viewer) -> str:
    stacks, removed = fact["stacks"], fact["removed"]
    unseen = len(removed) if isinstance(removed, list) else removed
    onto = npgettext("onto", "{n} region", "{n} regions", len(stacks))
    left = ngettext("{n} tile leaves the game unseen", "{n} tiles leave the game unseen", unseen)
    if isinstance(removed, list) and removed:  # the full record (ALL): which ones
        return _("The colony tiles are dealt face down onto {regions}; {unseen} ({tiles}).", regions=onto, unseen=left,
                 tiles=listing(tile(t) for t in removed))
    return _("The colony tiles are dealt face down onto {regions}; {unseen}.", regions=onto, unseen=left)


# -- turn start, rondel, the Navegador card ----------------------------------------------------


@says("NavegadorUsed")
def _navegador_used(fact: Fact, viewer: Viewer) -> str:
    return _("{who} uses the Navegador card for an extra sailing action.", who=seat(fact["seat"]))


@says("RondelMoved")
def _rondel_moved(fact: Fact, viewer: Viewer) -> str:
    who, to = seat(fact["seat"]), space(fact["to"])
    if fact["from"] is None:
        return _("{who} places the rondel stone on {space}.", who=who, space=to)
    paid, far = fact["ships_paid"], npgettext("move", "{n} space", "{n} spaces", fact["distance"])
    if paid:
        return _("{who} moves the rondel stone {distance} to {space}, paying {ships} ({sources}).", who=who,
                 distance=far, space=to, ships=ships(sum(paid.values())), sources=ships_from(paid))
    return _("{who} moves the rondel stone {distance} to {space}.", who=who, distance=far, space=to)


@says("OrangeShipPlaced")
def _orange_ship_placed(fact: Fact, viewer: Viewer) -> str:
    return _("The orange ship marks {space}: the Navegador card must be used before that space is reached again.",
             space=space(fact["space"]))


@says("NavegadorPassed")
def _navegador_passed(fact: Fact, viewer: Viewer) -> str:
    values = {"who": seat(fact["from"]), "to": seat(fact["to"])}
    ship = fact["orange_ship"]
    if fact["reason"] == "used":
        if ship is not None:
            return _("{who} passes the Navegador card to {to} after using it; the orange ship moves to {space}.",
                     space=space(ship), **values)
        return _("{who} passes the Navegador card to {to} after using it.", **values)
    if ship is not None:
        return _("{who} passes the Navegador card to {to} unused: the stone reached the orange ship; the orange ship "
                 "moves to {space}.", space=space(ship), **values)
    return _("{who} passes the Navegador card to {to} unused: the stone reached the orange ship.", **values)


# -- sailing and exploring ---------------------------------------------------------------------


@says("ShipsMoved")
def _ships_moved(fact: Fact, viewer: Viewer) -> str:
    return _("{who} sails {ships} from {origin} to {target}.", who=seat(fact["seat"]), ships=ships(fact["count"]),
             origin=region(fact["from"]), target=region(fact["to"]))


@says("RegionExplored")
def _region_explored(fact: Fact, viewer: Viewer) -> str:
    who = seat(fact["seat"])
    tiles = fact["tiles_revealed"]
    parts = [_("{who} explores {region} with {fleet} from {sources}, losing {lost}", who=who,
               region=region(fact["region"]), fleet=fleet(sum(s["count"] for s in fact["sources"])),
               sources=listing(region(s["from"]) for s in fact["sources"]), lost=ships(fact["ships_lost"]))]
    if tiles:
        parts.append(ngettext("the colony {tiles} turns face up", "the colonies {tiles} turn face up", len(tiles),
                              tiles=listing(tile(t) for t in tiles)))
    if fact["bonus"]:
        parts.append(_("{who} receives {money}", who=who, money=cr(fact["bonus"])))
    if fact.get("phase_pending"):
        parts.append(_("phase {phase} begins when this sailing ends", phase=fact["phase_pending"]))
    return "; ".join(parts) + "."


@says("PhaseStarted")
def _phase_started(fact: Fact, viewer: Viewer) -> str:
    added = fact["privileges_added"]
    counts = set(added.values())
    if counts == {0}:
        return _("Phase {phase} begins: no new privileges are left for the gallery.", phase=fact["phase"])
    if len(counts) == 1:
        return ngettext("Phase {phase} begins: {n} privilege of each kind enters the gallery.",
                        "Phase {phase} begins: {n} privileges of each kind enter the gallery.", counts.pop(),
                        phase=fact["phase"])
    return _("Phase {phase} begins: new privileges enter the gallery ({privileges}).", phase=fact["phase"],
             privileges=privileges_listed(added))


@says("GameEndTriggered")
def _game_end_triggered(fact: Fact, viewer: Viewer) -> str:
    who, reason = seat(fact["seat"]), fact["reason"]
    if reason == "nagasaki":
        return _("{who} has explored Nagasaki: the game ends after a final round.", who=who)
    if reason == "buildings":
        return _("{who} has taken the last building: the game ends after a final round.", who=who)
    return _("{reason}: the game ends after a final round.", reason=str(reason))


# -- workers, ships, colonies, buildings, market, privileges ---------------------------------------


def _units(fact: Fact, units: str) -> dict[str, str]:
    """Workers hired or ships built: who, how many, the price (and virtual units sold back, §2.4, §2.5)."""
    return {"who": seat(fact["seat"]), "units": units, "money": cr(fact["paid"]), "back": cr(fact["received"])}


@says("WorkersHired")
def _workers_hired(fact: Fact, viewer: Viewer) -> str:
    said = _units(fact, npgettext("hired", "{n} worker", "{n} workers", fact["count"]))
    if not fact["virtual"]:
        return _("{who} hires {units} for {money}.", **said)
    return ngettext("{who} hires {units} for {money}; {n} virtual one is sold to the bank for {back}.",
                    "{who} hires {units} for {money}; {n} virtual ones are sold to the bank for {back}.", fact["virtual"], **said)


@says("ShipsBuilt")
def _ships_built(fact: Fact, viewer: Viewer) -> str:
    said = _units(fact, ships(fact["count"]))
    if not fact["virtual"]:
        return _("{who} builds {units} in Portugal for {money}.", **said)
    return ngettext("{who} builds {units} in Portugal for {money}; {n} virtual one is sold to the bank for {back}.",
                    "{who} builds {units} in Portugal for {money}; {n} virtual ones are sold to the bank for {back}.",
                    fact["virtual"], **said)


@says("ColonyFounded")
def _colony_founded(fact: Fact, viewer: Viewer) -> str:
    return _("{who} founds the {tile} colony in {region} for {money}.", who=seat(fact["seat"]), tile=tile(fact["tile"]),
             region=region(fact["region"]), money=cr(fact["price"]))


@says("BuildingBuilt")
def _building_built(fact: Fact, viewer: Viewer) -> str:
    line = fact["building"]
    return _("{who} builds {building} for {money}.", who=seat(fact["seat"]),
             building=a(line, building(line)), money=cr(fact["price"]))


@says("GoodsSold")
def _goods_sold(fact: Fact, viewer: Viewer) -> str:
    n, each = fact["count"], fact["unit_price"]
    return _("{who} sells {goods} at {each} each ({money}); the {good} price drops {rows}.", who=seat(fact["seat"]),
             goods=goods(n, fact["good"]), each=cr(each), money=cr(n * each), good=good(fact["good"]),
             rows=npgettext("rows", "{n} row", "{n} rows", fact["row_after"] - fact["row_before"]))


@says("GoodsProcessed")
def _goods_processed(fact: Fact, viewer: Viewer) -> str:
    n, each = fact["count"], fact["unit_income"]
    values = {"who": seat(fact["seat"]), "goods": goods(n, fact["good"]), "each": cr(each), "money": cr(n * each),
              "good": good(fact["good"]), "rows": npgettext("rows", "{n} row", "{n} rows", fact["row_before"] - fact["row_after"])}
    if fact["orange_used"]:
        return _("{who} processes {goods} at {each} each ({money}), with the orange factory's help; the {good} price "
                 "rises {rows}.", **values)
    return _("{who} processes {goods} at {each} each ({money}); the {good} price rises {rows}.", **values)


@says("PrivilegeTaken")
def _privilege_taken(fact: Fact, viewer: Viewer) -> str:
    kind = fact["kind"]
    values = {"who": seat(fact["seat"]), "privilege": a(kind, privilege(kind)), "nth": ordinal(fact["cell"] + 1)}
    if fact["bonus"]:
        return _("{who} gives up a worker for {privilege} (the {nth} of that column) and receives {money}.",
                 money=cr(fact["bonus"]), **values)
    return _("{who} gives up a worker for {privilege} (the {nth} of that column).", **values)


# -- ends of actions, turns and the game ------------------------------------------------------------


@says("ActionEnded")
def _action_ended(fact: Fact, viewer: Viewer) -> str:
    if fact["action"] == "navegador":
        return _("{who} ends the Navegador sailing action.", who=seat(fact["seat"]))
    return _("{who} ends the {action} action.", who=seat(fact["seat"]), action=action_name(fact["action"]))


@says("FinalRoundStarted")
def _final_round_started(fact: Fact, viewer: Viewer) -> str:
    return ngettext("The final round begins: {n} turn left.", "The final round begins: {n} turns left.", fact["turns"])


@says("TurnEnded")
def _turn_ended(fact: Fact, viewer: Viewer) -> str:
    left, who = fact["final_turns_left"], seat(fact["seat"])
    if left is None:
        return _("{who}'s turn ends.", who=who)
    if left == 0:
        return _("{who}'s turn ends: that was the last turn.", who=who)
    return ngettext("{who}'s turn ends ({n} turn left in the game).", "{who}'s turn ends ({n} turns left in the game).",
                    left, who=who)


@says("TurnStarted")
def _turn_started(fact: Fact, viewer: Viewer) -> str:
    return _("Round {round}: {who}'s turn.", round=fact["round"], who=seat(fact["seat"]))


@says("GameEnded")
def _game_ended(fact: Fact, viewer: Viewer) -> str:
    if fact["reason"] == "nagasaki":
        return _("The game is over: Nagasaki has been explored and the final round has been played.")
    if fact["reason"] == "buildings":
        return _("The game is over: the building board is empty and the final round has been played.")
    return _("The game is over: {reason} and the final round has been played.", reason=str(fact["reason"]))


@says("KingsPrivilegePlaced")
def _kings_privilege_placed(fact: Fact, viewer: Viewer) -> str:
    who, kind, how = seat(fact["seat"]), fact["kind"], fact["how"]
    if kind == "none":
        return _("{who} has no free privilege cell: the king's privilege scores nothing.", who=who)
    if how == "auto":
        return _("{who} places the king's privilege in the {column} column (automatic: where it scores most).",
                 who=who, column=column(kind))
    if how == "forced":
        return _("{who} places the king's privilege in the {column} column (automatic: the only free column).",
                 who=who, column=column(kind))
    return _("{who} places the king's privilege in the {column} column.", who=who, column=column(kind))


@says("GameScored")
def _game_scored(fact: Fact, viewer: Viewer) -> str:
    rows = listing(_("{who} {vp} ({nth})", who=seat(i), vp=vp(score), nth=ordinal(r))
                   for i, (score, r) in enumerate(zip(fact["scores"], fact["ranks"], strict=True)))
    return _("Final scores: {scores}.", scores=rows)
