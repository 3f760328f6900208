"""Optional stages: the bias op is built only when a bias is configured, and every op built is
run through one zip."""

from __future__ import annotations

import numpy as np
from llmkit.kernels import axpy, silu

import tilert as tr


def forward(out: tr.Tensor, x: tr.Tensor, bias: tr.Tensor | None) -> None:
    ops = [silu(out.partition((64,)), x)]
    if bias is not None:
        extra = tr.zeros(out.shape)
        ops.append(axpy(extra.partition((64,)), bias, 1.0))
    tr.zip(*ops).sync()


def main() -> None:
    x = tr.zeros((256,))
    a, b = tr.ones((256,)), tr.ones((256,))
    forward(a, x, None)
    forward(b, x, tr.ones((256,)))
    np.testing.assert_allclose(a.to_numpy(), 0.0)
    print("forward twice ok")


if __name__ == "__main__":
    main()
