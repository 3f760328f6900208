"""A launcher made with functools.partial binds the scale; each micro-batch gets a fresh plan."""

from __future__ import annotations

from functools import partial

import numpy as np
from llmfern import kernels as K
from llmfern.host import tiles, upload

import tilert as tr

grad = tr.zeros(128)
accumulate = partial(K.axpy, a=0.5)
for micro in (upload(np.ones(128)), upload(np.full(128, 2.0))):
    accumulate(tiles(grad), micro).sync()
np.testing.assert_allclose(grad.to_numpy(), 1.5)
print("ok")
