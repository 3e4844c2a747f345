"""The words on the buttons of Puerto Rico's actions (board.py's `action_label`), in the reader's
language: no two actions of one list alike, what tells them apart is in the words."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .i18n import _, building, building_lower, good, goods, ngettext, piece, plantation, role

Label = Callable[[dict[str, Any]], str]


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _where(name: Any) -> str:
    """A place of a player's board on a button: a building's printed name, a tile's kind."""
    text = str(name)
    if text == "windrose":
        return _("San Juan")
    if text in ("corn", "indigo", "sugar", "tobacco", "coffee"):
        return good(text)
    if text == "quarry":
        return plantation("quarry")
    return building(text)


def _piece(action: dict[str, Any]) -> str:
    return piece(str(action.get("piece", "colonist")))


def _tile(action: dict[str, Any]) -> str:
    if action.get("tile") == "forest":
        return _("a {kind} forest", kind=good(str(action.get("kind", ""))))
    return _("a {kind} plantation", kind=good(str(action.get("tile", ""))))


def _role(action: dict[str, Any]) -> str:
    name = str(action.get("role", ""))
    number = name.rpartition("_")[2] if "_" in name else ""
    said = _cap(role(name))
    return _("{role} {n}", role=said, n=number) if number.isdigit() else said


def _ship(action: dict[str, Any]) -> str:
    g, ship = _cap(good(str(action.get("good", "")))), action.get("ship")
    if ship == "wharf":
        return _("{Good} on the wharf", Good=g)
    return _("{Good} on ship {n}", Good=g, n=int(ship) + 1 if isinstance(ship, int) else "?")


def _sell(action: dict[str, Any]) -> str:
    g = good(str(action.get("good", "")))
    return _("Sell {good} at the trading post", good=g) if action.get("venue") == "trading_post" else _("Sell {good}", good=g)


def _settle(action: dict[str, Any]) -> str:
    kind, declined = str(action.get("kind", "")), action.get("hospice") is False
    if action["type"] == "take_quarry":
        return _("Quarry without the hospice's colonist") if declined else _("Quarry")
    tile = _cap(plantation(kind))
    if action["type"] == "take_forest":
        return (_("{plantation} as a forest without the hospice's colonist", plantation=tile) if declined
                else _("{plantation} as a forest", plantation=tile))
    return _("{plantation} without the hospice's colonist", plantation=tile) if declined else tile


def _build(action: dict[str, Any]) -> str:
    name = building(str(action.get("building", "")))
    black, university = bool(action.get("black_market")), action.get("university") is False
    if black and university:
        return _("{building}, the black market paying what you lack, without the university's colonist", building=name)
    if black:
        return _("{building}, the black market paying what you lack", building=name)
    if university:
        return _("{building}, without the university's colonist", building=name)
    return name


def _privilege(action: dict[str, Any]) -> str:
    n = int(action.get("colonists", 0))
    return ngettext("Take {n} extra colonist", "Take {n} extra colonists", n) if n else _("No extra colonist")


LABELS: dict[str, Label] = {
    "pass": lambda a: _("Pass"),
    "done": lambda a: _("Done"),
    "end_turn": lambda a: _("End turn"),
    "hacienda_draw": lambda a: _("Draw a face-down plantation (hacienda)"),
    "hacienda_quarry": lambda a: _("A quarry instead of the hacienda's plantation"),
    "land_office_buy": lambda a: _("Buy a face-down plantation for 1 doubloon (land office)"),
    "villa_take": lambda a: _("Take a noble (villa)"),
    "black_market_vp": lambda a: _("Give 1 VP (black market)"),
    "select_role": _role,
    "draft_building": lambda a: _("Draft the {building}", building=building_lower(str(a.get("building", "")))),
    "place": lambda a: _("{Piece} to {to}", Piece=_cap(_piece(a)), to=_where(a.get("to", ""))),
    "remove": lambda a: _("{Piece} off {place}", Piece=_cap(_piece(a)), place=_where(a.get("from", ""))),
    "deploy_guest": lambda a: _("Guest {piece} to {to}", piece=_piece(a), to=_where(a.get("to", ""))),
    "black_market_worker": lambda a: _("Give the {piece} on {place} (black market)", piece=_piece(a),
                                       place=_where(a.get("from", ""))),
    "black_market_good": lambda a: _("Give {good} (black market)", good=goods(1, str(a.get("good", "")))),
    "ship": _ship,
    "sell": _sell,
    "keep": lambda a: _("Keep {good}", good=goods(1, str(a.get("good", "")))),
    "warehouse": lambda a: _("Keep all {good} in a warehouse", good=good(str(a.get("good", "")))),
    "craftsman_bonus": lambda a: _("1 more {good} (craftsman)", good=good(str(a.get("good", "")))),
    "royal_supplier": lambda a: _("Send {good} to the royal supplier", good=goods(1, str(a.get("good", "")))),
    "land_office_sell": lambda a: _("Discard {tile} for 1 doubloon (land office)", tile=_tile(a)),
    "hunting_lodge_discard": lambda a: _("Discard {tile} (hunting lodge)", tile=_tile(a)),
    "take_from_ship": lambda a: _("Take a {piece} from the colonist ship", piece=_piece(a)),
    "small_wharf": lambda a: _("{goods} on the small wharf", goods=goods(int(a.get("count", 0)), str(a.get("good", "")))),
    "take_plantation": _settle,
    "take_forest": _settle,
    "take_quarry": _settle,
    "build": _build,
    "mayor_privilege": _privilege,
    "place_drawn_tile": lambda a: _("Place it as a forest") if a.get("forest") else _("Place it face up"),
}


def label(action: dict[str, Any]) -> str | None:
    """The button's words for `action` (None: an action type the platform words itself)."""
    said = LABELS.get(str(action.get("type")))
    return said(action) if said is not None else None
