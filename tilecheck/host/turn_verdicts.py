"""The fixed point's TC110 and TC111 verdicts, judged per node (round 30U of issue 17).

A node met in several elements (a ``finally`` body, copied per way out) is a finding only if it
is one in each. The copies of one turn of a ``for`` built slot by slot
(``tilecheck.flow.unroll``) are a program point of their own: every run of the loop that takes
the slots runs each copy, so the second turn's run of an op the first turn ran is a finding
whatever the first turn's copy says (``for mode in ("a", "b"): warm.sync()``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping

import libcst as cst

from tilecheck.codes import OP_ALREADY_RUN
from tilecheck.host.findings import Finding, FindingSink

Verdict = tuple[tuple[int, int], Finding | None]


def judged(
    verdicts: Mapping[tuple[str, int, cst.CSTNode], Verdict],
    turns: Mapping[int, tuple[int, ...]],
    sink: FindingSink,
    relocated: Callable[[Finding], Finding],
) -> set[cst.CSTNode]:
    """Add each node's finding to ``sink`` where every element of one turn (``turns``: an
    element's slots, by its ``seq``) found it; returns the nodes of TC110 found."""
    by_node: dict[tuple[str, cst.CSTNode, tuple[int, ...]], list[Verdict]] = {}
    for (code, seq, node), verdict in verdicts.items():
        by_node.setdefault((code, node, turns.get(seq, ())), []).append(verdict)
    refused: set[cst.CSTNode] = set()
    for (code, node, _), found in by_node.items():
        if all(finding is not None for _, finding in found):
            order, kept = min(found, key=lambda v: v[0])
            assert kept is not None
            sink.add((code, node), order, relocated(kept))
            if code == OP_ALREADY_RUN:
                refused.add(node)
    return refused
