"""A decode step object built once and run per token."""

from dataclasses import dataclass

import numpy as np
from llmquay import axpy

import tilert as tr

D = 1024


@dataclass
class DecodeStep:
    state: tr.Partition
    update: tr.Tensor
    decay: float

    def run(self) -> None:
        axpy(self.state, self.update, self.decay).sync()  # expect: TC109


def build(d: int) -> tuple[tr.Tensor, DecodeStep]:
    state = tr.zeros((d,), name="state")
    update = tr.from_numpy(np.ones(d, dtype=np.float32))
    return state, DecodeStep(state.partition((256,)), update, 0.9)


state, step = build(D)
for _token in range(3):
    step.run()  # expect-also: TC109
print(state.to_numpy()[:2])
