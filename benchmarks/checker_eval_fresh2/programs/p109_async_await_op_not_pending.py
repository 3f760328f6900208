"""An async handler submits an op and then awaits the op instead of its Pending."""

from __future__ import annotations

import asyncio

from llmserve.kernels import fill

import tilert as tr

N = 256


async def handle() -> float:
    out = tr.empty((N,))
    op = fill(out.partition((64,)), 5.0)
    pending = op.submit()
    await op  # expect: TC110
    await pending
    return float(out.to_numpy()[0])


def main() -> None:
    print(asyncio.run(handle()))


if __name__ == "__main__":
    main()
