"""A ``queue.Queue`` of ``(name, out, pending)`` drained by a ``threading.Thread`` worker that
waits each item before it reads; a sentinel ends it."""

import queue
import threading

import numpy as np
from llmkiln import kernels as K
from llmkiln.host import tiles, vec

import tilert as tr

work: queue.Queue = queue.Queue()
results: dict[str, float] = {}


def worker() -> None:
    while (item := work.get()) is not None:
        name, out, pending = item
        pending.wait()
        results[name] = float(out.to_numpy().sum())


thread = threading.Thread(target=worker)
thread.start()
x = vec(np.ones(32))
for i, name in enumerate(("a", "b", "c")):
    out = tr.empty((32,))
    work.put((name, out, K.scale(tiles(out), x, float(i)).submit()))
work.put(None)
thread.join()
assert results == {"a": 0.0, "b": 32.0, "c": 64.0}
