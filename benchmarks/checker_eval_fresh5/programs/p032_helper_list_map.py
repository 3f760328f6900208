"""A helper returns the Pendings of per-head scalings; the caller waits them all with map."""

from __future__ import annotations

from collections import deque

import numpy as np
from llmdeck.kernels import scale

import tilert as tr

HEADS, D = 4, 32


def scale_heads(out: tr.Tensor, x: tr.Tensor, gains: list[float]) -> list[tr.Pending]:
    return [scale(out[h].partition((16,)), x[h], g).submit() for h, g in enumerate(gains)]


x = tr.ones((HEADS, D))
out = tr.zeros((HEADS, D))
pendings = scale_heads(out, x, [1.0, 2.0, 3.0, 4.0])
deque(map(lambda p: p.wait(), pendings), maxlen=0)
assert np.allclose(out.to_numpy()[:, 0], [1, 2, 3, 4])
