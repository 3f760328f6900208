"""A layer prepares its output partition in one method and launches in another."""

from __future__ import annotations

from llmserve.kernels import silu

import tilert as tr

N = 256


class Act:
    def __init__(self) -> None:
        self.out = tr.zeros((N,), name="act_out")
        self.part: tr.Partition | None = None

    def prepare(self) -> None:
        self.part = self.out.partition((64,))

    def launch(self, x: tr.Tensor) -> None:
        assert self.part is not None
        silu(self.part, x).sync()
        self.part = None


def main() -> None:
    layer = Act()
    x = tr.ones((N,))
    layer.prepare()
    before = layer.out.to_numpy().copy()  # expect: TC104
    layer.launch(x)
    print(before[0], layer.out.to_numpy()[0])


if __name__ == "__main__":
    main()
