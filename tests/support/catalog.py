"""The catalog's examples as test parameters: each ``(rule, index, case)`` of one scope, and
the id pytest shows for it (``TC102-3``)."""

from __future__ import annotations

from tilecheck.catalog import Case, Rule, catalog


def rules_of(scope: str) -> list[Rule]:
    """The catalog's rules of one scope (``"file"``, ``"host"`` or ``"kernel"``), in code order."""
    return [rule for rule in catalog().values() if rule.scope == scope]


def cases(scope: str, kind: str) -> list[tuple[Rule, int, Case]]:
    """Every ``kind`` (``"valid"`` or ``"invalid"``) example of the rules of ``scope``."""
    return [(r, i, c) for r in rules_of(scope) for i, c in enumerate(getattr(r, kind))]


def case_id(item: tuple[Rule, int, Case]) -> str:
    rule, index, _ = item
    return f"{rule.code}-{index}"
