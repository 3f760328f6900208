"""An async server: each request awaits its own op; requests are gathered."""

from __future__ import annotations

import asyncio

import numpy as np
from llmserve.kernels import axpy, softmax_rows

import tilert as tr

VOCAB = 64


async def handle(request_id: int, bias: tr.Tensor) -> np.ndarray:
    logits = tr.full((1, VOCAB), float(request_id))
    probs = tr.empty((1, VOCAB))
    await axpy(logits.partition((1, VOCAB)), bias, 1.0)
    await softmax_rows(probs.partition((1, VOCAB)), logits)
    return probs.to_numpy()[0]


async def serve(n: int) -> list[np.ndarray]:
    bias = tr.from_numpy(np.linspace(0, 1, VOCAB, dtype=np.float32).reshape(1, VOCAB))
    return await asyncio.gather(*(handle(i, bias) for i in range(n)))


def main() -> None:
    results = asyncio.run(serve(4))
    for r in results:
        assert abs(float(r.sum()) - 1.0) < 1e-5
    print([int(r.argmax()) for r in results])


if __name__ == "__main__":
    main()
