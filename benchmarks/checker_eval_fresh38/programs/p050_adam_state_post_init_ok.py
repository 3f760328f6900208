from dataclasses import dataclass, field

import numpy as np
from trainkit import TILE, momentum

import tilert as tr


@dataclass
class AdamState:
    size: int
    exp_avg: tr.Tensor = field(init=False)

    def __post_init__(self) -> None:
        self.exp_avg = tr.zeros((self.size,), name="exp_avg")

    def update(self, grad: tr.Tensor, beta: float) -> None:
        momentum(self.exp_avg.partition((TILE,)), grad, beta).sync()

    def state_dict(self) -> dict[str, np.ndarray]:
        return {"exp_avg": self.exp_avg.to_numpy().copy()}


state = AdamState(1024)
snapshot = state.state_dict()
state.update(tr.full((1024,), 0.1), 0.9)
print(snapshot["exp_avg"][0], state.state_dict()["exp_avg"][0])
