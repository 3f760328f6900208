"""GitHub Actions workflow commands: each finding becomes an ``::error`` annotation on the
pull request's diff."""

from __future__ import annotations

from collections.abc import Sequence

from tilecheck.diagnostics import Diagnostic
from tilecheck.formats.sources import SourceProvider


def _data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _property(text: str) -> str:
    return _data(text).replace(":", "%3A").replace(",", "%2C")


def line(d: Diagnostic) -> str:
    s = d.span
    properties = ",".join(
        [
            f"file={_property(d.path)}",
            f"line={s.line}",
            f"col={s.column + 1}",
            f"endLine={s.end_line}",
            f"endColumn={s.end_column + 1}",
            f"title={_property(f'{d.code} [{d.slug}]')}",
        ]
    )
    message = "\n".join([d.message, *(f"note: {n}" for n in d.notes)])
    return f"::error {properties}::{_data(message)}"


def render(diagnostics: Sequence[Diagnostic], sources: SourceProvider) -> str:
    return "".join(line(d) + "\n" for d in diagnostics)
