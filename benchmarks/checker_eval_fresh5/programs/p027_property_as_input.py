"""A block whose `hidden` property gives the tiles of its hidden state, used as an input."""

from __future__ import annotations

from llmdeck.kernels import add

import tilert as tr

N = 64


class Block:
    def __init__(self) -> None:
        self.h = tr.ones((N,))
        self.out = tr.zeros((N,))

    @property
    def hidden(self) -> tr.Partition:
        return self.h.partition((16,))

    def forward(self, bias: tr.Tensor) -> None:
        add(self.out.partition((16,)), self.hidden, bias).sync()  # expect: TC106


Block().forward(tr.ones((N,)))  # expect-also
