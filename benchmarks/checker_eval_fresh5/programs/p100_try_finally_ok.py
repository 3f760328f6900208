"""try/finally waits the Pending; the output is read after the finally."""

from __future__ import annotations

import numpy as np
from llmdeck.kernels import scale

import tilert as tr


def doubled(x: tr.Tensor) -> np.ndarray:
    y = tr.zeros(x.shape)
    p = scale(y.partition((16,)), x, 2.0).submit()
    try:
        host_side = float(x.to_numpy().sum())
    finally:
        p.wait()
    out = y.to_numpy()
    assert out.sum() == 2 * host_side
    return out


assert np.allclose(doubled(tr.arange(64)), 2 * np.arange(64))
