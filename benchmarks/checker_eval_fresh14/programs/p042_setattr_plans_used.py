"""The same layer runs both plans before the report: the plans are consumed, the reads free."""

import numpy as np
from llmtide import kernels as K
from llmtide.host import tiles

import tilert as tr


class Layer:
    names = ("gate", "up")

    def __init__(self, n: int) -> None:
        for name in self.names:
            setattr(self, name, tr.zeros((n,), name=name))
            setattr(self, f"plan_{name}", tiles(getattr(self, name)))

    def run(self, x: tr.Tensor, name: str) -> None:
        K.relu(getattr(self, f"plan_{name}"), x).sync()
        delattr(self, f"plan_{name}")

    def report(self) -> dict[str, float]:
        return {n: float(getattr(self, n).to_numpy().sum()) for n in self.names}


layer = Layer(32)
x = tr.from_numpy(np.linspace(-1, 1, 32, dtype=np.float32))
for name in Layer.names:
    layer.run(x, name)
r = layer.report()
assert r["gate"] == r["up"] > 0, r
