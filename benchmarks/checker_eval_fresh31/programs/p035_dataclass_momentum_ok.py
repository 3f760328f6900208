"""Model state in a dataclass; SGD with momentum launched on its fields."""

from dataclasses import dataclass, field

import numpy as np
from llmforge import axpy, scale

import tilert as tr

N = 1024


@dataclass
class State:
    params: tr.Tensor = field(default_factory=lambda: tr.ones((N,), name="params"))
    momentum: tr.Tensor = field(default_factory=lambda: tr.zeros((N,), name="momentum"))
    scratch: tr.Tensor = field(default_factory=lambda: tr.zeros((N,), name="scratch"))
    step: int = 0


def sgd_momentum(state: State, grad: tr.Tensor, lr: float = 0.1, beta: float = 0.9) -> None:
    scale(state.scratch.partition((256,)), state.momentum, beta).sync()
    state.momentum, state.scratch = state.scratch, state.momentum
    axpy(state.momentum.partition((256,)), grad, 1.0).sync()
    axpy(state.params.partition((256,)), state.momentum, -lr).sync()
    state.step += 1


def main() -> None:
    state = State()
    grad = tr.from_numpy(np.full(N, 0.2, dtype=np.float32))
    for _ in range(3):
        sgd_momentum(state, grad)
    print("step", state.step, "param", float(state.params.to_numpy()[0]))


main()
