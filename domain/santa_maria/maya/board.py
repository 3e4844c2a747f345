"""The Maya city on the web board (board.html): printed data in words, each piece's rules help
(city.json's "help" block), the controls of the Maya's decisions and button words."""

from __future__ import annotations

import json
from typing import Any

from domain.core.words import amount

from .data import DATA_FILE, GOODS, ITEMS, M
from .religion import MONK_CHOICES
from .trade import EXCHANGES, exchange_goods

HELP: dict[str, str] = {k: v for k, v in json.loads(DATA_FILE.read_text(encoding="utf-8"))["help"].items() if k != "_about"}


def _amounts(what: dict[str, Any]) -> str:
    return " + ".join(amount(n, "coin") if g == "coins" else f"{n} {'VP' if g == 'vp' else g}" for g, n in what.items()) or "nothing"


def building(kind: str | None) -> str:
    """A node's building in words: a printed effect or a built tile; "" for an empty place."""
    if not kind:
        return ""
    effects = M.building_tiles[kind]["effects"] if kind in M.building_tiles else [kind]
    words = []
    for e in effects:
        data = M.effects[e]
        words.append("+" + _amounts(data["gain"]) if "gain" in data else data["action"])
    return (f"{kind}: " if kind in M.building_tiles else "") + " and ".join(words)


def half(card: str, kind: str) -> str:
    """One half of an action card in words: "festival: pay 1 wood, gain 2 coins"."""
    data = M.cards.get(card, {}).get(kind)
    if data is None:
        return kind
    if kind == "festival":
        return f"festival: pay {_amounts(data['pay'])}, gain {_amounts(data['gain'])}"
    if kind == "construction":
        return f"construction: pay 1 {data['pay']}, build"
    if kind == "technology":
        return f"technology {data['value']}: {data['bonus']}"
    return "trade"


def context() -> dict[str, Any]:
    return {"maya_building": building, "maya_temple_cost": lambda t: _amounts(M.temple_cost[t]),
            "maya_tucked": lambda tucked, d: sum(1 for _, x in tucked if x == d), "maya_half": half,
            "maya_halves": lambda card: list(M.cards.get(card, {})), "maya_help": HELP,
            "maya_rewards": M.reward, "maya_slots": list(M.slots)}


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


def _node(node: str) -> str:
    road, _, depth = node[1:].partition("_")
    return f"road {road}, place {depth}"


def _die(d: dict[str, Any]) -> str:
    if d["kind"] == "ambassador":
        return f"{d['color']} ambassador die"
    return f"white {d['face']}" if d["kind"] == "white" else f"blue die {d.get('id', '')}"


_WORDS = {  # the actions whose words are their fields' alone
    "maya_token": "Take a full {good} storage token", "maya_pass_flip": "Flip a {good} token full",
    "maya_road": "Road tile across {slot}", "maya_redraw_start": "Start a redraw of cards (1 coin)",
    "maya_redraw_mark": "Put {card} under the deck", "maya_redraw_done": "Redraw the marked cards",
    "maya_redraw_cancel": "Cancel the redraw", "maya_offer_open": "Draft an offer to seat {to_seat}",
    "maya_offer_send": "Send the offer", "maya_offer_cancel": "Withdraw the offer", "maya_end_trade": "End the trade",
    "maya_technology": "Play {card}'s technology half", "maya_high_priest": "High priest on {node}", "maya_build": "Build on {node}",
}
_EXCHANGE = {"buy_cocoa": "Buy 1 cocoa for 1 coin", "buy_simple": "Buy 1 {good} for 2 coins", "sell": "Sell 1 {good} for 1 coin"}
_OFFER = {("maya_offer_add", "give"): "Offer 1 more {item}", ("maya_offer_add", "get"): "Ask 1 more {item}",
          ("maya_offer_remove", "give"): "Offer 1 {item} less", ("maya_offer_remove", "get"): "Ask 1 {item} less"}


def action_label(action: dict[str, Any]) -> str | None:  # noqa: PLR0911 - one line per action type
    kind = action.get("type")
    if kind == "maya_use_die":
        how = {"coins": " set with coins", "cocoa": " set with a cocoa"}.get(action["adjust"], "")
        return f"{_die(action['die']).capitalize()}{how} → die symbol {action['value']}"
    if kind == "maya_step":
        return "Stop here" if action["to"] is None else f"Move to {_node(action['to'])}"
    if kind == "maya_temple":
        return "Build no temple" if action["district"] is None else f"Build the {action['district']} temple"
    if kind == "maya_play_card":
        return f"Play {action['card']}'s {half(action['card'], action['half'])}"
    if kind == "maya_monk_reward":
        choice = str(action["choice"])
        return "Draw a card" if choice == "draw_card" else f"Flip a {choice.removeprefix('flip:')} token full"
    if kind in ("maya_simulate", "offer_reply"):
        what = "simulate the ambassador die in the city" if kind == "maya_simulate" else "accept the Maya's offer"
        return what.capitalize() if action["accept"] else f"Do not {what}"
    if kind == "maya_exchange":
        return _EXCHANGE[action["id"]].format(good=action.get("good", ""))
    offer = _OFFER.get((str(kind), str(action.get("side"))))
    if offer is not None:
        return offer.format(item=action["item"])
    if kind in _WORDS:
        fields = {k: str(v) for k, v in action.items()} | {"card": str(action.get("card") or "a card")}
        fields.update(to_seat=str(int(action.get("to", 0)) + 1), slot=str(action.get("slot", "")).replace("_", " "),
                      node=_node(str(action.get("node", "B0_0"))))
        return _WORDS[kind].format_map(fields)
    return None


def text(m: dict[str, Any], names: list[str]) -> list[str]:
    """The Maya city in `replay show`'s text board (the view's "maya" part)."""
    tokens = " ".join(f"{g} {t['full']}/{t['full'] + t['empty']}" for g, t in m["tokens"].items() if t["full"] + t["empty"])
    temples = "  ".join(f"{d} {t['levels']}/3" + (f" ({t['top']})" if t["top"] else "") for d, t in m["temples"].items())
    hand = " ".join(m["hand"]) if m["hand"] is not None else f"{m['hand_size']} cards"
    lines = ["", f"Maya city ({names[m['seat']]}): tokens {tokens}; vault {m['vault']}; high priests {m['high_priests']}",
             f"  temples {temples}", f"  hand {hand}; deck {m['deck_size']}; tucked {len(m['tucked'])}"
             + (f"; road tiles on {' '.join(m['roads'])}" if m["roads"] else "")]
    taken = [f"{n} {c['occupant']}" for n, c in m["city"].items() if c["occupant"]]
    built = [f"{n} {c['building']}" for n, c in m["city"].items() if c["building"] in M.building_tiles]
    lines.append(f"  on the city: {', '.join(taken) or 'nothing'}; built: {', '.join(built) or 'nothing'}")
    return lines
