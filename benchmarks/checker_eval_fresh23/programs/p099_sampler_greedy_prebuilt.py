"""A sampler: greedy (argmax on the device) at temperature 0, else sampled on the host."""

import numpy as np

import tilert as tr
import tilert.kernels as tk


def sample(logits: tr.Tensor, ids: tr.Tensor, temperature: float, rng) -> np.ndarray:
    greedy = tk.argmax(ids, logits)  # expect: TC105
    if temperature == 0.0:
        greedy.sync()
        return ids.to_numpy()
    z = logits.to_numpy() / temperature
    p = np.exp(z - z.max(axis=1, keepdims=True))
    p /= p.sum(axis=1, keepdims=True)
    return np.array([rng.choice(p.shape[1], p=row) for row in p])


rng = np.random.default_rng(0)
logits = tr.from_numpy(rng.standard_normal((2, 64)).astype(np.float32))
ids = tr.empty((2,), dtype=tr.i32)
print(sample(logits, ids, 0.8, rng))  # expect-also
