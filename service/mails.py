"""The words of the e-mails: a delivery's payload (service/batching.py, service/news.py) as a
message with a plain text part and a simple HTML part, saying the same.

Every message greets the player, has a part per game (what waits, what happened since their
last turn, the deadline in their time zone and the time left, a game's ranking, who asks for a
take-back) each with a direct link to the game's page, and ends with a link to the settings and
a one-click link that turns e-mail off. `List-Unsubscribe` carries that link, and
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

from .localtime import left, local

# Long headers (the one-click link, the delivery's id) stay as they are, on one line, within
# RFC 5322's 998 characters: folded at 78 they would be written as encoded words, which a mail
# program does not read as the link of List-Unsubscribe.
HEADERS_ON_ONE_LINE = email.policy.default.clone(max_line_length=998)
WHAT_WAITS = {"turn": "your turn", "undo": "a take-back request waits for your answer"}


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
    delivery's id, so a copy sent again has the same one."""
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
    footer = Part("Your e-mail from shiplog", None, [f"Your settings: {links.settings()}",
                                                     f"No more e-mail, in one click: {mail_off}"])
    greeting = f"Hello {name},"
    message.set_content("\n".join([greeting, "", *(p.text() for p in parts), "--", *footer.lines]) + "\n")
    body = "\n".join([f"<p>{escape(greeting)}</p>", *(p.html() for p in parts), "<hr>",
                      f'<p><a href="{escape(links.settings())}">Your settings</a> · '
                      f'<a href="{escape(mail_off)}">No more e-mail, in one click</a></p>'])
    message.add_alternative(f"<!DOCTYPE html>\n<html><body>\n{body}\n</body></html>\n", subtype="html")
    return message


def words(data: Mapping[str, Any]) -> tuple[str, list[Part]]:
    """The subject and the parts of a message for a delivery's payload: a mail of sections, a
    digest, or one occasion as servers before mails of sections queued it."""
    if data["kind"] == "digest":
        return digest(data)
    sections = data["sections"] if data["kind"] == "mail" else [data]
    when = datetime.fromisoformat(data["time"])
    parts = [part(s, when, data.get("time_zone")) for s in sections]
    subject = parts[0].heading + (f" (and {len(parts) - 1} more)" if len(parts) > 1 else "")
    return subject, parts


def title(game: Mapping[str, Any]) -> str:
    return f"{game['title']} ({', '.join(p or 'open seat' for p in game['players'])})"


def part(section: Mapping[str, Any], now: datetime, zone: str | None) -> Part:
    """One game's part: what waits, with the game's link."""
    game, kind = section["game"], section["kind"]
    out = Part("", game["url"])
    if kind in ("turn", "reminder"):
        out.heading = f"Your turn: {title(game)}" if kind == "turn" else f"Your time runs out: {title(game)}"
        out.lines.append(f"It is your turn in {title(game)}." if kind == "turn" else
                         f"Your turn in {title(game)} is still waiting, and your time runs out soon.")
        if section.get("deadline"):
            deadline = datetime.fromisoformat(section["deadline"])
            then = ("a bot plays for you until you are back" if section.get("on_timeout") == "bot"
                    else "you lose the game")
            out.lines.append(f"You have until {local(deadline, zone)}: {left(deadline, now)} left. Then {then}.")
        if section.get("since"):
            out.lines.append("Since your last turn:")
            out.items = list(section["since"])
            if section.get("more"):
                out.items.append(f"… and {section['more']} more on the game's page.")
    elif kind == "undo":
        asker = section.get("asker") or "a player"
        out.heading = f"{asker} asks to take back a move: {title(game)}"
        out.lines.append(f"{asker} asks to take back their last move in {title(game)}. Accept or decline on the game's page.")
    else:
        out.heading = f"Game over: {title(game)}"
        abandoned = game.get("status") == "abandoned" or section.get("termination") == "abandoned"
        out.lines.append(f"{title(game)} was abandoned." if abandoned else f"{title(game)} is over.")
        ranking = section.get("ranking") or []
        if ranking:
            out.lines.append("The ranking:")
            out.items = [f"{r['rank']}. {r['name']}: {r['score']}" for r in ranking]
    return out


def digest(data: Mapping[str, Any]) -> tuple[str, list[Part]]:
    day = Part("Your shiplog day")
    for item in data["inbox"]:
        game = item["game"]
        until = f" (until {local(datetime.fromisoformat(item['deadline']), data.get('time_zone'))})" if item.get("deadline") else ""
        day.items.append(f"{game['game']}: {WHAT_WAITS.get(item['reason'], item['reason'])}{until}: "
                         f"{item.get('url') or game['id']}")
    for ended in data["ended"]:
        day.items.append(f"{ended['game']['title']} has ended: {ended['game']['url']}")
    for game in data.get("played", []):  # digests made before the moves played for a seat were listed have none
        day.items.append(f"{game['title']}, played for you: {' '.join(game['moves'])} {game['url']}")
    if not day.items:
        day.lines.append("Nothing waits for you right now.")
    return f"shiplog: {len(data['inbox'])} game(s) waiting for you", [day]
