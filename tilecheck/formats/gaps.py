"""``--show-gaps``: the places the host analysis gave up on an object
(``tilecheck.host.gap_reasons``), rendered as findings are but apart from them:
``path:line:col: TC901 [gap: unknown-call] ...`` in text, a ``"gaps"`` list beside
``"findings"`` in JSON, and counts per reason with ``--statistics``. They are never findings:
no exit status, no selection, no suppression."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from typing import Any

from tilecheck.diagnostics import Diagnostic
from tilecheck.formats.json_format import as_dict
from tilecheck.formats.style import PLAIN, Style


def slug(code: str) -> str:
    from tilecheck.host.gap_reasons import BY_CODE

    reason = BY_CODE.get(code)
    return reason.slug if reason is not None else "gap"


def line(d: Diagnostic, style: Style = PLAIN) -> str:
    colon = style.separator(":")
    place = f"{style.bold(d.path)}{colon}{d.span.line}{colon}{d.span.column + 1}{colon}"
    return f"{place} {d.code} [gap: {slug(d.code)}] {d.message}"


def gap_dict(d: Diagnostic) -> dict[str, Any]:
    return {**as_dict(d), "slug": slug(d.code), "kind": "gap"}


def render_text(gaps: Sequence[Diagnostic], style: Style = PLAIN) -> str:
    return "".join(line(d, style) + "\n" for d in gaps)


def render_json(findings: Sequence[Diagnostic], gaps: Sequence[Diagnostic]) -> str:
    """The findings and the gaps as one object (``--show-gaps --output-format json``)."""
    table = {"findings": [as_dict(d) for d in findings], "gaps": [gap_dict(d) for d in gaps]}
    return json.dumps(table, indent=2) + "\n"


def counts(gaps: Sequence[Diagnostic]) -> list[tuple[str, int]]:
    tally = Counter(d.code for d in gaps)
    return sorted(tally.items(), key=lambda item: (-item[1], item[0]))


def statistics_text(gaps: Sequence[Diagnostic]) -> str:
    rows = counts(gaps)
    width = max((len(str(n)) for _, n in rows), default=1)
    return "".join(f"{n:>{width}}\t{code}\t[gap: {slug(code)}]\n" for code, n in rows)


def statistics_rows(gaps: Sequence[Diagnostic]) -> list[dict[str, Any]]:
    return [{"code": code, "slug": slug(code), "count": n} for code, n in counts(gaps)]
