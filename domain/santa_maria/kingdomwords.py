"""The sentences of the American Kingdoms' facts (§8.1: cocoa, Meditation, the bishop Conquest)
and of module C's ambassadors (§8.4), registered with the game's `describe` (words.py)."""

from __future__ import annotations

from domain.core import Fact, Viewer
from domain.core.words import seat

from .i18n import _, coins, goods, line, ngettext
from .words import _ambassador_die, _source, _vp, says


@says("CocoaTokensGiven")
def _cocoa_tokens(f: Fact, v: Viewer) -> str:
    empty = f["tokens"] - f["full"]
    tokens = ngettext("{n} cocoa token", "{n} cocoa tokens", f["tokens"])
    if empty:
        empties = ngettext("{n} empty one", "{n} empty ones", empty)
        return _("{who} has {tokens}: {full} full, {empty}.", who=seat(f["seat"]), tokens=tokens, full=f["full"], empty=empties)
    return _("{who} has {tokens}: {full} full.", who=seat(f["seat"]), tokens=tokens, full=f["full"])


@says("CocoaGained")
def _cocoa_gained(f: Fact, v: Viewer) -> str:
    return _("{who} gains {cocoa}{source}.", who=seat(f["seat"]), cocoa=goods(f["cocoa"], "cocoa"), source=_source(f.get("source", "")))


@says("CocoaLost")
def _cocoa_lost(f: Fact, v: Viewer) -> str:
    return _("{who}'s cocoa tokens are full: {cocoa} is lost.", who=seat(f["seat"]), cocoa=goods(f["cocoa"], "cocoa"))


@says("CocoaPaid")
def _cocoa_paid(f: Fact, v: Viewer) -> str:
    return _("{who} pays {goods}.", who=seat(f["seat"]), goods=goods(f["cocoa"], "cocoa"))


@says("MeditationSpaceUsed")
def _meditation(f: Fact, v: Viewer) -> str:
    return _("{who} takes the action of the free pass space {space} with Meditation, staying on space 5.", who=seat(f["seat"]),
             space=f["space"])


@says("BishopConquestScored")
def _conquest(f: Fact, v: Viewer) -> str:
    return _("{who} receives the year's conquistador award again for the bishop Conquest: {vp}.", who=seat(f["seat"]), vp=_vp(f["vp"]))


@says("CoinsTransferred")
def _transferred(f: Fact, v: Viewer) -> str:
    return _("{who} pays {whom} {coins}.", who=seat(f["from"]), whom=seat(f["to"]), coins=coins(f["coins"]))


@says("AmbassadorDiceRolled")
def _ambassadors_rolled(f: Fact, v: Viewer) -> str:
    if f.get("year"):
        return _("The ambassador dice are rolled back on their tokens: white {white}, blue {blue}.", white=f["white"], blue=f["blue"])
    return _("The ambassador dice are rolled onto their tokens: white {white}, blue {blue}.", white=f["white"], blue=f["blue"])


@says("AmbassadorTaken")
def _ambassador_taken(f: Fact, v: Viewer) -> str:
    die = _ambassador_die({"color": f["color"]})
    return _("{who} takes {die}, showing {face}, with its token.", who=seat(f["seat"]), die=die, face=f["face"])


@says("PassiveActivationStarted")
def _passive(f: Fact, v: Viewer) -> str:
    die = _ambassador_die({"color": f["color"]})
    return _("{who} activates their {line} {value} with {die} (no die stays).", who=seat(f["seat"]), line=line(f["line"]),
             value=f["value"], die=die)
