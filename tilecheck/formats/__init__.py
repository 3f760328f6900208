"""Renderers: a list of findings in, text out. Each takes the findings (sorted) and a way to
read a file's text (only ``full`` prints source lines)."""

from __future__ import annotations

from collections.abc import Sequence

from tilecheck.diagnostics import Diagnostic
from tilecheck.formats import full, github, json_format, sarif, text
from tilecheck.formats.sources import FileSources, SourceProvider

__all__ = ["RENDERERS", "FileSources", "SourceProvider", "render"]

RENDERERS = {
    "text": text.render,
    "full": full.render,
    "json": json_format.render,
    "sarif": sarif.render,
    "github": github.render,
}


def render(
    output_format: str, diagnostics: Sequence[Diagnostic], sources: SourceProvider | None = None
) -> str:
    """``diagnostics`` in ``output_format`` (one of ``RENDERERS``); "" when there are none in
    the line-oriented formats."""
    return RENDERERS[output_format](diagnostics, sources or FileSources())
