"""A launcher made with functools.partial binds one partition; the second micro-batch reuses it."""

from __future__ import annotations

from functools import partial

import numpy as np
from llmfern import kernels as K
from llmfern.host import tiles, upload

import tilert as tr

grad = tr.zeros(128)
accumulate = partial(K.accum, tiles(grad))
for micro in (upload(np.ones(128)), upload(np.full(128, 2.0))):
    accumulate(micro).sync()  # expect: TC109
print(grad.to_numpy()[0])
