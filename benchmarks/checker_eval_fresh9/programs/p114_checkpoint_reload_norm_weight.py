"""A serving loop that reloads the norm weight from a new checkpoint between batches."""

from __future__ import annotations

from typing import Any

import numpy as np

import tilert as tr
import tilert.kernels as tk

ROWS, COLS = 4, 16
rng = np.random.default_rng(5)
weight = tr.ones((COLS,), name="norm.weight")
batches = [tr.from_numpy(rng.standard_normal((ROWS, COLS)).astype(np.float32)) for _ in range(2)]
outs = [tr.zeros((ROWS, COLS)) for _ in batches]
checkpoint = {"norm.weight": np.full(COLS, 0.5, dtype=np.float32)}

inflight: list[tr.Pending[Any]] = []
for i, (x, out) in enumerate(zip(batches, outs, strict=True)):
    inflight.append(tk.rmsnorm(out, x, weight, eps=1e-6).submit())
    if i == 0:
        weight.copy_from(checkpoint["norm.weight"])  # expect: TC103
for p in inflight:
    p.wait()
print(outs[1].to_numpy()[0, :4])
