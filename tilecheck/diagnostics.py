"""Diagnostics as data: a finding has a code, a message, a primary span and labelled secondary
spans. Renderers (text, full, json, sarif, github, LSP, mypy) only format these."""

from __future__ import annotations

from dataclasses import field

from tilecheck.frozen import frozen, frozen_ordered


@frozen_ordered
class Span:
    """A source range: 1-based lines, 0-based columns (as libcst's CodeRange), end exclusive."""

    line: int
    column: int
    end_line: int
    end_column: int

    @classmethod
    def point(cls, line: int, column: int = 0) -> Span:
        return cls(line, column, line, column)

    def shifted(self, lines: int) -> Span:
        """The same span moved down by ``lines`` (a kernel parsed alone, placed in its file)."""
        return Span(self.line + lines, self.column, self.end_line + lines, self.end_column)


@frozen
class Label:
    """A secondary span with what happened there ("partitioned here", "submitted here")."""

    span: Span
    message: str
    path: str | None = None  # None: the diagnostic's own file


@frozen
class Diagnostic:
    code: str  # "TC102", one of tilecheck.codes
    message: str
    path: str
    span: Span
    labels: tuple[Label, ...] = field(default=())
    notes: tuple[str, ...] = field(default=())

    @property
    def slug(self) -> str:
        from tilecheck.catalog import catalog

        rule = catalog().get(self.code)
        return rule.slug if rule else "unknown"

    def location(self) -> str:
        """``path:line:col`` with a 1-based column, as editors and ruff print it."""
        return f"{self.path}:{self.span.line}:{self.span.column + 1}"

    def sort_key(self) -> tuple[str, int, int, str]:
        return (self.path, self.span.line, self.span.column, self.code)
