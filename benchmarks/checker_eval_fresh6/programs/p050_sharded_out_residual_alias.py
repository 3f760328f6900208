"""A tensor-parallel-like sharded layer on one device: each shard writes its rows of `out`;
the residual step passes the whole `out` as the skip input while writing a shard of it."""

from __future__ import annotations

from llmforge import kernels as k

import tilert as tr

SHARDS, ROWS = 4, 16
N = SHARDS * ROWS


class ShardedLinear:
    def __init__(self) -> None:
        self.out = tr.zeros((N,), name="out")
        self.scales = [tr.full((ROWS,), float(r + 1)) for r in range(SHARDS)]

    def forward(self, x: tr.Tensor) -> None:
        for r in range(SHARDS):
            sl = slice(r * ROWS, (r + 1) * ROWS)
            k.mul(self.out[sl].partition((16,)), x[sl], self.scales[r]).sync()

    def residual(self, skip_scale: float) -> None:
        for r in range(SHARDS):
            shard = self.out[r * ROWS : (r + 1) * ROWS]
            k.axpy(shard.partition((16,)), self.out, skip_scale).sync()  # expect: TC101


layer = ShardedLinear()
layer.forward(tr.ones((N,)))
layer.residual(0.1)  # expect-also
