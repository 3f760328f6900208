"""An engine that builds its step op once in __init__ and runs it every step, as one would
replay a graph."""

from servekit import axpy

import tilert as tr

DIM = 64


class Accumulator:
    def __init__(self) -> None:
        self.total = tr.zeros((DIM,), name="total")
        self.grad = tr.full((DIM,), 0.1, name="grad")
        self.step_op = axpy(self.total.partition((32,)), self.grad, -1.0)

    def step(self) -> None:
        self.step_op.sync()  # expect: TC110


acc = Accumulator()
for _ in range(3):
    acc.step()  # expect-also: TC110
print(acc.total.to_numpy()[:2])
