"""An async generation loop (one coroutine per request, as async serving frameworks run them):
each step awaits the LM head and then the argmax."""

import asyncio

import numpy as np

import tilert as tr
import tilert.kernels as tk

HIDDEN, VOCAB = 32, 64
rng = np.random.default_rng(48)
lm_head = tr.from_numpy((rng.standard_normal((VOCAB, HIDDEN)) * 0.2).astype(np.float32))
embed = tr.from_numpy(rng.standard_normal((VOCAB, HIDDEN)).astype(np.float32))


async def generate(first: int, steps: int) -> list[int]:
    token = tr.from_numpy(np.array([first], dtype=np.int32))
    state = tr.empty((1, HIDDEN))
    logits = tr.empty((1, VOCAB))
    out = []
    for _ in range(steps):
        await tk.embedding(state, embed, token)
        tk.linear(logits, state, lm_head)  # expect: TC105
        await tk.argmax(token, logits)
        out.append(int(token.to_numpy()[0]))
    return out


async def main() -> None:
    print(await asyncio.gather(generate(1, 3), generate(2, 3)))  # expect-also: TC105


asyncio.run(main())
