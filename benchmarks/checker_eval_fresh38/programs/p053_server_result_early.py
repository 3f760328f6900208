"""A tiny scoring server: requests are launched on submit and read back on result()."""

import numpy as np

import tilert as tr
import tilert.kernels as tk


class ScoringServer:
    def __init__(self, w: np.ndarray) -> None:
        self.w = tr.from_numpy(w, name="w")
        self.outputs: dict[int, tr.Tensor] = {}
        self.inflight: dict[int, tr.Pending] = {}

    def submit(self, req_id: int, features: np.ndarray) -> None:
        out = tr.empty((self.w.shape[0],), name=f"scores{req_id}")
        x = tr.from_numpy(features)
        self.outputs[req_id] = out
        self.inflight[req_id] = tk.gemv(out, self.w, x).submit()

    def result(self, req_id: int) -> np.ndarray:
        scores = self.outputs[req_id].to_numpy().copy()  # expect: TC102
        self.inflight.pop(req_id).wait()
        return scores


rng = np.random.default_rng(19)
server = ScoringServer(rng.standard_normal((8, 16)).astype(np.float32))
for rid in range(3):
    server.submit(rid, rng.standard_normal(16).astype(np.float32))
print([server.result(rid).argmax() for rid in range(3)])  # expect-also: TC102
