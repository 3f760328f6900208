"""A bank of head outputs iterable with __iter__; np.stack over it after settle()."""

from collections.abc import Iterator

import numpy as np
from llmserve import kernels as K
from llmserve.host import tiles

import tilert as tr


class HeadBank:
    def __init__(self, heads: int, n: int) -> None:
        self.outs = [tr.zeros((n,)) for _ in range(heads)]
        self.pends: list[tr.Pending] = []

    def launch(self, x: tr.Tensor) -> None:
        for h, out in enumerate(self.outs):
            self.pends.append(K.scale(tiles(out), x, float(h)).submit())

    def settle(self) -> None:
        while self.pends:
            self.pends.pop().wait()

    def __iter__(self) -> Iterator[tr.Tensor]:
        return iter(self.outs)


bank = HeadBank(4, 64)
bank.launch(tr.ones((64,)))
bank.settle()
stacked = np.stack([np.asarray(t) for t in bank])
assert stacked.shape == (4, 64) and np.allclose(stacked[:, 0], [0, 1, 2, 3])
