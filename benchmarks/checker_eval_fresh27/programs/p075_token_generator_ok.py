"""A streaming generator: each step runs the argmax, waits, and yields the token ids."""

from collections.abc import Iterator

import numpy as np

import tilert as tr
import tilert.kernels as tk


def generate(logits_per_step: list[np.ndarray]) -> Iterator[list[int]]:
    batch = logits_per_step[0].shape[0]
    ids = tr.empty((batch,), dtype=tr.i32)
    for step_logits in logits_per_step:
        logits = tr.from_numpy(step_logits)
        pending = tk.argmax(ids, logits).submit()
        pending.wait()
        yield ids.to_numpy().tolist()


rng = np.random.default_rng(6)
steps = [rng.standard_normal((2, 128)).astype(np.float32) for _ in range(3)]
for tokens in generate(steps):
    print(tokens)
