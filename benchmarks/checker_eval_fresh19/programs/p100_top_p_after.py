"""Nucleus sampling after the softmax's wait, the logits read meanwhile (only read)."""

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
lg = rng.standard_normal((1, 64)).astype(np.float32)
logits = upload(lg)
probs = tr.zeros((1, 64))
pending = tk.softmax(probs, logits).submit()
best = int(np.argmax(np.asarray(logits)[0]))
pending.wait()
got = np.asarray(probs)[0]
np.testing.assert_allclose(got, np.exp(lg[0]) / np.exp(lg[0]).sum(), rtol=1e-5)
assert top_p(got, 1e-9, rng) == best
print("ok")
