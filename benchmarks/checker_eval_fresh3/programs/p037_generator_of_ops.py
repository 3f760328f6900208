from collections.abc import Iterator

import numpy as np
from llmhost.kernels import bump

import tilert as tr


def layer_ops(h: tr.Tensor, n_layers: int) -> Iterator[tr.Op]:
    for layer in range(n_layers):
        yield bump(h.partition((16,)), float(layer))


h = tr.zeros((64,))
for op in layer_ops(h, 4):
    op.sync()
assert np.allclose(h.to_numpy(), 6.0)
print("generator ok")
