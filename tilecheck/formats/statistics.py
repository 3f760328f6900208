"""``--statistics``: how many findings of each code, most frequent first (as ruff prints)."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence

from tilecheck.diagnostics import Diagnostic


def counts(diagnostics: Sequence[Diagnostic]) -> list[tuple[str, int]]:
    tally = Counter(d.code for d in diagnostics)
    return sorted(tally.items(), key=lambda item: (-item[1], item[0]))


def _slug(code: str) -> str:
    from tilecheck.catalog import catalog

    rule = catalog().get(code)
    return rule.slug if rule else "unknown"


def render(diagnostics: Sequence[Diagnostic], output_format: str = "text") -> str:
    rows = counts(diagnostics)
    if output_format == "json":
        table = [{"code": code, "slug": _slug(code), "count": n} for code, n in rows]
        return json.dumps(table, indent=2) + "\n"
    width = max((len(str(n)) for _, n in rows), default=1)
    return "".join(f"{n:>{width}}\t{code}\t[{_slug(code)}]\n" for code, n in rows)
