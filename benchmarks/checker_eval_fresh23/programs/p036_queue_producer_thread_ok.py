"""A producer thread launches batches and hands (output, pending) to the consumer over a queue."""

import queue
import threading

import numpy as np
from llmpress.host import tiles
from llmpress.kernels import add

import tilert as tr

BATCHES = 3
handoff: "queue.Queue[tuple[tr.Tensor, tr.Pending] | None]" = queue.Queue()


def producer() -> None:
    bias = tr.from_numpy(np.ones(256, dtype=np.float32))
    for b in range(BATCHES):
        x = tr.from_numpy(np.full(256, float(b), dtype=np.float32))
        out = tr.empty((256,))
        handoff.put((out, add(tiles(out), x, bias).submit()))
    handoff.put(None)


worker = threading.Thread(target=producer)
worker.start()
firsts = []
while (item := handoff.get()) is not None:
    out, pending = item
    pending.wait()
    firsts.append(float(out.to_numpy()[0]))
worker.join()
assert firsts == [1.0, 2.0, 3.0]
