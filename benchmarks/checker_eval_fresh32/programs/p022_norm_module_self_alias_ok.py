"""A module-style class that decays its state through a scratch buffer and swaps the two."""

import numpy as np
from llmcraft import scale

import tilert as tr

D = 256


class RunningScale:
    def __init__(self, dim: int, decay: float) -> None:
        self.decay = decay
        self.state = tr.from_numpy(np.ones(dim, dtype=np.float32), name="state")
        self.scratch = tr.empty((dim,), name="scratch")

    def decay_(self) -> None:
        scale(self.scratch.partition((64,)), self.state, self.decay).sync()
        self.state, self.scratch = self.scratch, self.state

    def value(self) -> np.ndarray:
        return self.state.to_numpy()


rs = RunningScale(D, 0.99)
for _ in range(3):
    rs.decay_()
print(rs.value()[:2])
