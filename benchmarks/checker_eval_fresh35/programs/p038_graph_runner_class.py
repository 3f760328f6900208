from tilekit import add, copy

import tilert as tr


class StepRunner:
    """Captures one step into a graph on first use, replays it after."""

    def __init__(self, state, inc):
        self.state = state
        self.inc = inc
        self.graph = None

    def _tmp(self):
        return tr.empty(self.state.shape, name="tmp")  # expect: TC111

    def _capture(self):
        with tr.graph() as g:
            tmp = self._tmp()  # expect-also: TC111
            g.record(add(tmp.partition((256,)), self.state, self.inc))
            g.record(copy(self.state.partition((256,)), tmp))
        self.graph = g

    def run(self, steps):
        if self.graph is None:
            self._capture()  # expect-also: TC111
        for _ in range(steps):
            self.graph.launch().wait()

    def close(self):
        self.graph.close()


state = tr.zeros((1024,))
runner = StepRunner(state, tr.full((1024,), 0.5))
runner.run(6)  # expect-also: TC111
runner.close()
print(state.to_numpy()[0])
