"""Findings as the analysis records them: nodes, not positions. Positions are computed only for
the findings that survive, when they become ``Diagnostic``s."""

from __future__ import annotations

from collections.abc import Callable

import libcst as cst

from tilecheck.diagnostics import Diagnostic, Label, Span
from tilecheck.frozen import frozen
from tilecheck.host.property_reads import shown_node

# A message is text with nodes in it; a node renders as "line N".
Part = str | cst.CSTNode


@frozen
class Finding:
    code: str
    node: cst.CSTNode
    message: tuple[Part, ...]
    labels: tuple[tuple[cst.CSTNode, str], ...] = ()
    notes: tuple[str, ...] = ()
    top: int = 0  # the statement of the analysed body that holds ``node`` (for positions)
    # The module statement that holds ``node`` when it lies in a function the analysed body
    # calls (the line where the runtime raises, inside the helper); None: the body's own.
    statement: int | None = None


class FindingSink:
    """Keeps one finding per root cause: the first, in source order, of those with one key."""

    def __init__(self) -> None:
        self._kept: dict[object, tuple[tuple[int, int], Finding]] = {}
        self._ranks: dict[object, int] = {}

    def add(self, key: object, order: tuple[int, int], finding: Finding, rank: int = 0) -> None:
        """``rank``: 1 for a conflict the runtime may meet later than another of the same key
        (one whose holder comes around a loop to it, or that only may touch the holder's
        tensor): one that surely touches it, in the turn that made the holder, is kept
        before it (round 22W)."""
        old = self._kept.get(key)
        if old is None or (rank, order) < (self._ranks.get(key, 0), old[0]):
            self._kept[key] = (order, finding)
            self._ranks[key] = rank

    def has(self, key: object) -> bool:
        return key in self._kept

    def with_late(self, late: list[tuple[object, Finding]]) -> list[Finding]:
        """``findings()`` with the ``late`` ones (read after the body's run, on its whole
        state) added where their key has none yet."""
        for key, finding in late:
            if key not in self._kept:
                self.add(key, (-1, 0), finding)
        return self.findings()

    def findings(self) -> list[Finding]:
        """The kept findings in source order; one that two root causes led to word for word
        (a name that may hold either of two tensors, both in flight) is given once."""
        out: list[Finding] = []
        seen: set[Finding] = set()
        at: set[tuple[str, cst.CSTNode]] = set()
        for _, finding in sorted(self._kept.values(), key=lambda kept: kept[0]):
            # one use that conflicts with two holders (a loop's op of this iteration and of the
            # previous one) is one finding: the first, in source order
            where = (finding.code, finding.node)
            if finding not in seen and where not in at:
                seen.add(finding)
                at.add(where)
                out.append(finding)
        return out


def to_diagnostic(
    finding: Finding, path: str, node_span: Callable[[cst.CSTNode], Span]
) -> Diagnostic:
    def span_of(node: cst.CSTNode) -> Span:
        return node_span(shown_node(node))

    def render(part: Part) -> str:
        return part if isinstance(part, str) else f"line {span_of(part).line}"

    labels = tuple(
        sorted(
            (Label(span_of(node), text) for node, text in finding.labels),
            key=lambda label: (label.span, label.message),
        )
    )
    return Diagnostic(
        code=finding.code,
        message="".join(render(p) for p in finding.message),
        path=path,
        span=span_of(finding.node),
        labels=labels,
        notes=finding.notes,
    )
