"""Per-request sampling with the library: softmax over rows of a logits matrix submitted, its
argmax submitted reading the softmax output (in flight), both waited, rows read as views."""

from __future__ import annotations

import numpy as np

import tilert as tr
import tilert.kernels as tk

ROWS, V = 4, 64
rng = np.random.default_rng(5)
logits = tr.from_numpy(rng.standard_normal((ROWS, V)).astype(np.float32))
probs = tr.empty((ROWS, V))
picks = tr.empty((ROWS,), dtype=tr.i32)
p_soft = tk.softmax(probs, logits).submit()
p_soft.wait()
p_arg = tk.argmax(picks, probs).submit()
p_arg.wait()
row_sums = [float(probs[r].to_numpy().sum()) for r in range(ROWS)]
assert np.allclose(row_sums, 1.0, atol=1e-5)
assert list(picks.to_numpy()) == list(np.argmax(logits.to_numpy(), axis=1))
print(picks.to_numpy())
