"""A captured decode step fed with a fresh input before each replay."""

from __future__ import annotations

import numpy as np
from llmserve.kernels import axpy

import tilert as tr

N = 256


class Runner:
    def __init__(self) -> None:
        self.x = tr.zeros((N,), name="x")
        self.h = tr.zeros((N,), name="h")
        with tr.graph() as g:
            g.record(axpy(self.h.partition((64,)), self.x, 0.1))
        self.graph = g

    def step(self, token: np.ndarray) -> None:
        self.x.copy_from(token)  # expect: TC103
        self.graph.launch().wait()

    def close(self) -> None:
        self.graph.close()


def main() -> None:
    runner = Runner()
    try:
        for t in range(3):
            runner.step(np.full(N, float(t), np.float32))  # expect-also
    finally:
        runner.close()
    print(runner.h.to_numpy()[:2])


if __name__ == "__main__":
    main()
