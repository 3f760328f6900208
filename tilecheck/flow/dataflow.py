"""A forward dataflow solver: in-states joined over predecessors, iterated to a fixed point."""

from __future__ import annotations

import heapq
from collections.abc import Callable
from typing import TypeVar

from tilecheck.flow.cfg import CFG, Block

S = TypeVar("S")


def solve(
    cfg: CFG,
    initial: S,
    transfer: Callable[[Block, S], S | None],
    join: Callable[[S, S], S],
) -> dict[int, S]:
    """The in-state of every reachable block. ``transfer`` must be monotone and ``join`` an upper
    bound so the iteration ends; blocks are visited in reverse postorder, so a loop body is
    revisited only while its header's state still grows. ``transfer`` gives None where no run
    gets past the block (a way the analysis found not taken): nothing flows on from there."""
    order = cfg.reverse_postorder()
    rank = {index: i for i, index in enumerate(order)}
    states: dict[int, S] = {cfg.entry: initial}
    queue = [rank[cfg.entry]]
    queued = {cfg.entry}
    blocks = cfg.blocks
    while queue:
        index = order[heapq.heappop(queue)]
        queued.discard(index)
        out = transfer(blocks[index], states[index])
        if out is None:
            continue
        for succ in blocks[index].succs:
            old = states.get(succ)
            new = out if old is None else join(old, out)
            if old is None or (new is not old and new != old):
                states[succ] = new
                if succ not in queued:
                    queued.add(succ)
                    heapq.heappush(queue, rank[succ])
    return states
