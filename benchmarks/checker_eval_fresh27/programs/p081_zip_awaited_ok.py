"""Async prefill of two independent projections as one zipped op, awaited."""

import asyncio

import numpy as np
from llmcove import mul

import tilert as tr


async def project(x: tr.Tensor, wq: tr.Tensor, wk: tr.Tensor) -> tuple[tr.Tensor, tr.Tensor]:
    q, k = tr.empty(x.shape), tr.empty(x.shape)
    await tr.zip(mul(q.partition((256,)), x, wq), mul(k.partition((256,)), x, wk))
    return q, k


async def main() -> None:
    rng = np.random.default_rng(0)
    x = tr.from_numpy(rng.standard_normal(1024).astype(np.float32))
    wq, wk = tr.full((1024,), 0.5), tr.full((1024,), 2.0)
    q, k = await project(x, wq, wk)
    print(float(q.to_numpy()[0] * 4), float(k.to_numpy()[0]))


asyncio.run(main())
