"""Screenshots of the pages at a phone's width (390 px) and a desktop's (1280 px): into the
folder SHIPLOG_SCREENSHOTS names (`make screenshots`: docs/screenshots), else nowhere."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any


def shoot(page: Any, name: str) -> None:
    folder = os.environ.get("SHIPLOG_SCREENSHOTS")
    if not folder:
        return
    Path(folder).mkdir(parents=True, exist_ok=True)
    size = page.viewport_size
    for width in (390, 1280):
        page.set_viewport_size({"width": width, "height": 900})
        page.screenshot(path=str(Path(folder) / f"{name}-{width}.png"), full_page=True)
        if width == 390 and os.environ.get("SHIPLOG_SCREENSHOTS_TOP"):  # the first screen, to look at
            page.screenshot(path=str(Path(folder) / f"{name}-{width}-top.png"))
    page.set_viewport_size(size)
