"""A prefetch helper returning (buffer, pending); the caller waits the other batch's Pending."""

import numpy as np
from llmforge import kernels as k
from llmforge.ops import tiles

import tilert as tr
from tilert import Tensor, f32


def prefetch(batch: np.ndarray) -> tuple[Tensor[f32], tr.Pending]:
    dst = tr.zeros(batch.shape, dtype=f32)
    return dst, k.copy(tiles(dst), tr.from_numpy(batch)).submit()


buf_a, pend_a = prefetch(np.ones(8, dtype=np.float32))
buf_b, pend_b = prefetch(np.full(8, 2.0, dtype=np.float32))
pend_a.wait()
loss = float(buf_b.to_numpy().sum())  # expect: TC102
pend_b.wait()
print(loss)
