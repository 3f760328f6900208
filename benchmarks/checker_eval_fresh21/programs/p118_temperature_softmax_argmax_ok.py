"""Sampling with a temperature: scale, tk.softmax and tk.argmax as one .then chain; the host
reads the raw logits (only read) while the chain is in flight."""

import numpy as np
from llmloom import host as H
from llmloom import kernels as K

import tilert as tr
import tilert.kernels as tk

rng = np.random.default_rng(5)
logits_np = rng.standard_normal((4, 32)).astype(np.float32)
logits = H.upload(logits_np)
scaled, probs = tr.zeros((4, 32)), tr.zeros((4, 32))
tokens = tr.zeros((4,), dtype=tr.i32)
temperature = 0.7
chain = (
    K.scale(scaled.partition((1, 32)), logits, 1.0 / temperature)
    .then(lambda s, *_: tk.softmax(probs, scaled))
    .then(lambda *_: tk.argmax(tokens, probs))
)
pending = chain.submit()
top_raw = logits.to_numpy().max(axis=1)
pending.wait()
e = np.exp(logits_np / temperature - (logits_np / temperature).max(1, keepdims=True))
assert np.allclose(probs.to_numpy(), e / e.sum(1, keepdims=True), atol=1e-5)
assert np.array_equal(tokens.to_numpy(), logits_np.argmax(1)) and top_raw.shape == (4,)
