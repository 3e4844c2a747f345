"""What the pages tell the browser to refuse: the Content-Security-Policy and its company.

No page has inline script or event-handler attributes: the scripts are files of `static/`, so
`script-src 'self'` with no nonce. Styles come from `static/shiplog.css`, and a board template
may carry its own `<style>` block: each such block of the pages' templates and of every
registered game's `board.html` is allowed by its sha256, computed once from the templates'
sources (a block must be plain CSS, without Jinja, so the page holds the same text). A nonce
would not do for them: the game page swaps in its live part, board included, from a newer
answer, whose nonce the page's policy does not know.
"""

from __future__ import annotations

import base64
import hashlib
import logging
import re
from pathlib import Path

from domain.core import registry
from domain.core.errors import IllegalAction

from .boards import board_path

log = logging.getLogger("shiplog.web")
TEMPLATES = Path(__file__).with_name("templates")
STYLE = re.compile(r"<style>(.*?)</style>", re.S)
FIXED = ("default-src 'self'", "script-src 'self'", "img-src 'self' data:", "object-src 'none'",
         "base-uri 'none'", "form-action 'self'", "frame-ancestors 'none'")


def templates() -> list[Path]:
    """The pages' templates and every registered game's board template."""
    found = sorted(TEMPLATES.glob("*.html"))
    for name in registry.names():
        try:
            path = board_path(registry.get(name))
        except IllegalAction:
            continue  # a game that fails to load is not offered (the catalog says so)
        if path is not None:
            found.append(path)
    return found


def style_hashes(paths: list[Path]) -> list[str]:
    """The CSP sources of the inline `<style>` blocks of these templates."""
    sources = []
    for path in paths:
        for block in STYLE.findall(path.read_text(encoding="utf-8")):
            if any(mark in block for mark in ("{{", "{%", "{#")):
                log.warning("%s: a <style> block with Jinja in it cannot be allowed by its hash", path)
                continue
            digest = base64.b64encode(hashlib.sha256(block.encode("utf-8")).digest()).decode("ascii")
            sources.append(f"'sha256-{digest}'")
    return sorted(set(sources))


def content_security_policy() -> str:
    styles = " ".join(["style-src 'self'", *style_hashes(templates())])
    return "; ".join([*FIXED, styles])
