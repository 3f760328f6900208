"""A sampler picks its op from a dict literal of both modes; the other mode's op is never run."""

import numpy as np
from llmspool import kernels as K
from llmspool.host import tiles

import tilert as tr
import tilert.kernels as tk

logits = tr.from_numpy(np.linspace(-2, 2, 64, dtype=np.float32).reshape(1, 64))
scaled = tr.empty((1, 64))
ids = tr.empty((1,), dtype=tr.i32)


def sample(mode: str, temperature: float) -> None:
    ops = {
        "greedy": tk.argmax(ids, logits),
        "temp": K.scale(tiles(scaled), logits, 1 / temperature),  # expect: TC105
    }
    ops[mode].sync()


sample("greedy", 0.7)  # expect-also
print(ids.to_numpy())
