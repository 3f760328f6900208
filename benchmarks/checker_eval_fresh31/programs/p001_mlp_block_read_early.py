"""A small MLP block that owns its activations and launches in its methods."""

import numpy as np
from llmforge import add, gelu

import tilert as tr


class MLPBlock:
    def __init__(self, hidden: int, tile: int = 64) -> None:
        self.tile = tile
        self.act = tr.zeros((hidden,), name="act")
        self.out = tr.zeros((hidden,), name="out")

    def forward(self, x: tr.Tensor) -> tr.Pending:
        gelu(self.act.partition((self.tile,)), x).sync()
        return add(self.out.partition((self.tile,)), self.act, x).submit()


def main() -> None:
    x = tr.from_numpy(np.linspace(-2, 2, 512, dtype=np.float32))
    block = MLPBlock(512)
    pending = block.forward(x)
    y = block.out.to_numpy()  # expect: TC102
    pending.wait()
    print(f"mlp out mean {y.mean():.4f}")


if __name__ == "__main__":
    main()
