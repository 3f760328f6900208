"""A projection that takes its output partition once, in __init__, and is called per token."""

from __future__ import annotations

from llmdeck.kernels import scale

import tilert as tr

N = 64


class Projection:
    def __init__(self, gain: float) -> None:
        self.gain = gain
        self.out = tr.zeros((N,))
        self._part = self.out.partition((16,))

    def __call__(self, x: tr.Tensor) -> None:
        scale(self._part, x, self.gain).sync()  # expect: TC109


proj = Projection(0.5)
tokens = [tr.full((N,), float(t)) for t in range(3)]
for tok in tokens:
    proj(tok)  # expect-also
