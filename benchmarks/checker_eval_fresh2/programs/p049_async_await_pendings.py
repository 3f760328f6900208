"""Pendings submitted up front and awaited together with asyncio.gather."""

from __future__ import annotations

import asyncio

import numpy as np
from llmserve.kernels import fill, scale

import tilert as tr

N = 256


async def main_async() -> list[float]:
    outs = [tr.empty((N,)) for _ in range(4)]
    pendings = [fill(o.partition((64,)), float(i)).submit() for i, o in enumerate(outs)]
    await asyncio.gather(*pendings)
    await scale(outs[3].partition((64,)), 2.0)
    return [float(o.to_numpy()[0]) for o in outs]


def main() -> None:
    vals = asyncio.run(main_async())
    np.testing.assert_allclose(vals, [0.0, 1.0, 2.0, 6.0])
    print(vals)


if __name__ == "__main__":
    main()
