"""Scratch buffers made ahead and looked up with `dict[n]` inside the capture."""

from __future__ import annotations

import numpy as np
from llmfern import kernels as K
from llmfern.host import tiles, upload

import tilert as tr

scratch: dict[int, tr.Tensor] = {}


def buffer(n: int) -> tr.Tensor:
    if n not in scratch:
        scratch[n] = tr.zeros(n)
    return scratch[n]


x = upload(np.ones(64))
buffer(64)
with tr.graph() as g:
    g.record(K.scale(tiles(buffer(64)), x, 2.0))
g.launch().wait()
g.close()
np.testing.assert_allclose(scratch[64].to_numpy(), 2.0)
print("ok")
