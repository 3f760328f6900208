"""A runner that captures its decode step once in `__init__`, replays it per token and closes
the graph in `shutdown` before the host reads the state."""

import numpy as np
from llmweave.kernels import add, scale

import tilert as tr


class Runner:
    def __init__(self, n: int) -> None:
        self.h = tr.ones((n,), name="h")
        self.tmp = tr.zeros((n,))
        self.bias = tr.full((n,), 1.0)
        with tr.graph() as self.graph:
            self.graph.record(scale(self.tmp.partition((16,)), self.h, 1.0))
            self.graph.record(add(self.h.partition((16,)), self.tmp, self.bias))

    def decode(self, tokens: int) -> None:
        for _ in range(tokens):
            self.graph.launch().wait()

    def shutdown(self) -> np.ndarray:
        self.graph.close()
        return self.h.to_numpy()


r = Runner(64)
r.decode(5)
state = r.shutdown()
assert np.allclose(state, 6.0)
print(state[:3])
