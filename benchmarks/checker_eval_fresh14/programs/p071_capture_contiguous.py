"""A decode runner that captures its step; the capture makes the transposed weight contiguous
inside `with tr.graph()`."""

import numpy as np

import tilert as tr
import tilert.kernels as tk


class Runner:
    def __init__(self, w: np.ndarray) -> None:
        self.w_t = tr.from_numpy(w).T
        self.x = tr.ones((1, w.shape[0]))
        self.out = tr.zeros((1, w.shape[1]))

    def capture(self) -> tr.Graph:
        with tr.graph() as g:
            w = self.w_t.contiguous()  # expect: TC111
            g.record(tk.linear(self.out, self.x, w))
        return g


runner = Runner(np.eye(16, 8, dtype=np.float32))
graph = runner.capture()  # expect-also
graph.launch().wait()
graph.close()
