"""A layer plans one partition per buffer with `setattr(self, f"plan_{name}", ...)`, then a
report reads a buffer through `getattr` while its plan is alive."""

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

    def report(self) -> dict[str, float]:
        return {n: float(getattr(self, n).to_numpy().sum()) for n in self.names}  # expect: TC104


layer = Layer(32)
x = tr.ones((32,))
layer.run(x, "gate")
print(layer.report())  # expect-also
layer.run(x, "up")
