"""A functools.cache'd scratch allocator, first called inside a graph capture."""

from functools import cache

import numpy as np
from llmlathe import kernels as K
from llmlathe.host import tiles, vec

import tilert as tr


@cache
def scratch(n: int) -> tr.Tensor:
    return tr.zeros((n,))  # expect: TC111


x = vec(np.arange(32))
out = tr.zeros((32,))
with tr.graph() as g:
    tmp = scratch(32)  # expect-also
    g.record(K.scale(tiles(tmp), x, 2.0))
    g.record(K.relu(tiles(out), tmp))
g.launch().wait()
g.close()
