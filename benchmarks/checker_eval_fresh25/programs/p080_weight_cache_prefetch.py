"""A weight cache that refreshes a layer's weights while a launch still reads them."""

import numpy as np
from llmquay import copy, mul

import tilert as tr

N = 1024


class LayerWeights:
    def __init__(self) -> None:
        self.w = tr.from_numpy(np.ones(N, dtype=np.float32))
        self.out = tr.empty((N,), name="out")

    def forward(self, x: tr.Tensor) -> tr.Pending:
        return mul(self.out.partition((256,)), x, self.w).submit()

    def refresh(self, new_w: tr.Tensor) -> None:
        copy(self.w.partition((256,)), new_w).sync()  # expect: TC103


layer = LayerWeights()
x = tr.full((N,), 3.0)
pending = layer.forward(x)
layer.refresh(tr.full((N,), 2.0))  # expect-also: TC103
pending.wait()
print(layer.out.to_numpy()[:2])
