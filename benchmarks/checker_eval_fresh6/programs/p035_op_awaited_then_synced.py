"""asyncio: a request coroutine awaits the sampling op, and a later "make sure it ran" line
syncs the same op object."""

from __future__ import annotations

import asyncio

from llmforge import kernels as k

import tilert as tr


async def serve(logits: tr.Tensor, probs: tr.Tensor) -> float:
    op = k.scale(probs.partition((16,)), logits, 0.5)
    await op
    await asyncio.sleep(0)
    op.sync()  # expect: TC110
    return float(probs.to_numpy().sum())


print(asyncio.run(serve(tr.ones((64,)), tr.zeros((64,)))))
