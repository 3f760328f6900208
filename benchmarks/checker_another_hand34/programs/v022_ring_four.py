"""Software-pipelined producer over a ring of four buffers with three launches in flight: each
step waits the launch two steps back and accumulates its buffer on the host."""

from __future__ import annotations

import numpy as np

import tilert as tr
from vkit import kernels as K
from vkit.host import tiles, upload

N = 256
SLOTS = 4
DEPTH = 3


def produce(x: tr.Tensor, steps: int) -> float:
    ring = [tr.zeros(N, name=f"slot{i}") for i in range(SLOTS)]
    inflight: list[tr.Pending | None] = [None] * SLOTS
    total = 0.0
    for step in range(steps):
        inflight[step % SLOTS] = K.scale(tiles(ring[step % SLOTS]), x, float(step)).submit()
        if step >= DEPTH - 1:
            done = (step - DEPTH + 1) % SLOTS
            inflight[done].wait()
            inflight[done] = None
            total += float(ring[(step - 1) % SLOTS].to_numpy().sum())  # expect: TC102
    for slot, pending in enumerate(inflight):
        if pending is not None:
            pending.wait()
            total += float(ring[slot].to_numpy().sum())
    return total


if __name__ == "__main__":
    print(produce(upload(np.ones(N), name="x"), 6))
