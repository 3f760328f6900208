import asyncio

import numpy as np

import tilert as tr
import tilert.kernels as tk


async def eval_batch(x: tr.Tensor, w: tr.Tensor) -> float:
    logits = tr.empty((x.shape[0], w.shape[0]))
    probs = tr.empty((x.shape[0], w.shape[0]))
    await tk.linear(logits, x, w)
    pend = tk.softmax(probs, logits).submit()
    await asyncio.sleep(0)
    confidence = float(probs.to_numpy().max(axis=1).mean())  # expect: TC102
    await pend
    return confidence


async def main() -> None:
    rng = np.random.default_rng(5)
    w = tr.from_numpy(rng.standard_normal((8, 64)).astype(np.float32))
    xs = [tr.from_numpy(rng.standard_normal((4, 64)).astype(np.float32)) for _ in range(2)]
    for x in xs:
        print(await eval_batch(x, w))  # expect-also: TC102


asyncio.run(main())
