"""An MLP block as a class: gate and up projections are precomputed inputs, the block computes
silu(gate) * up and adds it to the residual stream in one chain."""

from __future__ import annotations

import numpy as np
from llmkit.kernels import gated, residual_add

import tilert as tr


class MLPBlock:
    def __init__(self, hidden: int) -> None:
        self.act = tr.zeros((hidden,), name="act")

    def forward(self, h: tr.Tensor, gate: tr.Tensor, up: tr.Tensor) -> tr.Op:
        return gated(self.act.partition((128,)), gate, up).then(
            lambda *_: residual_add(h.partition((128,)), self.act)
        )


def main() -> None:
    h = tr.ones((512,), name="h")
    gate = tr.full((512,), 1.0)
    up = tr.full((512,), 2.0)
    block = MLPBlock(512)
    block.forward(h, gate, up).sync()
    expected = 1.0 + (1.0 / (1.0 + np.exp(-1.0))) * 2.0
    np.testing.assert_allclose(h.to_numpy(), expected, rtol=1e-5)
    print("mlp block ok", h.to_numpy()[0])


if __name__ == "__main__":
    main()
