"""An async layer loop keeping the newest Pending per kind with `latest |= {"kv": ...}`, every
Pending in the dict awaited at the end."""

from __future__ import annotations

import asyncio

import numpy as np

import tilert as tr
from vkit import kernels as K
from vkit.host import tiles, upload

N = 128


async def prefill(x: tr.Tensor, layers: int) -> list[float]:
    caches = [tr.zeros(N, name=f"kv{i}") for i in range(layers)]
    latest: dict[str, tr.Pending] = {}
    for i, cache in enumerate(caches):
        latest |= {"kv": K.scale(tiles(cache), x, i + 1.0).submit()}  # expect: TC108
        await asyncio.sleep(0)
    for pending in latest.values():
        await pending
    return [float(c.to_numpy()[0]) for c in caches]


if __name__ == "__main__":
    print(asyncio.run(prefill(upload(np.ones(N), name="x"), 3)))
