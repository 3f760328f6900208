"""asyncio: a request handler with a retry wrapper around the launch."""

import asyncio

import numpy as np
from llmbasin import scale

import tilert as tr

D = 1024


async def with_retry(op: tr.Op, attempts: int = 2):
    result = None
    for _ in range(attempts):
        try:
            result = await op  # expect: TC110
        except tr.KernelError:
            continue
    return result


async def main() -> None:
    x = tr.from_numpy(np.ones(D, dtype=np.float32))
    out = tr.empty((D,))
    await with_retry(scale(out.partition((256,)), x, 0.5))  # expect-also: TC110
    print(out.to_numpy()[:2])


if __name__ == "__main__":
    asyncio.run(main())
