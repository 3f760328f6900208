"""A worker thread takes `(name, out, pending)` items from a queue, waits each and posts the
result; the main thread reads only what the worker posted."""

from __future__ import annotations

import queue
import threading

import numpy as np
from llmfern import kernels as K
from llmfern.host import tiles, upload

import tilert as tr

inbox: queue.Queue[tuple[str, tr.Tensor, tr.Pending] | None] = queue.Queue()
results: queue.Queue[tuple[str, float]] = queue.Queue()


def worker() -> None:
    while (item := inbox.get()) is not None:
        name, out, pending = item
        pending.wait()
        results.put((name, float(out.to_numpy().sum())))


t = threading.Thread(target=worker)
t.start()
x = upload(np.ones(64))
for i, name in enumerate(["a", "b"]):
    out = tr.zeros(64)
    inbox.put((name, out, K.scale(tiles(out), x, float(i + 1)).submit()))
inbox.put(None)
t.join()
got = dict(results.get() for _ in range(2))
assert got == {"a": 64.0, "b": 128.0}
print("ok")
