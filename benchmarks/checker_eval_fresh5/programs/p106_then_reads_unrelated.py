"""A .then callback reads a host-side config tensor that no op of the chain touches."""

from __future__ import annotations

import numpy as np
from llmdeck.kernels import add, scale

import tilert as tr

N = 64
config = tr.full((1,), 0.5)
x = tr.arange(N)
y = tr.zeros((N,))


def rescale(yp: tr.Partition, *_: object) -> tr.Op:
    gain = float(config.to_numpy()[0])
    return scale(yp, x, gain)


add(y.partition((16,)), x, x).then(rescale).sync()
assert np.allclose(y.to_numpy(), 0.5 * np.arange(N))
