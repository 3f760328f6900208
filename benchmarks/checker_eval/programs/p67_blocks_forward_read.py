"""Transformer blocks return their Pending from forward; the loop reads block.act too early."""

import tilert as tr
from llm.kernels import mul


class Block:
    def __init__(self, dim: int, gain: float) -> None:
        self.gain = tr.full((dim,), gain)
        self.act = tr.zeros((dim,))

    def forward(self, x: tr.Tensor) -> tr.Pending:
        return mul(self.act.partition((64,)), x, self.gain).submit()


def main() -> None:
    blocks = [Block(256, 0.5), Block(256, 2.0)]
    x = tr.ones((256,))
    for block in blocks:
        pend = block.forward(x)
        print("act", block.act.to_numpy()[0])  # expect: TC102
        pend.wait()
        x = block.act


if __name__ == "__main__":
    main()
