"""Each async request runs a two-kernel chain on its own stream and awaits it."""

from __future__ import annotations

import asyncio

from llmkit.kernels import copy, scale

import tilert as tr


async def request(rid: int, stream: tr.Stream) -> float:
    out = tr.zeros((256,), name=f"out{rid}")
    src = tr.full((256,), float(rid + 1))
    with stream:
        await copy(out.partition((64,)), src).then(lambda op, *_: scale(op, 10.0))
    return float(out.to_numpy()[0])


async def serve() -> list[float]:
    streams = [tr.Stream() for _ in range(2)]
    return list(await asyncio.gather(*(request(i, s) for i, s in enumerate(streams))))


def main() -> None:
    results = asyncio.run(serve())
    assert results == [10.0, 20.0], results
    print("chains:", results)


if __name__ == "__main__":
    main()
