"""A batch dataclass holding its outputs and Pendings; results() is called before drain()."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
from llmkit import kernels as K
from llmkit.host import tiles

import tilert as tr


@dataclass
class Batch:
    inputs: list[tr.Tensor]
    outputs: list[tr.Tensor] = field(default_factory=list)
    pendings: list[tr.Pending] = field(default_factory=list)

    def launch(self, gain: float) -> None:
        for x in self.inputs:
            out = tr.zeros(x.shape)
            self.outputs.append(out)
            self.pendings.append(K.scale(tiles(out), x, gain).submit())

    def results(self) -> list[np.ndarray]:
        return [o.to_numpy() for o in self.outputs]  # expect: TC102

    def drain(self) -> None:
        while self.pendings:
            self.pendings.pop(0).wait()


batch = Batch([tr.arange(64), tr.ones((64,))])
batch.launch(3.0)
res = batch.results()  # expect-also
batch.drain()
print(len(res))
