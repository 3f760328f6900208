"""An asyncio server: each request runs on a stream of its own, awaits its op chain, and the
results are gathered; the shared weight is only read by every request."""

from __future__ import annotations

import asyncio

import numpy as np
from llmroute import kernels as K

import tilert as tr

weight = tr.full((64,), 0.5, name="weight")


async def handle(rid: int) -> float:
    out = tr.zeros((64,), name=f"resp{rid}")
    with tr.Stream():
        chain = K.mul(out.partition((16,)), weight, tr.full((64,), float(rid))).then(
            lambda op, *_: K.scale_(op, 2.0)
        )
        await chain
    return float(out.to_numpy()[0])


async def main() -> list[float]:
    return list(await asyncio.gather(*(handle(r) for r in range(1, 5))))


got = asyncio.run(main())
assert np.allclose(got, [1.0, 2.0, 3.0, 4.0])
print(got)
