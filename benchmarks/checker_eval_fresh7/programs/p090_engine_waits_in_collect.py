"""An engine whose launch() stores Pendings in an attribute and whose collect() (another
method, called later) waits them before the results are read."""

from __future__ import annotations

import numpy as np
from llmroute import kernels as K

import tilert as tr


class Engine:
    def __init__(self, batch: int) -> None:
        self.outs = [tr.zeros((64,), name=f"o{i}") for i in range(batch)]
        self.inflight: list[tr.Pending] = []

    def launch(self, x: tr.Tensor) -> None:
        for i, out in enumerate(self.outs):
            self.inflight.append(K.scale(out.partition((16,)), x, float(i)).submit())

    def collect(self) -> list[float]:
        for p in self.inflight:
            p.wait()
        self.inflight = []
        return [float(o.to_numpy()[1]) for o in self.outs]


engine = Engine(3)
engine.launch(tr.arange(64))
host_side = np.arange(3) * 1.0  # the host works meanwhile
assert engine.collect() == list(host_side)
print("collected")
