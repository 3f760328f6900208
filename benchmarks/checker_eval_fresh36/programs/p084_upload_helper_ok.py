"""Weight streaming for offloaded layers: upload() copies a layer's host weights into the
device staging buffer and returns the Pending; the caller prefetches the next layer while the
current one runs and waits for the prefetch before using that buffer."""

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
    return copy(dst.partition((1, D)), src).submit()


def run_offloaded(x: tr.Tensor) -> tr.Tensor:
    y = tr.empty((1, D))
    upload(staging[0], host_weights[0]).wait()
    for i in range(LAYERS):
        prefetch = upload(staging[(i + 1) % 2], host_weights[i + 1]) if i + 1 < LAYERS else None
        tk.linear(y, x, staging[i % 2]).sync()
        if prefetch is not None:
            prefetch.wait()
        x, y = y, x
    return x


print(run_offloaded(tr.ones((1, D))).to_numpy()[0, :3])
