"""A Pending waited by an early-exit check and again by the common cleanup (allowed)."""

import numpy as np
from llmanvil import kernels as K
from llmanvil.host import tiles, upload

import tilert as tr


def step(x: tr.Tensor, out: tr.Tensor, eager: bool) -> float:
    pending = K.scale(tiles(out), x, 4.0).submit()
    if eager:
        pending.wait()
        if out.to_numpy()[1] > 100:
            return -1.0
    pending.wait()
    return float(out.to_numpy()[1])


x = upload(np.arange(16))
assert step(x, tr.zeros((16,)), eager=True) == 4.0
assert step(x, tr.zeros((16,)), eager=False) == 4.0
