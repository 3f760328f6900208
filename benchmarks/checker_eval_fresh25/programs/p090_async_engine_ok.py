"""An async engine step: prefill requests concurrently, each awaiting its own launches."""

import asyncio

import numpy as np

import tilert as tr
import tilert.kernels as tk

D = 128


class Engine:
    def __init__(self) -> None:
        self.weight = tr.from_numpy(np.ones(D, dtype=np.float32))

    async def prefill(self, prompt: np.ndarray) -> float:
        x = tr.from_numpy(prompt)
        normed = tr.empty(x.shape)
        probs = tr.empty(x.shape)
        await tk.rmsnorm(normed, x, self.weight)
        await tk.softmax(probs, normed)
        return float(probs.to_numpy().max())


async def main() -> None:
    engine = Engine()
    rng = np.random.default_rng(4)
    prompts = [rng.standard_normal((3, D)).astype(np.float32) for _ in range(4)]
    peaks = await asyncio.gather(*(engine.prefill(p) for p in prompts))
    assert all(0 < p <= 1 for p in peaks)
    print([round(p, 4) for p in peaks])


asyncio.run(main())
