"""A sampler with early returns on each path; every path runs the op it built (or builds
none) before returning."""

from __future__ import annotations

import numpy as np
from llmforge import kernels as k

import tilert as tr


def sample(logits: tr.Tensor, scratch: tr.Tensor, temperature: float, top1: bool) -> int:
    if top1:
        return int(np.argmax(logits.to_numpy()))
    op = k.scale(scratch.partition((16,)), logits, 1.0 / temperature)
    if temperature >= 1.0:
        op.sync()
        return int(np.argmax(scratch.to_numpy()))
    pending = op.submit()
    pending.wait()
    probs = np.exp(scratch.to_numpy())
    return int(np.argmax(probs))


logits = tr.from_numpy(np.linspace(0, 1, 64, dtype=np.float32))
scratch = tr.empty((64,))
picks = [sample(logits, scratch, t, top) for t, top in [(1.0, True), (1.5, False), (0.5, False)]]
assert picks == [63, 63, 63], picks
print(picks)
