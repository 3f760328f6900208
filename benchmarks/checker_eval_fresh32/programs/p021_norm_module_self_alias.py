"""A module-style class that scales its own state in place in a method, passing the same
tensor as output and input."""

import numpy as np
from llmcraft import scale

import tilert as tr

D = 256


class RunningScale:
    def __init__(self, dim: int, decay: float) -> None:
        self.decay = decay
        self.state = tr.from_numpy(np.ones(dim, dtype=np.float32), name="state")

    def decay_(self) -> None:
        scale(self.state.partition((64,)), self.state, self.decay).sync()  # expect: TC101

    def value(self) -> np.ndarray:
        return self.state.to_numpy()


rs = RunningScale(D, 0.99)
for _ in range(3):
    rs.decay_()  # expect-also: TC101
print(rs.value()[:2])
