"""A prefetching data loader over a queue: the producer fills a batch buffer asynchronously and
puts (buffer, Pending) on the queue; the consumer normalises the batch on the host before
waiting its Pending."""

from __future__ import annotations

import queue

import numpy as np
from llmforge import kernels as k

import tilert as tr

BATCH = 32


def produce(q: queue.Queue[tuple[tr.Tensor, tr.Pending]], n: int) -> None:
    for i in range(n):
        raw = tr.from_numpy(np.full(BATCH, float(i), np.float32))
        buf = tr.empty((BATCH,))
        q.put((buf, k.scale(buf.partition((16,)), raw, 0.5).submit()))


def consume(q: queue.Queue[tuple[tr.Tensor, tr.Pending]]) -> list[float]:
    means = []
    while not q.empty():
        buf, pending = q.get()
        host = buf.to_numpy()  # expect: TC102
        pending.wait()
        means.append(float(host.mean()))
    return means


q: queue.Queue[tuple[tr.Tensor, tr.Pending]] = queue.Queue()
produce(q, 3)
print(consume(q))  # expect-also
