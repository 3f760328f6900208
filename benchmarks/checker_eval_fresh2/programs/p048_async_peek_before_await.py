"""An async handler submits, yields to the event loop, and peeks at the output."""

from __future__ import annotations

import asyncio

from llmserve.kernels import fill

import tilert as tr

N = 256


async def handle(value: float) -> float:
    out = tr.empty((N,))
    pending = fill(out.partition((64,)), value).submit()
    await asyncio.sleep(0)
    first = float(out.to_numpy()[0])  # expect: TC102
    await pending
    return first


async def serve() -> list[float]:
    return await asyncio.gather(handle(1.0), handle(2.0))


def main() -> None:
    print(asyncio.run(serve()))


if __name__ == "__main__":
    main()
