"""A layer that builds its op once in __init__ and syncs it on every call."""

from __future__ import annotations

from llmdeck.kernels import scale

import tilert as tr

N = 64


class Doubler:
    def __init__(self, x: tr.Tensor) -> None:
        self.y = tr.zeros((N,))
        self.op = scale(self.y.partition((16,)), x, 2.0)

    def __call__(self) -> None:
        self.op.sync()  # expect: TC110


double = Doubler(tr.arange(N))
for _ in range(3):
    double()  # expect-also
