"""A graph runner that captures one decode step per batch slot."""

import numpy as np
from llmquay import add

import tilert as tr

D = 64


class GraphRunner:
    def __init__(self, slots: int) -> None:
        self.hidden = [tr.ones((D,)) for _ in range(slots)]
        self.out = [tr.empty((D,)) for _ in range(slots)]
        self.pos = [tr.from_numpy(np.full(D, s, dtype=np.float32)) for s in range(slots)]
        self.graphs: list[tr.Graph] = []

    def capture(self) -> None:
        for h, o, pos in zip(self.hidden, self.out, self.pos, strict=True):
            with tr.graph() as g:
                g.record(add(o.partition((D,)), h, pos))
            self.graphs.append(g)

    def replay_all(self) -> None:
        for g in self.graphs:
            g.launch().wait()

    def close(self) -> None:
        for g in self.graphs:
            g.close()
        self.graphs.clear()


runner = GraphRunner(2)
runner.capture()
runner.replay_all()
runner.close()
assert [float(o.to_numpy()[0]) for o in runner.out] == [1.0, 2.0]
print("slots ok")
