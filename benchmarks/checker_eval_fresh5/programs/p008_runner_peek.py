"""A runner with a captured graph and a peek() for logging, called between replays."""

from __future__ import annotations

from llmdeck.kernels import axpy

import tilert as tr

N = 64


class Runner:
    def __init__(self) -> None:
        self.state = tr.zeros((N,))
        self.delta = tr.ones((N,))
        self.graph = tr.graph()
        with self.graph:
            self.graph.record(axpy(self.state.partition((16,)), self.delta, 0.5))

    def step(self) -> None:
        self.graph.launch().wait()

    def peek(self) -> float:
        return float(self.state.to_numpy().mean())  # expect: TC102

    def close(self) -> None:
        self.graph.close()


runner = Runner()
try:
    for i in range(3):
        runner.step()
        if i == 1:
            print("mean after two steps", runner.peek())  # expect-also
finally:
    runner.close()
