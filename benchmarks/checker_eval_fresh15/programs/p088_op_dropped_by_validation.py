"""A launch built before validating the batch; the ValueError path drops it."""

import numpy as np
from llmlathe import kernels as K
from llmlathe.host import tiles, vec

import tilert as tr


def step(out: tr.Tensor, x: tr.Tensor, max_len: int) -> bool:
    op = K.scale(tiles(out), x, 2.0)  # expect: TC105
    try:
        if x.shape[0] > max_len:
            raise ValueError("batch too long")
    except ValueError:
        return False
    op.sync()
    return True


ok = step(tr.zeros((32,)), vec(np.ones(32)), max_len=64)
skipped = step(tr.zeros((128,)), vec(np.ones(128)), max_len=64)  # expect-also
print(ok, skipped)
