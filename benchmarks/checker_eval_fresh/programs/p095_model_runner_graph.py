"""A ModelRunner owns the decode graph: __call__ launches it and returns the Pending, close()
releases the graph before the caller reads the state."""

from __future__ import annotations

import numpy as np
from llmkit.kernels import axpy, scale

import tilert as tr


class ModelRunner:
    def __init__(self, n: int) -> None:
        self.state = tr.zeros((n,), name="state")
        self.step = tr.ones((n,), name="step")
        with tr.graph() as g:
            g.record(axpy(self.state.partition((128,)), self.step, 1.0))
            g.record(scale(self.state.partition((128,)), 2.0))
        self.graph = g

    def __call__(self) -> tr.Pending:
        return self.graph.launch()

    def close(self) -> None:
        self.graph.close()


def main() -> None:
    runner = ModelRunner(512)
    for _ in range(3):
        runner().wait()
    runner.close()
    np.testing.assert_allclose(runner.state.to_numpy(), 14.0)
    print("state:", runner.state.to_numpy()[0])


if __name__ == "__main__":
    main()
