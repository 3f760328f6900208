import collections

from llmhost.kernels import scale

import tilert as tr

N = 64


class Ring:
    """Two slots, but the window lets two launches stay in flight: the third push reuses a
    slot whose launch was not waited yet."""

    def __init__(self) -> None:
        self.bufs = [tr.zeros((N,)), tr.zeros((N,))]
        self.inflight: collections.deque[tr.Pending] = collections.deque()
        self.i = 0

    def push(self, x: tr.Tensor, alpha: float) -> None:
        buf = self.bufs[self.i % 2]
        part = buf.partition((16,))  # expect: TC102
        self.inflight.append(scale(part, x, alpha).submit())
        if len(self.inflight) > 2:
            self.inflight.popleft().wait()
        self.i += 1

    def drain(self) -> None:
        while self.inflight:
            self.inflight.popleft().wait()


x = tr.ones((N,))
ring = Ring()
for step in range(5):
    ring.push(x, float(step))  # expect-also
ring.drain()
