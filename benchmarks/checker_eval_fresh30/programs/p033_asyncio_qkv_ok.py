"""Q, K and V projections submitted together from a coroutine, all awaited."""

import asyncio

import numpy as np

import tilert as tr
import tilert.kernels as tk

T, D = 16, 32
rng = np.random.default_rng(2)


async def qkv(x: tr.Tensor, weights: dict[str, tr.Tensor]) -> dict[str, tr.Tensor]:
    outs = {name: tr.empty((T, D)) for name in weights}
    pend = {name: tk.gemm(outs[name], x, w).submit() for name, w in weights.items()}
    for p in pend.values():
        await p
    return outs


ws = {n: tr.from_numpy(rng.standard_normal((D, D)).astype(np.float32)) for n in ("q", "k", "v")}
res = asyncio.run(qkv(tr.from_numpy(np.ones((T, D), dtype=np.float32)), ws))
print({k: float(v.to_numpy().sum()) for k, v in res.items()})
