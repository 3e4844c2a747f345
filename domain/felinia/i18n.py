"""Felinia's words in the reader's language: its gettext functions (the catalog domain "felinia",
in locales/ beside this file) and the names of its components.

The Russian names are the Russian rulebook's own (Купец, Корабль, тайл Палубы, тайл Товара,
тайл Торговли, жетон Ставки, Гильдия Купцов, Мешочек, Королевство Гепарда, ...); there is no
Hungarian rulebook, so the Hungarian names are ours, and docs/felinia.md lists them with the
Russian names the rulebook does not give.

A count is said with `ngettext` (Russian: 1 серебряную монету, 2 серебряные монеты, 5 серебряных
монет). A counted thing (`goods`, `silver`, ...) is the object of its sentence: the Russian and
Hungarian forms are the accusative ones ("vesz 2 bort"); where a sentence needs another case it
is written whole with the count (`ngettext` over the sentence) or with the bare number. A ship,
a market or a country goes into a sentence by its number or its name, and the translation writes
the noun around it.
"""

from __future__ import annotations

from collections.abc import Iterable

from domain.core.i18n import N_, NP_, NPL_, Translator
from domain.core.words import listing

from .components import C

T = Translator(__package__ or "felinia")
_, ngettext, pgettext, npgettext = T.gettext, T.ngettext, T.pgettext, T.npgettext

TITLE = N_("Felinia")
# (the names of countries and mysterious places, and the rules help: components.json, extracted by `make catalogs`)

_GOODS = {g: g for g in (NP_("goods", "glassware"), NP_("goods", "watches"), NP_("goods", "wine"), NP_("goods", "books"),
                         NP_("goods", "clothing"))}
_COUNTED = {
    "glassware": NPL_("goods", "{n} glassware", "{n} glassware"),
    "watches": NPL_("goods", "{n} watch", "{n} watches"),
    "wine": NPL_("goods", "{n} wine", "{n} wine"),
    "books": NPL_("goods", "{n} book", "{n} books"),
    "clothing": NPL_("goods", "{n} clothing", "{n} clothing"),
    "silver": NPL_("item", "{n} silver", "{n} silver"),
    "gold": NPL_("item", "{n} gold", "{n} gold"),
    "spice": NPL_("item", "{n} spice", "{n} spice"),
    "food": NPL_("item", "{n} food", "{n} food"),
}
_ITEMS = {i: i for i in (NP_("item", "silver"), NP_("item", "gold"), NP_("item", "spice"), NP_("item", "food"),
                         NP_("item", "goods"))}
_TYPES = {t: t for t in (NP_("type", "panther"), NP_("type", "puma"), NP_("type", "jaguar"), NP_("type", "ocelot"),
                         NP_("type", "serval"))}
_EFFECTS = {e: e for e in (NP_("effect", "food scores two"), NP_("effect", "spice scores one"),
                           NP_("effect", "lone merchant scores two"), NP_("effect", "mystery plus one"),
                           NP_("effect", "food income"), NP_("effect", "windfall"), NP_("effect", "silver income"),
                           NP_("effect", "gold income"))}
_CODES = {c: c for c in (NP_("country code", "EM"), NP_("country code", "OR"), NP_("country code", "PU"),
                         NP_("country code", "BR"), NP_("country code", "GR"),
                         NP_("place code", "P"), NP_("place code", "X"), NP_("place code", "F"))}
_COLOURS = {c: c for c in (NP_("colour", "blue"), NP_("colour", "grey"))}
_KINDS = {k: k for k in (NP_("province", "port"), NP_("province", "crossroads"), NP_("province", "factory"))}


def good(g: str) -> str:
    """A goods type in lower case: "watches", «часы», «óra»."""
    return pgettext("goods", g) if g in _GOODS else g.replace("_", " ")


def counted(n: int, thing: str) -> str:
    """A count of one goods type or one resource (the object of a sentence): "2 watches",
    «2 тайла часов», «2 órát»; "1 silver", «1 серебряную монету»."""
    forms = _COUNTED.get(thing)
    return npgettext("goods" if thing in _GOODS else "item", *forms, n) if forms else f"{n} {thing}"


def goods_listed(names: Iterable[str]) -> str:
    """A row of goods tiles, counted by type in the data's order: "2 watches and 1 wine";
    none: "no goods"."""
    row = list(names)
    if not row:
        return _("no goods")
    return listing(counted(row.count(g), g) for g in C.goods if g in row)


def item(name: str) -> str:
    """A resource in a word: "gold", «золото»."""
    return pgettext("item", name) if name in _ITEMS else name.replace("_", " ")


def tile_type(t: str) -> str:
    """A trade tile type: "panther", «пантера», «párduc»."""
    return pgettext("type", t) if t in _TYPES else t


def effect(key: str) -> str:
    """A special tile's power in a few words: "food scores two"."""
    words = key.replace("_", " ")
    return pgettext("effect", words) if words in _EFFECTS else words


def effect_text(tile: str) -> str:
    """A special tile's printed text (components.json)."""
    return _(C.effect_text[tile])


def country(c: str) -> str:
    """A country's name: "Kingdom of the Cheetah", «Королевство Гепарда»."""
    name = C.country_name.get(c)
    return _(name) if name else c


def mystery(card: str) -> str:
    """A mysterious place card's name: "Library of Paws"."""
    name = C.mystery_name.get(card)
    return _(name) if name else card


def colour(c: str) -> str:
    return pgettext("colour", c) if c in _COLOURS else c


def kind(k: str) -> str:
    """A province's kind: "port", "crossroads", "factory"."""
    return pgettext("province", k) if k in _KINDS else k


def province(name: str) -> str:
    """A province by its code, in the reader's letters: "EM-X1", «ИЗ-Х1» (the country's colour,
    then P the port, X a crossroads, F a factory site, and its number)."""
    code, dash, place = str(name).partition("-")
    if not dash or code not in _CODES or place[:1] not in _CODES:
        return str(name)
    land, kind_of = pgettext("country code", code), pgettext("place code", place[:1])
    return f"{land}-{kind_of}{place[1:]}"


def short(place: str) -> str:
    """A province's short code within its country: "X1", «Х1»."""
    if place[:1] not in _CODES:
        return place
    return pgettext("place code", place[:1]) + place[1:]


def help_text(key: str) -> str:
    """A component's rules help (components.json "help"), in a sentence."""
    return _(C.help[key])


def symbol_help(symbol: str) -> str:
    return _(C.symbol_help[symbol])


def number(ident: str, prefix: str) -> str:
    """The number in an id: "ship2" -> "2", "market3" -> "3"."""
    return str(ident).removeprefix(prefix)


# -- what the platform shows of Felinia's data, in its words (service/web/texts.py) -----------
# Option labels and choices, score categories, how a game ends and the action types (the titles
# of the move list): marked here for the catalog, translated where shown.

_OPTIONS = (
    NP_("option", "Mode"), NP_("option", "Open deck"), NP_("option", "First player"),
    NP_("option", "Lenient expedition"), NP_("option", "Allow two player basic"),
    NP_("choice", "basic"), NP_("choice", "advanced"),
)
_SCORES = (
    NP_("score", "trade sets"), NP_("score", "bonus plus one"), NP_("score", "merchant groups"), NP_("score", "gold"),
    NP_("score", "spice"), NP_("score", "goods"), NP_("score", "mystery"), NP_("score", "food"),
    NP_("termination", "last merchant"), NP_("termination", "deck exhausted"),
)
ACTIONS = {a: a for a in (
    NP_("action", "Place bid"), NP_("action", "Buy"), NP_("action", "Exchange"), NP_("action", "Decline"),
    NP_("action", "Board"), NP_("action", "End turn"), NP_("action", "Flip"), NP_("action", "Move"),
    NP_("action", "Stop"), NP_("action", "Keep mystery"), NP_("action", "Store fourth"), NP_("action", "Sell"),
    NP_("action", "Final done"),
)}


def action_name(kind: str) -> str:
    """An action type in words, lower case: "place bid", «сделать ставку»."""
    english = kind.replace("_", " ").capitalize()
    return pgettext("action", english).lower() if english in ACTIONS else kind.replace("_", " ")
