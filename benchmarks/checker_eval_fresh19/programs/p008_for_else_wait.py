"""A retry loop whose wait sits in the for-loop's `else`, skipped by the `break`."""

from __future__ import annotations

import numpy as np
from llmfern import kernels as K
from llmfern.host import tiles, upload

import tilert as tr


def refresh(cache: tr.Tensor, src: tr.Tensor, budget: int) -> int:
    for attempt in range(budget):
        pending = K.copy(tiles(cache), src).submit()  # expect: TC108
        if attempt == 0:
            break
    else:
        pending.wait()
    return attempt


src = upload(np.arange(64))
cache = tr.zeros(64)
print(refresh(cache, src, 3))  # expect-also
