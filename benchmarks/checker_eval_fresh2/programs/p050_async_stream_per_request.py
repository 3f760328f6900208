"""Each request runs on its own stream; chained ops awaited inside the stream's block."""

from __future__ import annotations

import asyncio

import numpy as np
from llmserve.kernels import copy, relu

import tilert as tr

N = 512


async def request(x: tr.Tensor, stream: tr.Stream) -> np.ndarray:
    out = tr.empty((N,))
    with stream:
        await copy(out.partition((128,)), x).then(lambda p, *_: relu(p, x))
    return out.to_numpy()


async def run() -> list[np.ndarray]:
    inputs = [tr.full((N,), float(i) - 1.5) for i in range(4)]
    streams = [tr.Stream() for _ in inputs]
    return await asyncio.gather(*(request(x, s) for x, s in zip(inputs, streams, strict=True)))


def main() -> None:
    outs = asyncio.run(run())
    np.testing.assert_allclose([o[0] for o in outs], [0.0, 0.0, 0.5, 1.5])
    print("streams ok")


if __name__ == "__main__":
    main()
