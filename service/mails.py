"""The words of the e-mails: a delivery's payload (service/batching.py, service/news.py) as a
message with a plain text part and a simple HTML part, saying the same.

Every message greets the player, has a part per game (what waits, what happened since their
last turn, the deadline in their time zone and the time left, a game's ranking, who asks for a
take-back) each with a direct link to the game's page, and ends with a link to the settings and
a one-click link that turns e-mail off. Every word, date and number is in the player's language
(their setting): the message is composed while it is spoken (service/sending.py). `List-Unsubscribe` carries that link, and
`List-Unsubscribe-Post: List-Unsubscribe=One-Click` lets a mail program use it at once (RFC
8058): a POST to it turns e-mail off, and nothing else.
"""

from __future__ import annotations

import email.policy
import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from email.message import EmailMessage
from email.utils import formatdate
from html import escape
from typing import Any

from domain.core import registry
from domain.core.i18n import _, language, ngettext
from domain.core.translations import number

from .localtime import left, local

# Long headers (the one-click link, the delivery's id) stay as they are, on one line, within
# RFC 5322's 998 characters: folded at 78 they would be written as encoded words, which a mail
# program does not read as the link of List-Unsubscribe.
HEADERS_ON_ONE_LINE = email.policy.default.clone(max_line_length=998)


@dataclass(frozen=True)
class Links:
    """The addresses a notification links to, from the server's public address
    (SHIPLOG_PUBLIC_URL): the pages a person opens, and the API a program reads."""

    base: str

    def __post_init__(self) -> None:
        object.__setattr__(self, "base", self.base.rstrip("/"))

    def game(self, game_id: Any) -> str:
        """The game's page (what a person clicks)."""
        return f"{self.base}/games/{game_id}"

    def api(self, game_id: Any) -> str:
        """The game in the API (what a program reads)."""
        return f"{self.base}/v1/games/{game_id}"

    def settings(self) -> str:
        return f"{self.base}/settings"

    def mail_off(self, token: str) -> str:
        """The page (and the one-click POST) that turns the token's player's e-mail off."""
        return f"{self.base}/mail/off/{token}"


@dataclass
class Part:
    """One part of a message: a heading with its link, sentences, and a list."""

    heading: str
    url: str | None = None
    lines: list[str] = field(default_factory=list)
    items: list[str] = field(default_factory=list)

    def text(self) -> str:
        out = [self.heading] + ([self.url] if self.url else []) + [""] + self.lines
        return "\n".join(out + [f"- {item}" for item in self.items]).rstrip() + "\n"

    def html(self) -> str:
        heading = escape(self.heading)
        out = [f'<h2><a href="{escape(self.url)}">{heading}</a></h2>' if self.url else f"<h2>{heading}</h2>"]
        out += [f"<p>{escape(line)}</p>" for line in self.lines]
        if self.items:
            out.append("<ul>" + "".join(f"<li>{escape(item)}</li>" for item in self.items) + "</ul>")
        return "\n".join(out)


def compose(name: str, delivery: dict[str, Any], sender: str, recipient: str, links: Links, mail_off: str) -> EmailMessage:
    """The message of a delivery to `recipient` (the player called `name`); `mail_off` is the
    address of their one-click link that turns e-mail off. Its Message-ID is made from the
    delivery's id, so a copy sent again has the same one. Its words are in the language spoken
    when it is composed (the sender speaks the player's: service/sending.py)."""
    data = json.loads(delivery["payload"])
    subject, parts = words(data)
    message = EmailMessage(policy=HEADERS_ON_ONE_LINE)
    message["From"] = sender
    message["To"] = recipient
    message["Date"] = formatdate(localtime=False)
    domain = sender.rpartition("@")[2] or "shiplog"
    message["Message-ID"] = f"<{hashlib.sha256(delivery['id'].encode()).hexdigest()[:32]}@{domain}>"
    message["X-Shiplog-Delivery"] = delivery["id"]
    message["Subject"] = " ".join(subject.split())  # one line, whatever names were stored before names were checked
    message["List-Unsubscribe"] = f"<{mail_off}>"
    message["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
    settings, off = _("Your settings"), _("No more e-mail, in one click")
    greeting = _("Hello {name},", name=name)
    message.set_content("\n".join([greeting, "", *(p.text() for p in parts), "--",
                                   f"{settings}: {links.settings()}", f"{off}: {mail_off}"]) + "\n")
    body = "\n".join([f"<p>{escape(greeting)}</p>", *(p.html() for p in parts), "<hr>",
                      f'<p><a href="{escape(links.settings())}">{escape(settings)}</a> · '
                      f'<a href="{escape(mail_off)}">{escape(off)}</a></p>'])
    message.add_alternative(f'<!DOCTYPE html>\n<html lang="{language()}"><body>\n{body}\n</body></html>\n', subtype="html")
    message["Content-Language"] = language()  # (after the parts: setting a body clears the Content- headers)
    return message


def words(data: Mapping[str, Any]) -> tuple[str, list[Part]]:
    """The subject and the parts of a message for a delivery's payload: a mail of sections, a
    digest, or one occasion as servers before mails of sections queued it."""
    if data["kind"] == "digest":
        return digest(data)
    sections = data["sections"] if data["kind"] == "mail" else [data]
    when = datetime.fromisoformat(data["time"])
    parts = [part(s, when, data.get("time_zone")) for s in sections]
    more = len(parts) - 1
    subject = ngettext("{heading} (and {n} more)", "{heading} (and {n} more)", more, heading=parts[0].heading) if more \
        else parts[0].heading
    return subject, parts


def game_name(game: Mapping[str, Any]) -> str:
    """The game's title in the reader's language (a payload written before it named its game:
    the English title it stored)."""
    return registry.title(game["game"]) if game.get("game") else str(game.get("title") or "")


def title(game: Mapping[str, Any]) -> str:
    return _("{game} ({players})", game=game_name(game),
             players=", ".join(p or _("open seat") for p in game["players"]))


def part(section: Mapping[str, Any], now: datetime, zone: str | None) -> Part:
    """One game's part: what waits, with the game's link."""
    game, kind = section["game"], section["kind"]
    out = Part("", game["url"])
    named = title(game)
    if kind in ("turn", "reminder"):
        out.heading = _("Your turn: {game}", game=named) if kind == "turn" else _("Your time runs out: {game}", game=named)
        out.lines.append(_("It is your turn in {game}.", game=named) if kind == "turn" else
                         _("Your turn in {game} is still waiting, and your time runs out soon.", game=named))
        if section.get("deadline"):
            deadline = datetime.fromisoformat(section["deadline"])
            until, time_left = local(deadline, zone), left(deadline, now)
            out.lines.append(_("You have until {until}: {left} left. Then a bot plays for you until you are back.",
                               until=until, left=time_left) if section.get("on_timeout") == "bot" else
                             _("You have until {until}: {left} left. Then you lose the game.", until=until, left=time_left))
        if section.get("since"):
            out.lines.append(_("Since your last turn:"))
            out.items = list(section["since"])
            if section.get("more"):
                out.items.append(ngettext("… and {n} more on the game's page.", "… and {n} more on the game's page.",
                                          int(section["more"])))
    elif kind == "undo":
        asker = section.get("asker") or _("a player")
        out.heading = _("{asker} asks to take back a move: {game}", asker=asker, game=named)
        out.lines.append(_("{asker} asks to take back their last move in {game}. Accept or decline on the game's page.",
                           asker=asker, game=named))
    else:
        out.heading = _("Game over: {game}", game=named)
        abandoned = game.get("status") == "abandoned" or section.get("termination") == "abandoned"
        out.lines.append(_("{game} was abandoned.", game=named) if abandoned else _("{game} is over.", game=named))
        ranking = section.get("ranking") or []
        if ranking:
            out.lines.append(_("The ranking:"))
            out.items = [_("{rank}. {name}: {score}", rank=r["rank"], name=r["name"], score=score(r["score"]))
                         for r in ranking]
    return out


def score(value: Any) -> str:
    return number(value) if isinstance(value, int | float) and not isinstance(value, bool) else str(value)


def digest(data: Mapping[str, Any]) -> tuple[str, list[Part]]:
    day = Part(_("Your shiplog day"))
    for item in data["inbox"]:
        game = item["game"]
        waits = _("your turn") if item["reason"] == "turn" else _("a take-back request waits for your answer") \
            if item["reason"] == "undo" else str(item["reason"])
        link = item.get("url") or game["id"]
        if item.get("deadline"):
            until = local(datetime.fromisoformat(item["deadline"]), data.get("time_zone"))
            day.items.append(_("{game}: {waits} (until {until}): {link}", game=game_name(game), waits=waits, until=until, link=link))
        else:
            day.items.append(_("{game}: {waits}: {link}", game=game_name(game), waits=waits, link=link))
    for ended in data["ended"]:
        day.items.append(_("{game} has ended: {link}", game=game_name(ended["game"]), link=ended["game"]["url"]))
    for game in data.get("played", []):  # digests made before the moves played for a seat were listed have none
        day.items.append(_("{game}, played for you: {moves} {link}", game=game_name(game), moves=" ".join(game["moves"]),
                           link=game["url"]))
    if not day.items:
        day.lines.append(_("Nothing waits for you right now."))
    waiting = len(data["inbox"])
    return ngettext("shiplog: {n} game waiting for you", "shiplog: {n} games waiting for you", waiting), [day]
