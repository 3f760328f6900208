"""An async decode step previews the cache before awaiting the write into it."""

import asyncio

import tilert as tr
from llm.kernels import copy


async def decode_step(cache: tr.Tensor, tok: tr.Tensor) -> None:
    op = copy(cache.partition((64,)), tok)
    preview = cache.to_numpy()[:4]  # expect: TC102
    await op
    print(preview)


def main() -> None:
    asyncio.run(decode_step(tr.zeros((256,)), tr.ones((256,))))


if __name__ == "__main__":
    main()
