"""An MLP block that owns its activations and launches in its methods."""

import numpy as np

import tilert as tr
from llm.kernels import copy, mul, relu


class MLP:
    def __init__(self, dim: int) -> None:
        self.w = tr.full((dim,), 0.5)
        self.hidden = tr.zeros((dim,))
        self.out = tr.zeros((dim,))

    def forward(self, x: tr.Tensor) -> np.ndarray:
        mul(self.hidden.partition((64,)), x, self.w).sync()
        relu(self.hidden.partition((64,))).sync()
        copy(self.out.partition((64,)), self.hidden).sync()
        return self.out.to_numpy()


def main() -> None:
    mlp = MLP(256)
    y = mlp.forward(tr.ones((256,)))
    assert np.allclose(y, 0.5)
    print("mlp ok", y[:2])


if __name__ == "__main__":
    main()
