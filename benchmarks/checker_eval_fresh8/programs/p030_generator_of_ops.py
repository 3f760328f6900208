"""A generator yields one op per layer; the driver syncs each before asking for the next."""

from collections.abc import Iterator

import numpy as np
from llmweave.kernels import add, scale

import tilert as tr


def layer_ops(h: tr.Tensor, tmp: tr.Tensor, n_layers: int) -> Iterator[tr.Op]:
    for i in range(n_layers):
        yield scale(tmp.partition((16,)), h, 0.5)
        yield add(h.partition((16,)), tmp, tmp)
        if i == n_layers - 1:
            return


h, tmp = tr.full((64,), 3.0), tr.zeros((64,))
for op in layer_ops(h, tmp, 3):
    op.sync()
assert np.allclose(h.to_numpy(), 3.0)
print("generator ok")
