"""A probe object that builds its measuring op in ``__init__``; with tracing off the op is
never run."""

import numpy as np
from llmkiln import kernels as K
from llmkiln.host import tiles, vec

import tilert as tr

TRACE = False


class Probe:
    def __init__(self, x: tr.Tensor[tr.f32]) -> None:
        self.out = tr.empty(x.shape)
        self.op = K.relu(tiles(self.out), x)  # expect: TC105

    def fire(self) -> np.ndarray:
        self.op.sync()
        return self.out.to_numpy()


def forward(x: tr.Tensor[tr.f32]) -> None:
    probe = Probe(x)  # expect-also
    if TRACE:
        print(probe.fire())


forward(vec(np.arange(-8, 8)))
print("ok")
