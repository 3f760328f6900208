"""A block keeps `residual` as what it thinks is a saved copy of its hidden state."""

from __future__ import annotations

from llmserve.kernels import accumulate

import tilert as tr

N = 256


class Block:
    def __init__(self) -> None:
        self.hidden = tr.ones((N,), name="hidden")
        self.residual = self.hidden

    def add_residual(self) -> None:
        accumulate(self.hidden.partition((64,)), self.residual).sync()  # expect: TC101


def main() -> None:
    block = Block()
    block.add_residual()  # expect-also
    print(block.hidden.to_numpy()[0])


if __name__ == "__main__":
    main()
