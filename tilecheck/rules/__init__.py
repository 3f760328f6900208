"""The rule catalog: one entry per code, gathered from the per-scope modules."""

from __future__ import annotations

from functools import cache

from tilecheck.rules.base import Case, Rule

__all__ = ["Case", "Rule", "catalog"]


@cache
def catalog() -> dict[str, Rule]:
    """Every rule by code, in code order."""
    from tilecheck.rules import file_rules, host_rules, kernel_rules

    rules: list[Rule] = [*file_rules.RULES, *host_rules.RULES, *kernel_rules.RULES]
    return {r.code: r for r in sorted(rules, key=lambda r: r.code)}
