"""A runner that recaptures on a batch change but forgets to close the graph it replaces."""

from llmweave.kernels import scale

import tilert as tr


class Runner:
    def __init__(self) -> None:
        self.x = tr.ones((4, 64))
        self.out = tr.zeros((4, 64))
        self.graphs: dict[int, tr.Graph] = {}

    def capture(self, batch: int) -> tr.Graph:
        with tr.graph() as g:
            g.record(scale(self.out.partition((batch, 64)), self.x, 1.0))  # expect: TC102
        self.graphs[batch] = g
        return g


r = Runner()
r.capture(2).launch().wait()
r.capture(4).launch().wait()  # expect-also
