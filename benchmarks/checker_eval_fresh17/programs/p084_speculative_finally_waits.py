"""Speculative step: the draft's refill is submitted and waited in `finally` on every path."""

import numpy as np
from llmspool import kernels as K
from llmspool.host import tiles

import tilert as tr

draft = tr.zeros((32,), name="draft")
target = tr.from_numpy(np.arange(32, dtype=np.float32))


def step(accepted: int) -> int:
    refill = K.copy(tiles(draft), target).submit()
    try:
        if accepted == 0:
            return 0
    finally:
        refill.wait()
    return int(draft.to_numpy()[accepted])


assert [step(0), step(5)] == [0, 5]
