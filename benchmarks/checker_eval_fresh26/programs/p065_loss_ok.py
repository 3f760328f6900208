"""Cross-entropy on the host from device softmax probabilities."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

BATCH, CLASSES = 32, 10
rng = np.random.default_rng(6)
targets = rng.integers(0, CLASSES, BATCH)

logits = tr.from_numpy(rng.standard_normal((BATCH, CLASSES)).astype(np.float32))
probs = tr.empty((BATCH, CLASSES), dtype=tr.f32, name="probs")

sm = tk.softmax(probs, logits).submit()
sm.wait()
p = probs.to_numpy()
loss = -np.mean(np.log(p[np.arange(BATCH), targets] + 1e-9))
print(f"loss {loss:.4f}")
