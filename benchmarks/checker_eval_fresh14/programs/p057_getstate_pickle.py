"""A checkpointable state whose `__getstate__` copies the weights to the host; pickled while
the optimizer step still writes them."""

import pickle

import numpy as np
from llmtide import kernels as K
from llmtide.host import tiles

import tilert as tr


class State:
    def __init__(self, n: int) -> None:
        self.w = tr.ones((n,), name="w")
        self.step = 0

    def __getstate__(self) -> dict[str, object]:
        return {"w": self.w.to_numpy(), "step": self.step}  # expect: TC102


state = State(32)
grad = tr.from_numpy(np.full(32, 0.1, np.float32))
opt = K.axpy(tiles(state.w), grad, -1.0).submit()
state.step += 1
blob = pickle.dumps(state)  # expect-also
opt.wait()
print(len(blob))
