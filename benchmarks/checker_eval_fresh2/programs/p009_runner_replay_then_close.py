"""A decode runner captures its step once and replays it; results are read after close()."""

from __future__ import annotations

import numpy as np
from llmserve.kernels import axpy, scale

import tilert as tr

N = 512


class DecodeRunner:
    def __init__(self, x: tr.Tensor) -> None:
        self.x = x
        self.h = tr.zeros((N,), name="h")
        with tr.graph() as g:
            g.record(axpy(self.h.partition((128,)), self.x, 1.0))
            g.record(scale(self.h.partition((128,)), 0.5))
        self.graph = g

    def run(self, steps: int) -> None:
        for _ in range(steps):
            self.graph.launch().wait()

    def close(self) -> np.ndarray:
        self.graph.close()
        return self.h.to_numpy()


def main() -> None:
    runner = DecodeRunner(tr.ones((N,)))
    runner.run(5)
    out = runner.close()
    expect = 0.0
    for _ in range(5):
        expect = (expect + 1.0) * 0.5
    np.testing.assert_allclose(out, np.full(N, expect, np.float32), rtol=1e-6)
    print(out[:3])


if __name__ == "__main__":
    main()
