"""A model whose forward returns the op for the caller to run; the eval loop drops it."""

import numpy as np
from llmcove import add, relu

import tilert as tr


class TinyModel:
    def __init__(self, width: int) -> None:
        rng = np.random.default_rng(0)
        self.bias = tr.from_numpy(rng.standard_normal(width).astype(np.float32))
        self.hidden = tr.empty((width,))
        self.out = tr.empty((width,))

    def forward(self, x: tr.Tensor) -> tr.Op:
        return add(self.hidden.partition((128,)), x, self.bias).then(  # expect: TC105
            lambda *_: relu(self.out.partition((128,)), self.hidden)
        )


model = TinyModel(512)
model.forward(tr.arange(512)).sync()
print("train out:", float(model.out.to_numpy().sum()))
model.forward(tr.ones((512,)))  # expect-also: TC105
print("eval done")
