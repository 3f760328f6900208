"""A decode-step runner: a context manager that captures in __enter__ and closes in __exit__."""

import numpy as np
from llmlathe import kernels as K
from llmlathe.host import tiles, vec

import tilert as tr


class StepRunner:
    def __init__(self, state: tr.Tensor, delta: tr.Tensor) -> None:
        self.state, self.delta = state, delta

    def __enter__(self) -> "StepRunner":
        with tr.graph() as g:
            g.record(K.accum(tiles(self.state), self.delta))
        self.g = g
        return self

    def __call__(self) -> None:
        self.g.launch().wait()

    def __exit__(self, *exc: object) -> None:
        self.g.close()


state = tr.zeros((32,))
with StepRunner(state, vec(np.full(32, 0.5))) as step:
    for _ in range(4):
        step()
assert np.allclose(state.to_numpy(), 2.0)
