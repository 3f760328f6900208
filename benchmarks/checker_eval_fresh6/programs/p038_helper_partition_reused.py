"""Two passes through a partition made by the package's helper (`buffers.tiles`): the second
launch reuses the partition the first consumed."""

from __future__ import annotations

import numpy as np
from llmforge import buffers
from llmforge import kernels as k

import tilert as tr


def reset_and_accumulate(acc_buf: tr.Tensor, parts: list[tr.Tensor]) -> None:
    tiles = buffers.tiles(acc_buf)
    k.fill(tiles, 0.0).sync()
    for part in parts:
        k.acc(tiles, part).sync()  # expect: TC109


acc_buf = tr.empty((64,))
parts = [tr.from_numpy(np.full(64, float(i), np.float32)) for i in range(3)]
reset_and_accumulate(acc_buf, parts)  # expect-also
print(acc_buf.to_numpy()[0])
