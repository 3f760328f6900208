"""A callable residual block using `from llm import kernels`; everything synced in order."""

import tilert as tr
from llm import kernels


class ResidualBlock:
    def __init__(self, dim: int) -> None:
        self.delta = tr.full((dim,), 0.25)

    def __call__(self, h: tr.Tensor) -> tr.Tensor:
        kernels.residual(h.partition((64,)), self.delta).sync()
        kernels.relu(h.partition((64,))).sync()
        return h


def main() -> None:
    blocks = [ResidualBlock(256) for _ in range(3)]
    h = tr.zeros((256,))
    for block in blocks:
        h = block(h)
    print(h.to_numpy()[0])


if __name__ == "__main__":
    main()
