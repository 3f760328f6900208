"""Renderers: a list of findings in, text out. Each takes the findings (sorted) and a way to
read a file's text (only ``full`` prints source lines)."""

from __future__ import annotations

from collections.abc import Sequence

from tilecheck.diagnostics import Diagnostic
from tilecheck.formats import full, github, json_format, sarif, text
from tilecheck.formats.sources import FileSources, SourceProvider
from tilecheck.formats.style import PLAIN, Style

__all__ = ["HUMAN_FORMATS", "RENDERERS", "FileSources", "SourceProvider", "Style", "render"]

RENDERERS = {
    "text": text.render,
    "full": full.render,
    "json": json_format.render,
    "sarif": sarif.render,
    "github": github.render,
}


HUMAN_FORMATS = ("text", "full")  # read by people: coloured where asked, with a summary


def render(
    output_format: str,
    diagnostics: Sequence[Diagnostic],
    sources: SourceProvider | None = None,
    style: Style = PLAIN,
) -> str:
    """``diagnostics`` in ``output_format`` (one of ``RENDERERS``); "" when there are none in
    the line-oriented formats. ``style`` colours the human formats only: the others are read
    by tools."""
    sources = sources or FileSources()
    if output_format == "text":
        return text.render(diagnostics, sources, style)
    if output_format == "full":
        return full.render(diagnostics, sources, style)
    return RENDERERS[output_format](diagnostics, sources)
