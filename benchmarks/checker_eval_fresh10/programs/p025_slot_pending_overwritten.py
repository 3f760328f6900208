"""Pendings kept in a dict keyed by slot: slot 0 refilled before its first fill was waited."""

from llmforge import kernels as k
from llmforge.ops import tiles

import tilert as tr
from tilert import f32

slots = {s: tr.zeros((8,), dtype=f32) for s in range(2)}
fills: dict[int, tr.Pending] = {}
prompt = tr.ones((8,), dtype=f32)


def admit(slot: int, temp: float) -> None:
    fills[slot] = k.scale(tiles(slots[slot]), prompt, temp).submit()  # expect: TC102


admit(0, 1.0)
admit(1, 0.7)
fills[1].wait()
admit(0, 0.9)  # expect-also
for p in fills.values():
    p.wait()
