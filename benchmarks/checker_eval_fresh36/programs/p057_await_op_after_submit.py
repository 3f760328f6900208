"""An async generation loop that submits the step early to overlap host work, then awaits the op
instead of the Pending the submit returned."""

import asyncio

import numpy as np

import tilert as tr
import tilert.kernels as tk

VOCAB, HIDDEN = 64, 16
rng = np.random.default_rng(23)
lm_head = tr.from_numpy(rng.standard_normal((VOCAB, HIDDEN)).astype(np.float32))


async def generate(steps: int) -> list[int]:
    h = tr.from_numpy(rng.standard_normal((1, HIDDEN)).astype(np.float32))
    logits = tr.empty((1, VOCAB))
    ids = tr.zeros((1,), dtype=tr.i32)
    tokens = []
    for _ in range(steps):
        step = tk.linear(logits, h, lm_head)
        pending = step.submit()
        stop_words = {0, VOCAB - 1}
        await step  # expect: TC110
        await pending
        await tk.argmax(ids, logits)
        tok = int(ids.to_numpy()[0])
        tokens.append(tok)
        if tok in stop_words:
            break
    return tokens


print(asyncio.run(generate(3)))  # expect-also: TC110
