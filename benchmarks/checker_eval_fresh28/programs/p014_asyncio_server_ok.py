"""An asyncio request handler: each request scales its prompt embedding on the device."""

import asyncio

import numpy as np
from llmdelta import scale

import tilert as tr

D = 256


async def handle(request_id: int, emb, out):
    pending = scale(out.partition((64,)), emb, 1.0 / D**0.5).submit()
    await asyncio.sleep(0)  # let the other requests launch
    await pending
    result = out.to_numpy().copy()
    return request_id, result


async def main():
    rng = np.random.default_rng(3)
    embs = [tr.from_numpy(rng.standard_normal(D).astype(np.float32)) for _ in range(3)]
    outs = [tr.zeros((D,)) for _ in range(3)]
    results = await asyncio.gather(
        *(handle(i, e, o) for i, (e, o) in enumerate(zip(embs, outs, strict=True)))
    )
    for (_, r), e in zip(results, embs, strict=True):
        np.testing.assert_allclose(r, e.to_numpy() / 16.0, rtol=1e-6)
    print([r[0] for r in results])


asyncio.run(main())
