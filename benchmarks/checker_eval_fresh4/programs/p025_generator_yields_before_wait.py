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
        yield logits.to_numpy()  # expect: TC102
        p.wait()


for tok in decode_tokens(3):  # expect-also
    print(tok[:2])
