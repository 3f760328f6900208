"""``path:line:col: TC102 [use-in-flight] message``, one finding a line (1-based column)."""

from __future__ import annotations

from collections.abc import Sequence

from tilecheck.diagnostics import Diagnostic
from tilecheck.formats.sources import SourceProvider
from tilecheck.formats.style import PLAIN, Style


def line(d: Diagnostic, style: Style = PLAIN) -> str:
    colon = style.separator(":")
    place = f"{style.bold(d.path)}{colon}{d.span.line}{colon}{d.span.column + 1}{colon}"
    return f"{place} {style.error(d.code)} [{d.slug}] {d.message}"


def render(diagnostics: Sequence[Diagnostic], sources: SourceProvider, style: Style = PLAIN) -> str:
    return "".join(line(d, style) + "\n" for d in diagnostics)
