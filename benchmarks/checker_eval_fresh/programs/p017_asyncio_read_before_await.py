"""An async request yields to the event loop after submitting, then reads its output before
awaiting the Pending."""

from __future__ import annotations

import asyncio

from llmkit.kernels import axpy

import tilert as tr


async def request(x: tr.Tensor) -> float:
    h = tr.zeros((256,), name="h")
    pending = axpy(h.partition((64,)), x, 3.0).submit()
    await asyncio.sleep(0)
    value = float(h.to_numpy()[0])  # expect: TC102
    await pending
    return value


def main() -> None:
    print(asyncio.run(request(tr.ones((256,)))))


if __name__ == "__main__":
    main()
