"""A sampler: greedy (argmax on the device) at temperature 0, else sampled on the host."""

import numpy as np

import tilert as tr
import tilert.kernels as tk


def sample(logits: tr.Tensor, ids: tr.Tensor, temperature: float, rng) -> np.ndarray:
    if temperature == 0.0:
        tk.argmax(ids, logits).sync()
        return ids.to_numpy()
    z = logits.to_numpy() / temperature
    p = np.exp(z - z.max(axis=1, keepdims=True))
    p /= p.sum(axis=1, keepdims=True)
    return np.array([rng.choice(p.shape[1], p=row) for row in p])


rng = np.random.default_rng(0)
raw = rng.standard_normal((2, 64)).astype(np.float32)
logits = tr.from_numpy(raw)
ids = tr.empty((2,), dtype=tr.i32)
assert sample(logits, ids, 0.8, rng).shape == (2,)
np.testing.assert_array_equal(sample(logits, ids, 0.0, rng), raw.argmax(axis=1))
