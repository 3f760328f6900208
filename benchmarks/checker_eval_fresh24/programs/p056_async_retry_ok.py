"""asyncio: a request handler with a retry wrapper that builds a fresh launch per attempt."""

import asyncio
from collections.abc import Callable

import numpy as np
from llmbasin import scale

import tilert as tr

D = 1024


async def with_retry(make_op: Callable[[], tr.Op], attempts: int = 2):
    for attempt in range(attempts):
        try:
            return await make_op()
        except tr.KernelError:
            if attempt + 1 == attempts:
                raise
    return None


async def main() -> None:
    x = tr.from_numpy(np.ones(D, dtype=np.float32))
    out = tr.empty((D,))
    await with_retry(lambda: scale(out.partition((256,)), x, 0.5))
    print(out.to_numpy()[:2])


if __name__ == "__main__":
    asyncio.run(main())
