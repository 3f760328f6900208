"""A JSON list of findings. Lines and columns are 1-based; ``end_column`` is exclusive (one
past the last character), as in ruff's JSON."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from tilecheck.diagnostics import Diagnostic, Span
from tilecheck.formats.sources import SourceProvider


def _position(span: Span) -> dict[str, int]:
    return {
        "line": span.line,
        "column": span.column + 1,
        "end_line": span.end_line,
        "end_column": span.end_column + 1,
    }


def as_dict(d: Diagnostic) -> dict[str, Any]:
    return {
        "code": d.code,
        "slug": d.slug,
        "message": d.message,
        "path": d.path,
        **_position(d.span),
        "labels": [
            {"message": label.message, "path": label.path or d.path, **_position(label.span)}
            for label in d.labels
        ],
        "notes": list(d.notes),
    }


def render(diagnostics: Sequence[Diagnostic], sources: SourceProvider) -> str:
    return json.dumps([as_dict(d) for d in diagnostics], indent=2) + "\n"
