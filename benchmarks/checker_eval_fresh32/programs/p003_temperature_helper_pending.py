"""Sampling: a helper submits the temperature scaling and hands back the Pending; the caller
reads the scaled logits before waiting for it."""

import numpy as np
from llmcraft import scale

import tilert as tr


def apply_temperature(logits: tr.Tensor, out: tr.Tensor, temperature: float) -> tr.Pending:
    return scale(out.partition((128,)), logits, 1.0 / temperature).submit()


def sample_greedy(probs: np.ndarray) -> int:
    return int(np.argmax(probs))


vocab = 512
logits = tr.from_numpy(np.random.default_rng(0).standard_normal(vocab).astype(np.float32))
scaled = tr.empty((vocab,), name="scaled")
pending = apply_temperature(logits, scaled, 0.8)
token = sample_greedy(scaled.to_numpy())  # expect: TC102
pending.wait()
print("sampled", token)
