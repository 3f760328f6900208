"""A mixture-of-experts layer that prepares every expert's op and runs the routed ones."""

from __future__ import annotations

from typing import Any

from llmcraft import kernels as k
from llmcraft.host import tiles

import tilert as tr


class MoE:
    def __init__(self, experts: int, width: int) -> None:
        self.outs = [tr.zeros((width,)) for _ in range(experts)]
        self.gains = [float(e + 1) for e in range(experts)]
        self.prepared: dict[int, tr.Op[Any]] = {}

    def prepare(self, x: tr.Tensor[tr.f32]) -> None:
        for e, out in enumerate(self.outs):
            self.prepared[e] = k.scale(tiles(out), x, self.gains[e])  # expect: TC105

    def run(self, routed: list[int]) -> None:
        for e in routed:
            self.prepared.pop(e).sync()
        self.prepared.clear()


moe = MoE(3, 8)
moe.prepare(tr.ones((8,)))  # expect-also
moe.run([0, 2])
print([o.to_numpy()[0] for o in moe.outs])
