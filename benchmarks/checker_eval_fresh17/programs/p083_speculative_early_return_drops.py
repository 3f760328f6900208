"""Speculative step: the draft's refill is submitted, then an early return skips its wait."""

import numpy as np
from llmspool import kernels as K
from llmspool.host import tiles

import tilert as tr

draft = tr.zeros((32,), name="draft")
target = tr.from_numpy(np.arange(32, dtype=np.float32))


def step(accepted: int) -> int:
    refill = K.copy(tiles(draft), target).submit()  # expect: TC108
    if accepted == 0:
        return 0
    refill.wait()
    return int(draft.to_numpy()[accepted])


print(step(0))  # expect-also
