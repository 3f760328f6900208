"""A helper returns `(out, pending, step)`; a warm-up caller keeps only `out, *_ = ...`."""

import numpy as np
from llmtide import kernels as K
from llmtide.host import tiles

import tilert as tr


def project(x: tr.Tensor, step: int) -> tuple[tr.Tensor, tr.Pending, int]:
    out = tr.zeros(x.shape, name=f"proj{step}")
    return out, K.scale(tiles(out), x, 0.5).submit(), step  # expect: TC108


x = tr.from_numpy(np.ones(16, np.float32))
out, *_ = project(x, 0)  # expect-also
out2, pend2, _ = project(x, 1)
pend2.wait()
print(out2.to_numpy()[0])
