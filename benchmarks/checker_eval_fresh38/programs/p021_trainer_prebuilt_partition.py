import numpy as np
from trainkit import TILE, sgd_step

import tilert as tr


class FastTrainer:
    """Keeps the parameter's partition ready between steps to save host time."""

    def __init__(self, n: int) -> None:
        self.weights = tr.ones((n,), name="weights")
        self.grads = tr.full((n,), 0.2, name="grads")
        self._next = self.weights.partition((TILE,))

    def step(self, lr: float) -> None:
        sgd_step(self._next, self.grads, lr).sync()
        self._next = self.weights.partition((TILE,))

    def weight_mean(self) -> float:
        return float(np.mean(self.weights.to_numpy()))  # expect: TC104


t = FastTrainer(2048)
for _ in range(3):
    t.step(0.5)
print(t.weight_mean())  # expect-also: TC104
