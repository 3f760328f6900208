"""A layer with start()/finish(); the driver starts the layer and forgets to finish it, so the
Pending kept in the attribute is never waited."""

from __future__ import annotations

from llmkit.kernels import silu

import tilert as tr


class Layer:
    def __init__(self, n: int) -> None:
        self.out = tr.zeros((n,), name="layer_out")
        self.pending: tr.Pending | None = None

    def start(self, x: tr.Tensor) -> None:
        self.pending = silu(self.out.partition((64,)), x).submit()  # expect: TC108

    def finish(self) -> tr.Tensor:
        if self.pending is not None:
            self.pending.wait()
            self.pending = None
        return self.out


def main() -> None:
    layer = Layer(256)
    layer.start(tr.zeros((256,)))
    print("started")


if __name__ == "__main__":
    main()
