"""A context manager that runs work on its own stream; a second stream is ordered after the
first by an event, and both Pendings are waited."""

from __future__ import annotations

import numpy as np
from llmdeck.kernels import copy, scale

import tilert as tr

N = 64


class OnStream:
    def __init__(self) -> None:
        self.stream = tr.Stream()

    def __enter__(self) -> tr.Stream:
        self.stream.__enter__()
        return self.stream

    def __exit__(self, *exc: object) -> None:
        self.stream.__exit__(*exc)


x = tr.arange(N)
y = tr.zeros((N,))
z = tr.zeros((N,))
with OnStream() as producer:
    p1 = scale(y.partition((16,)), x, 2.0).submit()
    ready = producer.record()
consumer = tr.Stream()
consumer.wait_event(ready)
p2 = copy(z.partition((16,)), y).submit(consumer)
p2.wait()
p1.wait()
assert np.allclose(z.to_numpy(), 2 * np.arange(N))
