"""A sampler builds its temperature op, then returns early for greedy decoding without
running it."""

from __future__ import annotations

import numpy as np
from llmforge import kernels as k

import tilert as tr


def sample(logits: tr.Tensor, scratch: tr.Tensor, temperature: float) -> int:
    op = k.scale(scratch.partition((16,)), logits, 1.0 / max(temperature, 1e-6))  # expect: TC105
    if temperature == 0.0:
        return int(np.argmax(logits.to_numpy()))
    op.sync()
    probs = np.exp(scratch.to_numpy())
    return int(np.argmax(probs / probs.sum()))


logits = tr.from_numpy(np.linspace(0, 1, 64, dtype=np.float32))
scratch = tr.empty((64,))
print(sample(logits, scratch, 0.8))
print(sample(logits, scratch, 0.0))  # expect-also
