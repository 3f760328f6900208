import collections

import numpy as np
from llmhost.kernels import scale

import tilert as tr

N = 64


class Ring:
    """Three output slots; at most two launches in flight."""

    def __init__(self, slots: int = 3) -> None:
        self.bufs = [tr.zeros((N,)) for _ in range(slots)]
        self.inflight: collections.deque[tr.Pending] = collections.deque()
        self.i = 0

    def push(self, x: tr.Tensor, alpha: float) -> None:
        buf = self.bufs[self.i % len(self.bufs)]
        self.inflight.append(scale(buf.partition((16,)), x, alpha).submit())
        if len(self.inflight) > 2:
            self.inflight.popleft().wait()
        self.i += 1

    def drain(self) -> None:
        while self.inflight:
            self.inflight.popleft().wait()


x = tr.ones((N,))
ring = Ring()
for step in range(7):
    ring.push(x, float(step))
ring.drain()
print([float(b.to_numpy()[0]) for b in ring.bufs])
assert np.allclose(ring.bufs[0].to_numpy(), 6.0)
