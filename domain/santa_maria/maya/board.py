"""The Maya city on the web board (board.html): printed data in words, each piece's rules help
(city.json's "help" block), the controls of the Maya's decisions and button words."""

from __future__ import annotations

import json
from typing import Any

from domain.core.words import term

from ..i18n import N_, NP_, _, district, good, goods, goods_plus, maya_building, pgettext
from .data import DATA_FILE, GOODS, ITEMS, M
from .religion import MONK_CHOICES
from .trade import EXCHANGES, exchange_goods

HELP: dict[str, str] = {k: v for k, v in json.loads(DATA_FILE.read_text(encoding="utf-8"))["help"].items() if k != "_about"}


def _amounts(what: dict[str, Any]) -> str:
    return goods_plus(what)


_ACTIONS = {"religion": N_("religion"), "conquistador": N_("conquistador")}


def building(kind: str | None) -> str:
    """A node's building in words: a printed effect or a built tile; "" for an empty place."""
    if not kind:
        return ""
    effects = M.building_tiles[kind]["effects"] if kind in M.building_tiles else [kind]
    words = []
    for e in effects:
        data = M.effects[e]
        action = _ACTIONS.get(data.get("action", ""))
        words.append("+" + _amounts(data["gain"]) if "gain" in data else _(action) if action else data["action"])
    said = _(" and ").join(words)
    return _("{kind}: {effects}", kind=maya_building(kind), effects=said) if kind in M.building_tiles else said


_BONUS = {b: b for b in (NP_("bonus", "warrior"), NP_("bonus", "culture"), NP_("bonus", "gem"), NP_("bonus", "sugar"))}


def half(card: str, kind: str) -> str:
    """One half of an action card in words: "festival: pay 1 wood, gain 2 coins"."""
    data = M.cards.get(card, {}).get(kind)
    if data is None:
        return district(kind)
    if kind == "festival":
        return _("festival: pay {pay}, gain {gain}", pay=_amounts(data["pay"]), gain=_amounts(data["gain"]))
    if kind == "construction":
        return _("construction: pay {good}, build", good=goods(1, str(data["pay"])))
    if kind == "technology":
        bonus = str(data["bonus"])
        return _("technology {value}: {bonus}", value=data["value"], bonus=pgettext("bonus", bonus) if bonus in _BONUS else bonus)
    return district("trade")


_REWARDS = {"storage_token": N_("a storage token"), "draw_2_cards": N_("draw 2 cards"), "high_priest": N_("a high priest"),
            "coins_2": N_("2 coins"), "road_tile": N_("a road tile")}


def context() -> dict[str, Any]:
    return {"maya_building": building, "maya_temple_cost": lambda t: _amounts(M.temple_cost[t]),
            "maya_tucked": lambda tucked, d: sum(1 for _card, x in tucked if x == d), "maya_half": half,
            "maya_halves": lambda card: list(M.cards.get(card, {})), "maya_help": {k: _(v) for k, v in HELP.items()},
            "maya_rewards": {d: _(_REWARDS[r]) if r in _REWARDS else r.replace("_", " ") for d, r in M.reward.items()},
            "maya_district": district, "maya_slots": list(M.slots)}


def _chip(fields: dict[str, Any]) -> dict[str, Any]:
    return {"fields": fields, "whole": True, "words": None, "help": ""}


def chips(view: dict[str, Any]) -> list[dict[str, Any]]:
    """The controls of the Maya's decisions that are no place of the city (its nodes, temples and
    cards are marked where they are drawn; an offer's colonist is named on the board)."""
    m, pending = view.get("maya"), view.get("pending") or {}
    kind = pending.get("decision")
    if not m:
        return []
    one: dict[str, list[dict[str, Any]]] = {"maya_step": [{"to": None}], "maya_temple": [{"district": None}],
           "maya_token": [{"good": g} for g in GOODS], "maya_pass_flip": [{"good": g} for g in GOODS],
           "maya_road": [{"slot": s} for s in M.slots], "maya_monk_reward": [{"choice": c} for c in MONK_CHOICES],
           "maya_simulate": [{"accept": True}, {"accept": False}], "offer_reply": [{"accept": True}, {"accept": False}]}
    if kind in one:
        return [_chip({"type": kind, **fields}) for fields in one[kind]]
    if kind != "maya_trade":
        return []
    out = [_chip({"type": "maya_exchange", "id": k} if g is None else {"type": "maya_exchange", "id": k, "good": g})
           for k in EXCHANGES for g in exchange_goods(k)]
    out += [_chip({"type": t}) for t in ("maya_redraw_start", "maya_redraw_done", "maya_redraw_cancel")]
    out += [_chip({"type": t, "side": side, "item": i}) for side in ("give", "get") for i in ITEMS
            for t in ("maya_offer_add", "maya_offer_remove")]
    return out + [_chip({"type": t}) for t in ("maya_offer_send", "maya_offer_cancel", "maya_end_trade")]


def node(name: str) -> str:
    """A building place of the city: "road 2, place 3"."""
    road, _sep, depth = name[1:].partition("_")
    return _("road {road}, place {depth}", road=road, depth=depth)


def items(counts: Any) -> str:
    """An offer's side in words ("nothing" when empty)."""
    if not isinstance(counts, dict) or not counts:
        return _("nothing")
    return goods_plus({("coins" if i == "coin" else i): n for i, n in counts.items()})


def _die(d: dict[str, Any]) -> str:
    if d["kind"] == "ambassador":
        return _("White ambassador die") if d["color"] == "white" else _("Blue ambassador die")
    return _("White {face}", face=d["face"]) if d["kind"] == "white" else _("Blue die {die}", die=d.get("id", ""))


_WORDS = {  # the actions whose words are their fields' alone
    "maya_redraw_start": N_("Start a redraw of cards (1 coin)"), "maya_redraw_done": N_("Redraw the marked cards"),
    "maya_redraw_cancel": N_("Cancel the redraw"), "maya_offer_send": N_("Send the offer"),
    "maya_offer_cancel": N_("Withdraw the offer"), "maya_end_trade": N_("End the trade"),
}
_OFFER = {("maya_offer_add", "give"): N_("Offer 1 more: {item}"), ("maya_offer_add", "get"): N_("Ask 1 more: {item}"),
          ("maya_offer_remove", "give"): N_("Offer 1 less: {item}"), ("maya_offer_remove", "get"): N_("Ask 1 less: {item}")}


def _exchange(action: dict[str, Any]) -> str:
    if action["id"] == "buy_cocoa":
        return _("Buy 1 cocoa for 1 coin")
    g = goods(1, str(action.get("good", "")))
    return _("Buy {good} for 2 coins", good=g) if action["id"] == "buy_simple" else _("Sell {good} for 1 coin", good=g)


def _reply(kind: str, accept: bool) -> str:
    if kind == "maya_simulate":
        return _("Simulate the ambassador die in the city") if accept else _("Do not simulate the ambassador die in the city")
    return _("Accept the Maya's offer") if accept else _("Do not accept the Maya's offer")


def _fields(action: dict[str, Any]) -> str | None:
    kind = action.get("type")
    if kind == "maya_token":
        return _("Take a full {good} storage token", good=good(str(action.get("good", ""))))
    if kind == "maya_pass_flip":
        return _("Flip a {good} token full", good=good(str(action.get("good", ""))))
    if kind == "maya_road":
        return _("Road tile across road {road}", road=str(action.get("slot", "")).removeprefix("road_"))
    if kind == "maya_redraw_mark":
        return _("Put {card} under the deck", card=action["card"]) if action.get("card") else _("Put a card under the deck")
    if kind == "maya_offer_open":
        return _("Draft an offer to seat {n}", n=int(action.get("to", 0)) + 1)
    if kind == "maya_technology":
        return _("Play {card}'s technology half", card=action.get("card"))
    if kind == "maya_high_priest":
        return _("High priest on {place}", place=node(str(action.get("node", "B0_0"))))
    if kind == "maya_build":
        return _("Build on {place}", place=node(str(action.get("node", "B0_0"))))
    said = _WORDS.get(str(kind))
    return _(said) if said is not None else None


def action_label(action: dict[str, Any]) -> str | None:  # noqa: PLR0911 - one line per action type
    kind = action.get("type")
    if kind == "maya_use_die":
        target = _("die symbol {value}", value=action["value"])
        if action["adjust"] == "coins":
            return _("{die} set with coins → {target}", die=_die(action["die"]), target=target)
        if action["adjust"] == "cocoa":
            return _("{die} set with a cocoa → {target}", die=_die(action["die"]), target=target)
        return _("{die} → {target}", die=_die(action["die"]), target=target)
    if kind == "maya_step":
        return _("Stop here") if action["to"] is None else _("Move to {place}", place=node(action["to"]))
    if kind == "maya_temple":
        if action["district"] is None:
            return _("Build no temple")
        return _("Build the temple of the district: {district}", district=district(str(action["district"])))
    if kind == "maya_play_card":
        return _("Play {card}: {half}", card=action["card"], half=half(action["card"], action["half"]))
    if kind == "maya_monk_reward":
        choice = str(action["choice"])
        return _("Draw a card") if choice == "draw_card" else _("Flip a {good} token full", good=good(choice.removeprefix("flip:")))
    if kind in ("maya_simulate", "offer_reply"):
        return _reply(str(kind), bool(action["accept"]))
    if kind == "maya_exchange":
        return _exchange(action)
    offer = _OFFER.get((str(kind), str(action.get("side"))))
    if offer is not None:
        return _(offer, item=good(str(action["item"])))
    return _fields(action)


def text(m: dict[str, Any], names: list[str]) -> list[str]:
    """The Maya city in `replay show`'s text board (the view's "maya" part), in the reader's language."""
    tokens = " ".join(f"{term(g, good(g))} {t['full']}/{t['full'] + t['empty']}" for g, t in m["tokens"].items() if t["full"] + t["empty"])
    temples = "  ".join(f"{term(d, district(d))} {t['levels']}/3" + (f" ({t['top']})" if t["top"] else "") for d, t in m["temples"].items())
    hand = " ".join(m["hand"]) if m["hand"] is not None else _("{n} cards", n=m["hand_size"])
    lines = ["", _("Maya city ({player}): tokens {tokens}; vault {vault}; high priests {priests}", player=names[m["seat"]],
                   tokens=tokens, vault=m["vault"], priests=m["high_priests"]),
             "  " + _("temples {temples}", temples=temples),
             "  " + _("hand {hand}; deck {deck}; tucked {tucked}", hand=hand, deck=m["deck_size"], tucked=len(m["tucked"]))
             + (_("; road tiles on {roads}", roads=" ".join(m["roads"])) if m["roads"] else "")]
    taken = [f"{n} {c['occupant']}" for n, c in m["city"].items() if c["occupant"]]
    built = [f"{n} {term(c['building'], maya_building(c['building']))}" for n, c in m["city"].items() if c["building"] in M.building_tiles]
    nothing = _("nothing")  # (said apart: pybabel extracts no _() nested in another)
    lines.append("  " + _("on the city: {taken}; built: {built}", taken=", ".join(taken) or nothing, built=", ".join(built) or nothing))
    return lines
