"""A checkpoint saver snapshots weights into staging buffers on a side stream while the next
training step's forward (which only reads the weights) runs; the update waits the snapshot."""

from __future__ import annotations

import numpy as np
from llmroute import kernels as K

import tilert as tr


class CheckpointSaver:
    def __init__(self, params: dict[str, tr.Tensor]) -> None:
        self.stream = tr.Stream()
        self.staging = {k: tr.zeros(v.shape, name=f"stage_{k}") for k, v in params.items()}
        self.inflight: list[tr.Pending] = []
        self.saved: dict[str, np.ndarray] = {}

    def start(self, params: dict[str, tr.Tensor]) -> None:
        for k, v in params.items():
            self.inflight.append(K.copy(self.staging[k].partition((16,)), v).submit(self.stream))

    def finish(self) -> None:
        for p in self.inflight:
            p.wait()
        self.inflight.clear()
        self.saved = {k: t.to_numpy().copy() for k, t in self.staging.items()}


params = {"w1": tr.ones((64,)), "w2": tr.full((64,), 2.0)}
grads = {"w1": tr.full((64,), 0.5), "w2": tr.full((64,), 1.0)}
act = tr.zeros((64,), name="act")
saver = CheckpointSaver(params)
saver.start(params)
fwd = K.mul(act.partition((16,)), params["w1"], params["w2"]).submit()
fwd.wait()
saver.finish()
for k in params:
    K.axpy(params[k].partition((16,)), grads[k], -0.1).sync()
assert saver.saved["w1"][0] == 1.0 and np.isclose(params["w1"].to_numpy()[0], 0.95)
print("saved", sorted(saver.saved))
