"""Which turn of a loop a conflict can happen in. A holder live when a counting loop begins
(a pipeline's prologue Pending) may conflict with two uses in the body: one that takes
another element than the holder's in the first turn (``stage[(i + 1) % 2]`` beside the
prologue's ``stage[0]``: a later turn only) and one that may take it in the first turn
(``stage[i % 2]``). The runtime raises at the first turn's one: the later-turn one is ordered
after the whole body, so that one root cause is reported where the program fails first."""

from __future__ import annotations

from collections.abc import Mapping

import libcst as cst

from tilecheck.flow.cfg import CFG, ElementKind
from tilecheck.syntax.nodes import target_names
from tilecheck.syntax.walk import children


def loop_spans(cfg: CFG) -> list[tuple[int, int, cst.For | cst.While]]:
    """Each loop of a body: the ``seq`` of its first element and of its last way around
    (its ``LOOP_BACK``), and the loop."""
    last: dict[int, tuple[int, cst.For | cst.While]] = {}
    for block in cfg.blocks:
        for element in block.elements:
            node = element.node
            if element.kind is ElementKind.LOOP_BACK and isinstance(node, (cst.For, cst.While)):
                known = last.get(id(node))
                if known is None or element.seq > known[0]:
                    last[id(node)] = (element.seq, node)
    return [(cfg.loops[key], seq, node) for key, (seq, node) in last.items() if key in cfg.loops]


def innermost(
    spans: list[tuple[int, int, cst.For | cst.While]], seq: int
) -> tuple[int, int, cst.For | cst.While] | None:
    """The innermost loop whose body holds the element ``seq``."""
    inside = [span for span in spans if span[0] <= seq < span[1]]
    return max(inside, key=lambda span: span[0]) if inside else None


def counter_of(loop: cst.For | cst.While, starts: Mapping[str, int]) -> str | None:
    """The counter of ``loop`` whose first value is known: the target of a ``for``, or the one
    name of a ``while``'s test that has one."""
    if isinstance(loop, cst.For):
        names = set(target_names(loop.target))
    else:
        names = {n.value for n in _names_in(loop.test)}
    known = sorted(n for n in names if n in starts)
    return known[0] if len(known) == 1 else None


def _names_in(node: cst.CSTNode) -> list[cst.Name]:
    found: list[cst.Name] = []
    stack: list[cst.CSTNode] = [node]
    while stack:
        current = stack.pop()
        if isinstance(current, cst.Name):
            found.append(current)
        stack.extend(children(current))
    return found
