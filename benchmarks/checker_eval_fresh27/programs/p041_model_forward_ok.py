"""A model whose forward returns the op for the caller to run, synced or awaited."""

import asyncio

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
        return add(self.hidden.partition((128,)), x, self.bias).then(
            lambda *_: relu(self.out.partition((128,)), self.hidden)
        )


async def evaluate(model: TinyModel, x: tr.Tensor) -> float:
    await model.forward(x)
    return float(model.out.to_numpy().sum())


model = TinyModel(512)
model.forward(tr.arange(512)).sync()
print("train out:", float(model.out.to_numpy().sum()))
print("eval out:", asyncio.run(evaluate(model, tr.ones((512,)))))
