"""A weight cache that refreshes a layer's weights once the launch reading them is done."""

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
        copy(self.w.partition((256,)), new_w).sync()


layer = LayerWeights()
x = tr.full((N,), 3.0)
pending = layer.forward(x)
pending.wait()
layer.refresh(tr.full((N,), 2.0))
assert float(layer.out.to_numpy()[0]) == 3.0
layer.forward(x).wait()
print(layer.out.to_numpy()[:2])
