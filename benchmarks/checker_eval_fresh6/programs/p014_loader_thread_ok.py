"""A prefetching loader thread: it submits each batch's preprocessing, waits it itself, and
hands only ready tensors to the training loop through a bounded queue."""

from __future__ import annotations

import queue
import threading

import numpy as np
from llmforge import kernels as k

import tilert as tr

BATCH, STEPS = 32, 5
DONE = object()


def loader(out: queue.Queue[object]) -> None:
    for step in range(STEPS):
        raw = tr.from_numpy(np.full(BATCH, float(step), np.float32))
        buf = tr.empty((BATCH,))
        pending = k.scale(buf.partition((16,)), raw, 2.0).submit()
        pending.wait()
        out.put(buf)
    out.put(DONE)


q: queue.Queue[object] = queue.Queue(maxsize=2)
worker = threading.Thread(target=loader, args=(q,))
worker.start()
totals = []
while (item := q.get()) is not DONE:
    assert isinstance(item, tr.Tensor)
    totals.append(float(item.to_numpy().sum()))
worker.join()
assert totals == [2.0 * s * BATCH for s in range(STEPS)], totals
print(totals)
