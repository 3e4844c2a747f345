"""The words of the e-mails: a delivery's payload (service/notifications.py) as a message."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from email.message import EmailMessage
from email.utils import formatdate
from typing import Any


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


def compose(name: str, delivery: dict[str, Any], sender: str, recipient: str) -> EmailMessage:
    """The message of a delivery to `recipient` (the player called `name`): its Message-ID is
    made from the delivery's id, so a copy sent again has the same one."""
    data = json.loads(delivery["payload"])
    message = EmailMessage()
    message["From"] = sender
    message["To"] = recipient
    message["Date"] = formatdate(localtime=False)
    domain = sender.rpartition("@")[2] or "shiplog"
    message["Message-ID"] = f"<{hashlib.sha256(delivery['id'].encode()).hexdigest()[:32]}@{domain}>"
    message["X-Shiplog-Delivery"] = delivery["id"]
    subject, text = words(data, name)
    message["Subject"] = " ".join(subject.split())  # one line, whatever names were stored before names were checked
    message.set_content(text)
    return message


def words(data: dict[str, Any], name: str) -> tuple[str, str]:
    """The subject and text of an e-mail for a delivery's payload."""
    if data["kind"] == "digest":
        lines = [f"Hello {name},", "", "Your shiplog day:"]
        for item in data["inbox"]:
            game = item["game"]
            what = "your turn" if item["reason"] == "turn" else "a take-back request waits for your answer"
            until = f" (until {item['deadline']})" if item.get("deadline") else ""
            lines.append(f"- {game['game']} {game['id']}: {what}{until}")
        for ended in data["ended"]:
            lines.append(f"- {ended['game']['title']} {ended['game']['id']} has ended: {ended['game']['url']}")
        if not data["inbox"] and not data["ended"]:
            lines.append("- nothing waits for you right now.")
        return f"shiplog: {len(data['inbox'])} game(s) waiting for you", "\n".join(lines) + "\n"
    if data["kind"] == "mail":
        parts = [words(item, name) for item in data["items"]]
        if len(parts) == 1:
            return parts[0]
        lines = [f"Hello {name},", ""] + [text.split("\n", 2)[2].strip() + "\n" for _subject, text in parts]
        return f"shiplog: {len(parts)} games want you", "\n".join(lines)
    game = data["game"]
    title = f"{game['title']} ({', '.join(p or 'open seat' for p in game['players'])})"
    if data["kind"] == "turn":
        until = f"\nYou have until {data['deadline']} (UTC)." if data.get("deadline") else ""
        return f"Your turn: {title}", f"Hello {name},\n\nit is your turn in {title}.{until}\n\n{game['url']}\n"
    if data["kind"] == "undo":
        return (f"A take-back waits for your answer: {title}",
                f"Hello {name},\n\na player asks to take back a move in {title}; accept or decline:\n\n{game['url']}\n")
    return f"Game over: {title}", f"Hello {name},\n\n{title} has ended ({game['status']}).\n\n{game['url']}\n"
