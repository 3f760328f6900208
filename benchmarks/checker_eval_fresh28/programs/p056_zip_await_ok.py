"""Q and K projections launched together with tr.zip and awaited."""

import asyncio

import numpy as np
from llmdelta import mul

import tilert as tr

D = 256


async def project():
    xs = np.linspace(0, 1, D, dtype=np.float32)
    x = tr.from_numpy(xs)
    wq, wk = tr.full((D,), 2.0), tr.full((D,), 3.0)
    q, k = tr.zeros((D,)), tr.zeros((D,))
    await tr.zip(mul(q.partition((64,)), x, wq), mul(k.partition((64,)), x, wk))
    score = float(np.dot(q.to_numpy(), k.to_numpy()))
    assert abs(score - 6 * float(np.dot(xs, xs))) < 1e-2
    return score


print(asyncio.run(project()))
