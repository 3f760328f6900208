"""A producer stream writes, records an event; the consumer stream waits on it and reads."""

from __future__ import annotations

import numpy as np
from llmserve.kernels import copy, fill

import tilert as tr

N = 1024


def main() -> None:
    producer = tr.Stream()
    consumer = tr.Stream()
    h = tr.empty((N,), name="h")
    out = tr.empty((N,), name="out")
    p1 = fill(h.partition((256,)), 4.0).submit(producer)
    ready = producer.record()
    consumer.wait_event(ready)
    p2 = copy(out.partition((256,)), h).submit(consumer)
    p2.wait()
    p1.wait()
    np.testing.assert_allclose(out.to_numpy(), np.full(N, 4.0, np.float32))
    print(out.to_numpy()[0], h.to_numpy()[0])


if __name__ == "__main__":
    main()
