"""Seat, host, invitation and player tokens: made here, stored only as their hash; and the
signed token of the link that turns a player's e-mail off.

>>> token = mail_off_token("key", "4f0c")
>>> mail_off_player("key", token), mail_off_player("another key", token), mail_off_player("key", "4f0d" + token[4:])
('4f0c', None, None)
"""

from __future__ import annotations

import hashlib
import hmac
import secrets


def new_token() -> str:
    return secrets.token_urlsafe(24)


def hash_token(token: str) -> str:
    """Seat and host tokens are stored as sha256: they are 192-bit random, so no slow hash is needed."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


MAIL_OFF = b"shiplog mail-off v1:"


def mail_off_token(secret: str, player_id: str) -> str:
    """The token of a player's link that turns their e-mail off (in every mail they get): the
    player's id and an HMAC of it with the server's secret key. It does nothing else, so it
    needs no expiry; a new secret key (SHIPLOG_SECRET_KEY) ends every link made before."""
    mac = hmac.new(secret.encode("utf-8"), MAIL_OFF + player_id.encode("utf-8"), hashlib.sha256).hexdigest()
    return f"{player_id}.{mac[:32]}"


def mail_off_player(secret: str, token: str) -> str | None:
    """The player id a mail-off token was made for, or None when it is not one of this server's."""
    player_id, _, _mac = token.partition(".")
    if not player_id or not token.isascii() or not hmac.compare_digest(mail_off_token(secret, player_id), token):
        return None
    return player_id
