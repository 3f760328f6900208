"""Graph capture and replay: record a chain of kernels once, launch it many times. The graph
holds its tensors until it is closed."""

from __future__ import annotations

import numpy as np

import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f32


@tr.kernel
def axpy(y: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], a: float) -> None:
    y.store(y.load() + a * tl.load_tile_like(x, y))


@tr.kernel
def halve(y: Mutable[Tensor[f32]]) -> None:
    y.store(y.load() * 0.5)


def main(n: int = 8192, replays: int = 10) -> None:
    x = tr.ones((n,), dtype=f32)
    y = tr.zeros((n,), dtype=f32)
    with tr.graph() as g:
        g.record(axpy(y.partition((1024,)), x, 2.0))
        g.record(halve(y.partition((1024,))))  # the graph hands y from op to op
    for _ in range(replays):
        g.launch().wait()
    g.close()  # only now is y free to read
    expect = 0.0
    for _ in range(replays):
        expect = (expect + 2.0) * 0.5
    np.testing.assert_allclose(y.to_numpy(), np.full(n, expect, np.float32))
    print(
        f"graph_replay: {len(g)} kernels captured, replayed {replays} times: y[0] = "
        f"{y.to_numpy()[0]:.6f}"
    )


if __name__ == "__main__":
    main()
