"""The control-flow graph's types: its elements, blocks, and the graph of one body
(``tilecheck.flow.cfg`` builds it)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

import libcst as cst

from tilecheck.flow.elements import ElementKind


class Element(NamedTuple):
    kind: ElementKind
    node: cst.CSTNode
    withs: tuple[cst.WithItem, ...]  # the ``with`` items lexically around the element
    seq: int  # order of construction, which follows the source (copies of ``finally`` aside)
    top: int  # index, in the body given to ``build_cfg``, of the statement holding the element
    slots: tuple[int, ...] = ()  # the slots of the unrolled loops around it, outermost first
    width: int = 0  # ``UNROLL_IN``/``UNROLL_OUT``: how many slots; ``FOR_TARGET``: ``peel``'s


@dataclass(eq=False)
class Block:
    index: int
    elements: list[Element] = field(default_factory=list)
    succs: list[int] = field(default_factory=list)

    def link(self, other: Block) -> None:
        if other.index not in self.succs:
            self.succs.append(other.index)


@dataclass
class CFG:
    blocks: list[Block]
    entry: int
    exit: int  # normal exit: ``return`` or falling off the end
    raise_exit: int  # an exception leaving the body
    nested: list[cst.FunctionDef | cst.ClassDef]
    # Each loop (by ``id`` of its For or While) -> the ``seq`` of its first element: elements
    # from there to its ``LOOP_BACK`` run in every iteration's turn.
    loops: dict[int, int] = field(default_factory=dict)
    unrolled: list[cst.For] = field(default_factory=list)  # loops built slot by slot too

    def reverse_postorder(self) -> list[int]:
        """Reachable blocks, each before its successors except along back edges."""
        seen: set[int] = set()
        order: list[int] = []
        stack: list[tuple[int, int]] = [(self.entry, 0)]
        seen.add(self.entry)
        while stack:
            index, child = stack[-1]
            succs = self.blocks[index].succs
            if child < len(succs):
                stack[-1] = (index, child + 1)
                nxt = succs[child]
                if nxt not in seen:
                    seen.add(nxt)
                    stack.append((nxt, 0))
            else:
                stack.pop()
                order.append(index)
        order.reverse()
        return order

    def predecessors(self) -> dict[int, list[int]]:
        preds: dict[int, list[int]] = {b.index: [] for b in self.blocks}
        for b in self.blocks:
            for s in b.succs:
                preds[s].append(b.index)
        return preds
