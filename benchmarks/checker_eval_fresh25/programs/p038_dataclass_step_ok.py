"""A decode step object built once and run per token."""

from dataclasses import dataclass

import numpy as np
from llmquay import axpy

import tilert as tr

D = 1024


@dataclass
class DecodeStep:
    state: tr.Tensor
    update: tr.Tensor
    decay: float
    tile: int = 256

    def run(self) -> None:
        axpy(self.state.partition((self.tile,)), self.update, self.decay).sync()


def build(d: int) -> DecodeStep:
    state = tr.zeros((d,), name="state")
    update = tr.from_numpy(np.ones(d, dtype=np.float32))
    return DecodeStep(state, update, 0.9)


step = build(D)
for _token in range(3):
    step.run()
np.testing.assert_allclose(step.state.to_numpy(), 2.7, rtol=1e-6)
print(step.state.to_numpy()[:2])
