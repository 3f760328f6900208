"""A graph runner that captures one decode step per batch slot."""

import numpy as np
from llmquay import add

import tilert as tr

D = 64


class GraphRunner:
    def __init__(self, slots: int) -> None:
        self.hidden = [tr.ones((D,)) for _ in range(slots)]
        self.out = [tr.empty((D,)) for _ in range(slots)]
        self.graphs: list[tr.Graph] = []

    def capture(self) -> None:
        for slot, (h, o) in enumerate(zip(self.hidden, self.out, strict=True)):
            with tr.graph() as g:
                pos = tr.from_numpy(np.full(D, slot, dtype=np.float32))  # expect: TC111
                g.record(add(o.partition((D,)), h, pos))
            self.graphs.append(g)

    def close(self) -> None:
        for g in self.graphs:
            g.close()


runner = GraphRunner(2)
runner.capture()  # expect-also: TC111
for g in runner.graphs:
    g.launch().wait()
runner.close()
