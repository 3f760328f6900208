"""A model iterable through a generator __iter__ that makes fresh ops on every pass."""

from collections.abc import Iterator

import numpy as np
from llmanvil import kernels as K
from llmanvil.host import tiles, upload

import tilert as tr


class Model:
    def __init__(self, x: tr.Tensor, n_layers: int) -> None:
        self.x = x
        self.outs = [tr.zeros(x.shape) for _ in range(n_layers)]

    def __iter__(self) -> Iterator[tr.Op]:
        for i, o in enumerate(self.outs):
            yield K.scale(tiles(o), self.x, float(i))


model = Model(upload(np.arange(16)), 2)
for _epoch in range(2):
    for op in model:
        op.sync()
np.testing.assert_allclose(model.outs[1].to_numpy(), np.arange(16))
