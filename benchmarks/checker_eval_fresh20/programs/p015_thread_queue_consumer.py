"""A worker thread takes (buffer, pending) pairs from a queue.Queue and reads before waiting;
its error is raised again by the main thread."""

import queue
import threading

import numpy as np
from llmanvil import kernels as K
from llmanvil.host import tiles, upload

import tilert as tr

jobs: queue.Queue[tuple[tr.Tensor, tr.Pending] | None] = queue.Queue()
sums: list[float] = []
errors: list[BaseException] = []


def consume() -> None:
    try:
        while (job := jobs.get()) is not None:
            buf, pending = job
            sums.append(float(buf.to_numpy().sum()))  # expect: TC102
            pending.wait()
    except BaseException as exc:
        errors.append(exc)


x = upload(np.arange(32))
worker = threading.Thread(target=consume)
out = tr.zeros((32,))
jobs.put((out, K.scale(tiles(out), x, 2.0).submit()))
jobs.put(None)
worker.start()  # expect-also
worker.join()
if errors:
    raise errors[0]
