"""A wait in `try`'s `else`: the exception path never waits the Pending."""

from __future__ import annotations

import numpy as np
from llmfern import kernels as K
from llmfern.host import tiles, upload

import tilert as tr


class Overflow(Exception):
    pass


x = upload(np.arange(128))
out = tr.zeros(128)
try:
    pending = K.scale(tiles(out), x, 3.0).submit()  # expect: TC108
    if x.to_numpy().max() > 100:
        raise Overflow
except Overflow:
    print("overflow, skipping the step")
else:
    pending.wait()
