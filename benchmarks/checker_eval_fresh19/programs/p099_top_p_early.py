"""Nucleus sampling: the softmax is submitted, and the host's `top_p()` takes the probabilities
through `np.asarray` before the wait."""

from __future__ import annotations

import numpy as np
from llmfern.host import upload

import tilert as tr
import tilert.kernels as tk


def top_p(probs: np.ndarray, p: float, rng: np.random.Generator) -> int:
    order = np.argsort(probs)[::-1]
    keep = order[: int(np.searchsorted(np.cumsum(probs[order]), p)) + 1]
    return int(rng.choice(keep, p=probs[keep] / probs[keep].sum()))


rng = np.random.default_rng(11)
logits = upload(rng.standard_normal((1, 64)))
probs = tr.zeros((1, 64))
pending = tk.softmax(probs, logits).submit()
token = top_p(np.asarray(probs)[0], 0.9, rng)  # expect: TC102
pending.wait()
print(token)
