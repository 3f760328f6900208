from __future__ import annotations

from collections.abc import Iterator

import numpy as np
from llmrun.kernels import axpy, fill

import tilert as tr


def decode_tokens(steps: int) -> Iterator[np.ndarray]:
    logits = tr.zeros((64,))
    bias = tr.full((64,), 0.5)
    fill(logits.partition((16,)), 0.0).sync()
    for _ in range(steps):
        p = axpy(logits.partition((16,)), bias, 1.0).submit()
        p.wait()
        yield logits.to_numpy()


seen = [float(tok[0]) for tok in decode_tokens(3)]
assert seen == [0.5, 1.0, 1.5], seen
