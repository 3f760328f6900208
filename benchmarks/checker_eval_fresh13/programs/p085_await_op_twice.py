"""An async server awaits the same softmax op for two requests."""

import asyncio

import tilert as tr
import tilert.kernels as tk


async def serve(op: tr.Op) -> None:
    await op  # expect: TC110


async def main() -> None:
    scores, probs = tr.ones((2, 64)), tr.zeros((2, 64))
    op = tk.softmax(probs, scores)
    await serve(op)
    await serve(op)  # expect-also


asyncio.run(main())
