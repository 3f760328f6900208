"""The layer's forward builds an op and returns it; the caller forgets that forward is lazy and
drops the op, so the activation is never computed."""

from __future__ import annotations

from llmkit.kernels import silu

import tilert as tr


class Activation:
    def __init__(self, n: int) -> None:
        self.out = tr.zeros((n,))

    def forward(self, x: tr.Tensor) -> tr.Op:
        return silu(self.out.partition((64,)), x)  # expect: TC105


def run(layer: Activation, x: tr.Tensor) -> None:
    layer.forward(x)  # expect-also


def main() -> None:
    layer = Activation(256)
    run(layer, tr.ones((256,)))
    print("activation (never computed):", layer.out.to_numpy()[:2])


if __name__ == "__main__":
    main()
