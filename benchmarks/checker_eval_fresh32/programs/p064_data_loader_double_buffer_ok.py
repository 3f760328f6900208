"""A training step loop with a double-buffered input pipeline: batch i+1 is staged into the
spare buffer while batch i is consumed; the Pending of the staging copy is carried to the next
iteration and waited there."""

from dataclasses import dataclass

import numpy as np
from llmcraft import axpy, copy

import tilert as tr

D = 256
STEPS = 5


@dataclass
class Staging:
    buf: tr.Tensor
    pending: tr.Pending | None = None


host_batches = [np.full(D, float(i), dtype=np.float32) for i in range(STEPS)]
device_batches = [tr.from_numpy(b) for b in host_batches]
slots = [Staging(tr.empty((D,), name="slot0")), Staging(tr.empty((D,), name="slot1"))]
total = tr.zeros((D,), name="total")

slots[0].pending = copy(slots[0].buf.partition((64,)), device_batches[0]).submit()
for step in range(STEPS):
    cur = slots[step % 2]
    nxt = slots[(step + 1) % 2]
    if step + 1 < STEPS:
        nxt.pending = copy(nxt.buf.partition((64,)), device_batches[step + 1]).submit()
    if cur.pending is not None:
        cur.pending.wait()
        cur.pending = None
    axpy(total.partition((64,)), cur.buf, 1.0).sync()

assert float(total.to_numpy()[0]) == sum(range(STEPS))
print("total", float(total.to_numpy()[0]))
