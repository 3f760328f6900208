"""A captured MLP step owned by a context manager that closes the graph on exit."""

from __future__ import annotations

from types import TracebackType

import numpy as np
from llmserve.kernels import mul, silu

import tilert as tr

N = 512


class CapturedMLP:
    def __init__(self, x: tr.Tensor, w: tr.Tensor) -> None:
        self.act = tr.empty((N,), name="act")
        self.out = tr.empty((N,), name="out")
        self.x = x
        self.w = w
        self.graph: tr.Graph | None = None

    def __enter__(self) -> CapturedMLP:
        with tr.graph() as g:
            g.record(silu(self.act.partition((128,)), self.x))
            g.record(mul(self.out.partition((128,)), self.act, self.w))
        self.graph = g
        return self

    def __call__(self) -> None:
        assert self.graph is not None
        self.graph.launch().wait()

    def __exit__(
        self, t: type[BaseException] | None, e: BaseException | None, tb: TracebackType | None
    ) -> None:
        if self.graph is not None:
            self.graph.close()
            self.graph = None


def main() -> None:
    x = tr.ones((N,))
    w = tr.full((N,), 3.0)
    with CapturedMLP(x, w) as mlp:
        for _ in range(3):
            mlp()
    np.testing.assert_allclose(
        mlp.out.to_numpy(), np.full(N, 3.0 / (1.0 + np.exp(-1.0)), np.float32), rtol=1e-5
    )
    print(mlp.out.to_numpy()[0])


if __name__ == "__main__":
    main()
