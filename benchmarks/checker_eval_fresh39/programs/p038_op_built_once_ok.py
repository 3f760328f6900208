"""An engine that records its step once into a graph in __init__ and replays it every step;
close() releases its buffers."""

from servekit import axpy

import tilert as tr

DIM = 64


class Accumulator:
    def __init__(self) -> None:
        self.total = tr.zeros((DIM,), name="total")
        self.grad = tr.full((DIM,), 0.1, name="grad")
        with tr.graph() as g:
            g.record(axpy(self.total.partition((32,)), self.grad, -1.0))
        self.graph = g

    def step(self) -> None:
        self.graph.launch().wait()

    def close(self) -> None:
        self.graph.close()


acc = Accumulator()
for _ in range(3):
    acc.step()
acc.close()
print(acc.total.to_numpy()[:2])
