"""A residual MLP block that owns its buffers; forward() submits and returns the Pendings."""

import numpy as np
from llmquay import add, relu

import tilert as tr

HIDDEN = 512
TILE = 128


class ResidualBlock:
    def __init__(self, hidden: int) -> None:
        self.h = tr.zeros((hidden,), name="h")
        self.out = tr.zeros((hidden,), name="out")

    def forward(self, x: tr.Tensor) -> list[tr.Pending]:
        first = relu(self.h.partition((TILE,)), x).submit()
        second = add(self.out.partition((TILE,)), x, self.h).submit()
        return [first, second]


def main() -> None:
    block = ResidualBlock(HIDDEN)
    xs = np.linspace(-1, 1, HIDDEN, dtype=np.float32)
    x = tr.from_numpy(xs)
    for p in block.forward(x):
        p.wait()
    out = block.out.to_numpy()
    np.testing.assert_allclose(out, xs + np.maximum(xs, 0))
    print("out[:4] =", out[:4])


if __name__ == "__main__":
    main()
