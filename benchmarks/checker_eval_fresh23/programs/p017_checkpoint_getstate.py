"""Checkpointing an optimizer state with pickle (the state's __getstate__ downloads it)."""

import pickle

import numpy as np
from llmpress.host import tiles
from llmpress.kernels import axpy

import tilert as tr


class MomentumState:
    def __init__(self, n: int, beta: float = 0.9) -> None:
        self.beta = beta
        self.velocity = tr.zeros((n,), name="velocity")

    def __getstate__(self):
        return {"beta": self.beta, "velocity": self.velocity.to_numpy()}  # expect: TC102

    def __setstate__(self, state):
        self.beta = state["beta"]
        self.velocity = tr.from_numpy(state["velocity"])

    def accumulate(self, grad: tr.Tensor) -> tr.Pending:
        return axpy(tiles(self.velocity), grad, 1.0 - self.beta).submit()


state = MomentumState(320)
grad = tr.from_numpy(np.ones(320, dtype=np.float32))
step = state.accumulate(grad)
blob = pickle.dumps(state)  # expect-also
step.wait()
print(len(blob))
