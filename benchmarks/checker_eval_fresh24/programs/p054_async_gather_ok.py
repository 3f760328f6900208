"""asyncio: run the per-layer projections of a batch as concurrent awaits."""

import asyncio

import numpy as np
from llmbasin import add, relu

import tilert as tr

D = 1024


async def layer(x: tr.Tensor, bias: tr.Tensor, out: tr.Tensor, tmp: tr.Tensor) -> float:
    await add(tmp.partition((256,)), x, bias)
    await relu(out.partition((256,)), tmp)
    return float(out.to_numpy().max())


async def main() -> None:
    rng = np.random.default_rng(14)
    xs = [tr.from_numpy(rng.standard_normal(D).astype(np.float32)) for _ in range(3)]
    bias = tr.from_numpy(np.full(D, -0.1, dtype=np.float32))
    outs = [tr.empty((D,)) for _ in xs]
    tmps = [tr.empty((D,)) for _ in xs]
    maxima = await asyncio.gather(
        *(layer(x, bias, o, t) for x, o, t in zip(xs, outs, tmps, strict=True))
    )
    print(maxima)


if __name__ == "__main__":
    asyncio.run(main())
