"""A helper splits a buffer into two halves' partitions; both halves are written at once."""

from __future__ import annotations

import numpy as np
from llmdeck.kernels import scale

import tilert as tr

N = 64


def halves(t: tr.Tensor, tile: int) -> tuple[tr.Partition, tr.Partition]:
    mid = t.shape[0] // 2
    return t[:mid].partition((tile,)), t[mid:].partition((tile,))


buf = tr.zeros((N,))
x = tr.arange(N)
lo, hi = halves(buf, 16)
p_lo = scale(lo, x[: N // 2], 1.0).submit()
p_hi = scale(hi, x[N // 2 :], -1.0).submit()
p_hi.wait()
p_lo.wait()
got = buf.to_numpy()
assert np.allclose(got[: N // 2], np.arange(N // 2))
assert np.allclose(got[N // 2 :], -np.arange(N // 2, N))
