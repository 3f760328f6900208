"""The helper's `(out, pending, step)` unpacked with `out, *rest`: the Pending is waited from
`rest[0]`."""

import numpy as np
from llmtide import kernels as K
from llmtide.host import tiles

import tilert as tr


def project(x: tr.Tensor, step: int) -> tuple[tr.Tensor, tr.Pending, int]:
    out = tr.zeros(x.shape, name=f"proj{step}")
    return out, K.scale(tiles(out), x, 0.5).submit(), step


x = tr.from_numpy(np.ones(16, np.float32))
out, *rest = project(x, 0)
rest[0].wait()
assert rest[1] == 0
np.testing.assert_allclose(out.to_numpy(), 0.5)
