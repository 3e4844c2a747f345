"""Seat, host, invitation and player tokens: made here, stored only as their hash."""

from __future__ import annotations

import hashlib
import secrets


def new_token() -> str:
    return secrets.token_urlsafe(24)


def hash_token(token: str) -> str:
    """Seat and host tokens are stored as sha256: they are 192-bit random, so no slow hash is needed."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()
