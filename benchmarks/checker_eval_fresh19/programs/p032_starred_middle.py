"""A helper returns `(buffer, pending)` per stage; `first, *middle, last` waits the ends only."""

from __future__ import annotations

import numpy as np
from llmfern import kernels as K
from llmfern.host import tiles, upload

import tilert as tr


def stage(x: tr.Tensor, a: float) -> tuple[tr.Tensor, tr.Pending]:
    out = tr.zeros(x.shape[0])
    return out, K.scale(tiles(out), x, a).submit()


x = upload(np.ones(64))
first, *middle, last = [stage(x, float(a)) for a in range(4)]
first[1].wait()
last[1].wait()
mid_sums = [float(buf.to_numpy().sum()) for buf, _ in middle]  # expect: TC102
for _, p in middle:
    p.wait()
print(mid_sums)
