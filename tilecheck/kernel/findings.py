"""Kernel findings as the passes record them: nodes, not positions. A finding becomes a
``Diagnostic`` only at the end, so positions are computed for findings alone."""

from __future__ import annotations

from dataclasses import field

import libcst as cst

from tilecheck.diagnostics import Diagnostic, Label
from tilecheck.frozen import frozen
from tilecheck.positions import SpanOf


@frozen
class Finding:
    code: str
    node: cst.CSTNode  # the primary span: the offending syntax
    message: str
    labels: tuple[tuple[cst.CSTNode, str], ...] = field(default=())
    notes: tuple[str, ...] = field(default=())

    def to_diagnostic(self, path: str, span_of: SpanOf) -> Diagnostic:
        labels = tuple(Label(span_of(node), text) for node, text in self.labels)
        return Diagnostic(self.code, self.message, path, span_of(self.node), labels, self.notes)


def to_diagnostics(findings: list[Finding], path: str, span_of: SpanOf) -> list[Diagnostic]:
    """One diagnostic per finding, in source order."""
    return sorted((f.to_diagnostic(path, span_of) for f in findings), key=Diagnostic.sort_key)
