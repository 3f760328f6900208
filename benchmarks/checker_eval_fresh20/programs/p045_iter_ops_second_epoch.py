"""A model iterable through __iter__ over ops built once in __init__; epoch 2 reruns them."""

from collections.abc import Iterator

import numpy as np
from llmanvil import kernels as K
from llmanvil.host import tiles, upload

import tilert as tr


class Model:
    def __init__(self, x: tr.Tensor, n_layers: int) -> None:
        self.outs = [tr.zeros(x.shape) for _ in range(n_layers)]
        self.ops = [K.scale(tiles(o), x, float(i)) for i, o in enumerate(self.outs)]

    def __iter__(self) -> Iterator[tr.Op]:
        return iter(self.ops)


model = Model(upload(np.arange(16)), 2)
for _epoch in range(2):
    for op in model:
        op.sync()  # expect: TC110
