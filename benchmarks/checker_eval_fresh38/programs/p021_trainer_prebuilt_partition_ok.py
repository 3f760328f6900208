import numpy as np
from trainkit import TILE, sgd_step

import tilert as tr


class FastTrainer:
    def __init__(self, n: int) -> None:
        self.weights = tr.ones((n,), name="weights")
        self.grads = tr.full((n,), 0.2, name="grads")

    def step(self, lr: float) -> None:
        sgd_step(self.weights.partition((TILE,)), self.grads, lr).sync()

    def weight_mean(self) -> float:
        return float(np.mean(self.weights.to_numpy()))


t = FastTrainer(2048)
for _ in range(3):
    t.step(0.5)
print(t.weight_mean())
