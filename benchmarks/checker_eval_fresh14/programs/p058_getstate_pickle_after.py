"""The checkpointable state pickled after the optimizer step's wait, and restored."""

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
        return {"w": self.w.to_numpy(), "step": self.step}

    def __setstate__(self, d: dict[str, object]) -> None:
        self.w = tr.from_numpy(np.asarray(d["w"]))
        self.step = int(d["step"])  # type: ignore[call-overload]


state = State(32)
grad = tr.from_numpy(np.full(32, 0.1, np.float32))
opt = K.axpy(tiles(state.w), grad, -1.0).submit()
state.step += 1
opt.wait()
restored = pickle.loads(pickle.dumps(state))
np.testing.assert_allclose(restored.w.to_numpy(), 0.9, rtol=1e-6)
assert restored.step == 1
