"""``path:line:col: TC102 [use-in-flight] message``, one finding a line (1-based column)."""

from __future__ import annotations

from collections.abc import Sequence

from tilecheck.diagnostics import Diagnostic
from tilecheck.formats.sources import SourceProvider


def line(d: Diagnostic) -> str:
    return f"{d.location()}: {d.code} [{d.slug}] {d.message}"


def render(diagnostics: Sequence[Diagnostic], sources: SourceProvider) -> str:
    return "".join(line(d) + "\n" for d in diagnostics)
