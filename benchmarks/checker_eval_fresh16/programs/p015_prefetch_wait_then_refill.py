"""A prefetch helper copies the next chunk; the source is refilled once the copy is waited."""

import numpy as np
from llmquill.host import tiles, vec
from llmquill.kernels import copy

import tilert as tr


def prefetch(dst: tr.Tensor, src: tr.Tensor):
    return copy(tiles(dst), src).submit()


chunks = [np.full(32, k, dtype=np.float32) for k in range(3)]
staging = tr.from_numpy(chunks[0].copy())
device_buf = vec(32)
got = []
for k in range(1, 3):
    p = prefetch(device_buf, staging)
    # staging is only read by the copy: the host may look at it meanwhile
    assert staging.to_numpy()[0] == k - 1
    p.wait()
    staging.copy_from(chunks[k])
    got.append(float(device_buf.to_numpy()[0]))
assert got == [0.0, 1.0], got
