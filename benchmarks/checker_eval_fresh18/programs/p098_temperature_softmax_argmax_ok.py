"""Temperature scaling, softmax and argmax submitted in stream order, each reading the last
one's unwaited output; waited in reverse and checked against numpy."""

import numpy as np
from llmkiln import kernels as K

import tilert as tr
import tilert.kernels as tk

rng = np.random.default_rng(5)
raw = rng.standard_normal((2, 32)).astype(np.float32)
logits = tr.from_numpy(raw)
scaled, probs = tr.empty((2, 32)), tr.empty((2, 32))
ids = tr.empty((2,), dtype=tr.i32)
p1 = K.scale(scaled.partition((1, 32)), logits, 1 / 0.7).submit()
p2 = tk.softmax(probs, scaled).submit()
p3 = tk.argmax(ids, probs).submit()
for p in (p3, p2, p1):
    p.wait()
assert np.array_equal(ids.to_numpy(), raw.argmax(axis=1))
assert np.allclose(probs.to_numpy().sum(axis=1), 1.0, atol=1e-5)
