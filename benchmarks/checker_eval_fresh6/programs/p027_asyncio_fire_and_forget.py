"""asyncio request handlers: each awaits its own op, but the logging coroutine submits a copy
of the logits and never awaits the Pending (fire and forget)."""

from __future__ import annotations

import asyncio

from llmforge import kernels as k

import tilert as tr


async def log_logits(logits: tr.Tensor, sink: tr.Tensor) -> None:
    k.copy(sink.partition((16,)), logits).submit()  # expect: TC108
    await asyncio.sleep(0)


async def handle(rid: int, logits: tr.Tensor) -> float:
    out = tr.zeros(logits.shape)
    await k.scale(out.partition((16,)), logits, float(rid))
    return float(out.to_numpy().sum())


async def main() -> None:
    logits = tr.ones((64,))
    sink = tr.zeros((64,))
    results = await asyncio.gather(handle(1, logits), handle(2, logits), log_logits(logits, sink))
    print(results[:2])


asyncio.run(main())
