"""A queue.Queue of (name, out, pending) consumed by a worker thread that waits before reading."""

import queue
import threading

from llmrig import kernels as K
from llmrig.host import tiles

import tilert as tr

jobs: queue.Queue = queue.Queue()
results: dict[str, float] = {}


def worker() -> None:
    while (item := jobs.get()) is not None:
        name, out, pending = item
        pending.wait()
        results[name] = float(out.to_numpy()[3])


x = tr.arange(128)
for name, a in (("a", 1.0), ("b", 2.0)):
    out = tr.zeros(128)
    jobs.put((name, out, K.scale(tiles(out), x, a).submit()))
jobs.put(None)
t = threading.Thread(target=worker)
t.start()
t.join()
assert results == {"a": 3.0, "b": 6.0}
