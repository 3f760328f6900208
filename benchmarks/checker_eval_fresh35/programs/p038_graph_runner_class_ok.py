import numpy as np
from tilekit import add, copy

import tilert as tr


class StepRunner:
    """Captures one step into a graph on first use, replays it after."""

    def __init__(self, state, inc):
        self.state = state
        self.inc = inc
        self.tmp = tr.empty(state.shape, name="tmp")
        self.graph = None

    def _capture(self):
        with tr.graph() as g:
            g.record(add(self.tmp.partition((256,)), self.state, self.inc))
            g.record(copy(self.state.partition((256,)), self.tmp))
        self.graph = g

    def run(self, steps):
        if self.graph is None:
            self._capture()
        for _ in range(steps):
            self.graph.launch().wait()

    def close(self):
        self.graph.close()


state = tr.zeros((1024,))
runner = StepRunner(state, tr.full((1024,), 0.5))
runner.run(6)
runner.close()
assert np.allclose(state.to_numpy(), 3.0)
print(state.to_numpy()[0])
