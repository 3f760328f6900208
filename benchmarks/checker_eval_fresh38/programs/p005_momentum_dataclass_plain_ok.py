from dataclasses import dataclass, field

import numpy as np
from trainkit import TILE, momentum, sgd_step

import tilert as tr
from tilert import Tensor, f32


@dataclass
class OptState:
    param: Tensor[f32]
    velocity: Tensor[f32]
    step: int = 0
    history: list[float] = field(default_factory=list)


def sgd_momentum(state: OptState, grad: Tensor[f32], lr: float, beta: float = 0.9) -> None:
    momentum(state.velocity.partition((TILE,)), grad, beta).sync()
    sgd_step(state.param.partition((TILE,)), state.velocity, lr).sync()
    state.step += 1


n = 1024
state = OptState(param=tr.ones((n,)), velocity=tr.zeros((n,)))
g = tr.from_numpy(np.full(n, 0.1, dtype=np.float32))
for _ in range(3):
    sgd_momentum(state, g, lr=0.01)
print(state.step, state.param.to_numpy()[0])
