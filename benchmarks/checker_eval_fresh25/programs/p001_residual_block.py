"""A residual MLP block that owns its buffers; forward() submits and returns the Pending."""

import numpy as np
from llmquay import add, relu

import tilert as tr

HIDDEN = 512
TILE = 128


class ResidualBlock:
    def __init__(self, hidden: int) -> None:
        self.h = tr.zeros((hidden,), name="h")
        self.out = tr.zeros((hidden,), name="out")

    def forward(self, x: tr.Tensor) -> tr.Pending:
        relu(self.h.partition((TILE,)), x).submit()
        return add(self.out.partition((TILE,)), x, self.h).submit()


def main() -> None:
    block = ResidualBlock(HIDDEN)
    x = tr.from_numpy(np.linspace(-1, 1, HIDDEN, dtype=np.float32))
    pending = block.forward(x)
    print("out[:4] =", block.out.to_numpy()[:4])  # expect: TC102
    pending.wait()


if __name__ == "__main__":
    main()
