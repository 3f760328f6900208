"""A decode step through a stack of residual layers written as plain functions:
x += W_l @ x for each layer, the matrix-vector product submitted and the update applied in
place with axpy."""

import numpy as np
from infercore import axpy

import tilert as tr
import tilert.kernels as tk

HIDDEN, LAYERS = 64, 3


def make_layers(seed: int) -> list[tr.Tensor]:
    rng = np.random.default_rng(seed)
    return [
        tr.from_numpy((rng.standard_normal((HIDDEN, HIDDEN)) * 0.05).astype(np.float32))
        for _ in range(LAYERS)
    ]


def decode_step(x: tr.Tensor, layers: list[tr.Tensor], tmp: tr.Tensor) -> None:
    for w in layers:
        proj = tk.gemv(tmp, w, x).submit()
        proj.wait()  # the product reads x: done before x is updated
        axpy(x.partition((HIDDEN,)), tmp, 1.0).sync()


layers = make_layers(28)
x = tr.from_numpy(np.random.default_rng(1).standard_normal(HIDDEN).astype(np.float32))
tmp = tr.empty((HIDDEN,), name="tmp")
decode_step(x, layers, tmp)
print("x after", x.to_numpy()[:4])
