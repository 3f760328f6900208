"""A layer's prepare() returns the op that zeroes its accumulator; the caller forgets to run it."""

from __future__ import annotations

from llmdeck.kernels import accumulate, fill

import tilert as tr

N = 64


class Accumulator:
    def __init__(self) -> None:
        self.acc = tr.ones((N,))

    def prepare(self) -> tr.Op:
        return fill(self.acc.partition((16,)), 0.0)  # expect: TC105

    def add(self, x: tr.Tensor) -> None:
        accumulate(self.acc.partition((16,)), x).sync()


acc = Accumulator()
acc.prepare()  # expect-also
for _ in range(3):
    acc.add(tr.ones((N,)))
print(acc.acc.to_numpy()[:4])
