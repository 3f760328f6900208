"""Scratch buffers looked up with `dict.setdefault(n, tr.zeros(n))` inside the capture: the
default is built (allocated) on every call, also inside `with tr.graph()`."""

from __future__ import annotations

import numpy as np
from llmfern import kernels as K
from llmfern.host import tiles, upload

import tilert as tr

scratch: dict[int, tr.Tensor] = {}


def buffer(n: int) -> tr.Tensor:
    return scratch.setdefault(n, tr.zeros(n))  # expect: TC111


x = upload(np.ones(64))
buffer(64)  # warmed ahead, yet setdefault still allocates its default
with tr.graph() as g:
    g.record(K.scale(tiles(buffer(64)), x, 2.0))  # expect-also
g.launch().wait()
g.close()
