"""A linear layer's weights are reloaded while an asynchronous forward reads them."""

import numpy as np

import tilert as tr
from llm.kernels import mul


class Linear:
    def __init__(self, dim: int) -> None:
        self.weight = tr.full((dim,), 0.5)
        self.out = tr.zeros((dim,))

    def forward_async(self, x: tr.Tensor) -> tr.Pending:
        return mul(self.out.partition((64,)), x, self.weight).submit()


def main() -> None:
    lin = Linear(256)
    x = tr.ones((256,))
    p = lin.forward_async(x)
    lin.weight.copy_from(np.ones(256, np.float32))  # expect: TC103
    p.wait()
    print(lin.out.to_numpy()[0])


if __name__ == "__main__":
    main()
