"""An async retry wrapper awaits the same op a second time after the first attempt."""

from __future__ import annotations

import asyncio

from llmkit.kernels import scale

import tilert as tr


async def run_twice(h: tr.Tensor) -> None:
    op = scale(h.partition((64,)), 2.0)
    await op
    await op  # expect: TC110


def main() -> None:
    asyncio.run(run_twice(tr.ones((256,))))


if __name__ == "__main__":
    main()
