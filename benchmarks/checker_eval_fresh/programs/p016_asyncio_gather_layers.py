"""Independent decode requests awaited concurrently with asyncio.gather; each request owns its
buffers and reads them after its awaits."""

from __future__ import annotations

import asyncio

from llmkit.kernels import axpy, scale

import tilert as tr


async def request(rid: int, x: tr.Tensor) -> float:
    h = tr.zeros((256,), name=f"h{rid}")
    await axpy(h.partition((64,)), x, float(rid))
    await scale(h.partition((64,)), 2.0)
    return float(h.to_numpy()[0])


async def serve() -> list[float]:
    x = tr.ones((256,))
    return list(await asyncio.gather(*(request(i, x) for i in range(3))))


def main() -> None:
    results = asyncio.run(serve())
    assert results == [0.0, 2.0, 4.0], results
    print("requests:", results)


if __name__ == "__main__":
    main()
