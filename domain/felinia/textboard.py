"""Felinia's words for `replay show`'s text board: Felinia draws no board of its own, so the replay
writes its view out field by field (replay/textboard.py, `generic_text`), saying each field's
name and each word of a value through `text_word` (board.py gives it to the replay): the view's
keys, the steps, modes, kinds and colours in the reader's language, and the provinces in the
reader's letters («ФИ-Ф4»). English stays the view's own words."""

from __future__ import annotations

import re

from domain.core.words import term

from .i18n import NP_, TITLE, _, good, item, kind, pgettext, province

_KEYS = {k: k for k in (
    NP_("view", "active venue"), NP_("view", "bag"), NP_("view", "bid tokens"), NP_("view", "bids"),
    NP_("view", "boarding"), NP_("view", "bonus tiles"), NP_("view", "breakdown"), NP_("view", "closed"),
    NP_("view", "country"), NP_("view", "deck"), NP_("view", "deck tile"), NP_("view", "discarded"),
    NP_("view", "end trigger"), NP_("view", "expedition"), NP_("view", "face down"), NP_("view", "first player"),
    NP_("view", "fourth slot"), NP_("view", "game"), NP_("view", "guild"), NP_("view", "income circles"),
    NP_("view", "kind"), NP_("view", "lenient expedition"), NP_("view", "markets"), NP_("view", "merchant"),
    NP_("view", "merchants"), NP_("view", "mode"), NP_("view", "mystery"), NP_("view", "mystery card count"),
    NP_("view", "mystery cards"), NP_("view", "mystery deck"), NP_("view", "open deck"), NP_("view", "outcome"),
    NP_("view", "players"), NP_("view", "position"), NP_("view", "price"), NP_("view", "provinces"), NP_("view", "rank"),
    NP_("view", "removed"), NP_("view", "results"), NP_("view", "round"), NP_("view", "score"), NP_("view", "score now"),
    NP_("view", "seat"), NP_("view", "seats"), NP_("view", "ships"), NP_("view", "size"), NP_("view", "step"),
    NP_("view", "storage owing"), NP_("view", "supplies"), NP_("view", "symbols"), NP_("view", "termination"),
    NP_("view", "tiebreak"), NP_("view", "tile"), NP_("view", "to act"), NP_("view", "top"), NP_("view", "top back"),
    NP_("view", "trade tile count"), NP_("view", "trade tiles"), NP_("view", "trade tiles from"), NP_("view", "goods"),
    NP_("view", "trade sets"), NP_("view", "bonus plus one"), NP_("view", "merchant groups"), NP_("view", "ship"),
    NP_("view", "at"), NP_("view", "steps left"), NP_("view", "flips left"), NP_("view", "moved"), NP_("view", "bound"),
    NP_("view", "drawn count"), NP_("view", "drawn"), NP_("view", "winners"),
)}
_STEPS = {s: s for s in (
    NP_("step", "bidding"), NP_("step", "trade"), NP_("step", "boarding"), NP_("step", "exploration"),
    NP_("step", "mystery"), NP_("step", "storage"), NP_("step", "final sales"), NP_("step", "game over"),
)}
_COUNTRIES = {c: c for c in (NP_("country colour", "brown"), NP_("country colour", "emerald"),
                             NP_("country colour", "grey"), NP_("country colour", "orange"),
                             NP_("country colour", "purple"))}
_MODES = ("basic", "advanced")
_ENDS = ("last_merchant", "deck_exhausted")
_GOODS = ("glassware", "watches", "wine", "books", "clothing")
_ITEMS = ("silver", "gold", "spice", "food")
_PROVINCE = re.compile(r"[A-Z]{2}-[A-Z]\d*")
_SHIP = re.compile(r"(ship|market)(\d+)")


def _said(word: str) -> str:
    spaced = word.replace("_", " ")
    if _PROVINCE.fullmatch(word):
        return province(word)
    if word in _GOODS:
        return good(word)
    if word in _ITEMS:
        return item(word)
    if word in ("port", "crossroads", "factory"):
        return kind(word)
    if word in _MODES:
        return pgettext("choice", word)
    if word in _ENDS:
        return pgettext("termination", spaced)
    if word == "felinia":
        return _(TITLE)
    if spaced in _STEPS:
        return pgettext("step", spaced)
    if word in _COUNTRIES:
        return pgettext("country colour", word)
    if spaced in _KEYS:
        return pgettext("view", spaced)
    ship = _SHIP.fullmatch(word)
    if ship:
        return _("ship{n}", n=ship[2]) if ship[1] == "ship" else _("market{n}", n=ship[2])  # the view's ids: "ship2"
    return word


def text_word(word: str) -> str:
    """A key or a word of Felinia's view as `replay show` writes it: "bid_tokens" in English,
    «жетоны ставок» in Russian."""
    return term(word, _said(word))
