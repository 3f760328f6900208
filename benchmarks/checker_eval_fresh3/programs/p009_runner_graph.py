"""A decode runner that captures its step once and replays it per token."""

from __future__ import annotations

import numpy as np
from llmhost.kernels import add, copy, matvec

import tilert as tr

D = 64


class Runner:
    def __init__(self, w: np.ndarray) -> None:
        self.w = tr.from_numpy(w)
        self.x = tr.zeros((D,), name="x")
        self.h = tr.zeros((D,), name="h")
        self.y = tr.zeros((D,), name="y")
        self.graph: tr.Graph | None = None

    def capture(self) -> None:
        with tr.graph() as g:
            g.record(matvec(self.h.partition((16,)), self.w, self.x, 16))
            g.record(add(self.y.partition((16,)), self.h, self.x))
            g.record(copy(self.x.partition((16,)), self.y))
        self.graph = g

    def step(self) -> None:
        assert self.graph is not None
        self.graph.launch().wait()

    def close(self) -> np.ndarray:
        assert self.graph is not None
        self.graph.close()
        self.graph = None
        return self.x.to_numpy()


w = np.eye(D, dtype=np.float32) * 0.5
r = Runner(w)
r.x.copy_from(np.ones(D, dtype=np.float32))
r.capture()
for _ in range(3):
    r.step()
final = r.close()
assert np.allclose(final, 1.5**3)
print("runner ok", final[0])
