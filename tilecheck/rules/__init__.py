"""The rule catalog: one entry per code, gathered from the per-scope modules."""

from __future__ import annotations

from functools import cache

from tilecheck.rules.base import Case, Rule

__all__ = ["Case", "Rule", "catalog"]


@cache
def catalog() -> dict[str, Rule]:
    """Every rule by code, in code order."""
    from tilecheck.rules.file_rules import RULES as FILE_RULES
    from tilecheck.rules.host_rules import RULES as HOST_RULES
    from tilecheck.rules.kernel_rules import RULES as KERNEL_RULES

    rules: list[Rule] = [*FILE_RULES, *HOST_RULES, *KERNEL_RULES]
    return {r.code: r for r in sorted(rules, key=lambda r: r.code)}
