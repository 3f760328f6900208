"""Weight streaming for offloaded layers: upload() copies a layer's host weights into the
device staging buffer and returns the Pending; the caller prefetches the next layer and drops
the handle."""

import numpy as np
from modelops import copy

import tilert as tr
import tilert.kernels as tk

LAYERS, D = 4, 64
rng = np.random.default_rng(36)
host_weights = [rng.standard_normal((D, D)).astype(np.float32) * 0.05 for _ in range(LAYERS)]
staging = [tr.empty((D, D), name="stage_a"), tr.empty((D, D), name="stage_b")]


def upload(dst: tr.Tensor, weights: np.ndarray) -> tr.Pending:
    src = tr.from_numpy(weights)
    return copy(dst.partition((1, D)), src).submit()  # expect: TC108


def run_offloaded(x: tr.Tensor) -> tr.Tensor:
    y = tr.empty((1, D))
    upload(staging[0], host_weights[0]).wait()
    for i in range(LAYERS):
        if i + 1 < LAYERS:
            upload(staging[(i + 1) % 2], host_weights[i + 1])  # expect-also: TC108
        tk.linear(y, x, staging[i % 2]).sync()
        x, y = y, x
    return x


print(run_offloaded(tr.ones((1, D))).to_numpy()[0, :3])
