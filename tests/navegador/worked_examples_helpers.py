"""Action builders and positions shared by the worked-example tests (test_worked_examples_*.py)."""

from __future__ import annotations

from domain.navegador.components import C

ALL_EXPLORED = set(C.regions)


def hire(n: int) -> dict:
    return {"type": "hire_workers", "count": n}


def build(line: str) -> dict:
    return {"type": "build", "building": line}


def take(kind: str) -> dict:
    return {"type": "take_privilege", "kind": kind}
