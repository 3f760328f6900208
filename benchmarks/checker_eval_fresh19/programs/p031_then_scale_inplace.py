"""A `.then` callback scales the moved partition in place, reading another tensor."""

from __future__ import annotations

import numpy as np
from llmfern import kernels as K
from llmfern.host import tiles, upload

import tilert as tr

x = upload(np.arange(64))
bias = upload(np.ones(64))
h = tr.zeros(64)
chain = K.scale(tiles(h), x, 2.0).then(lambda hp, *_: K.accum(hp, bias))
chain.sync()
np.testing.assert_allclose(h.to_numpy(), 2 * np.arange(64) + 1)
print("ok")
