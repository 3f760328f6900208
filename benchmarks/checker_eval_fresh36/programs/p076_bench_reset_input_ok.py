"""A FlashAttention-benchmark style timing loop for dropout: each repetition resets the input
with a kernel (through a partition) so every run sees fresh data, after waiting for the
repetition before it."""

import time

import numpy as np
from modelops import copy

import tilert as tr
import tilert.kernels as tk

ROWS, COLS, REPS = 32, 256, 5
source = tr.from_numpy(np.random.default_rng(32).standard_normal((ROWS, COLS)).astype(np.float32))
x = tr.empty((ROWS, COLS), name="x")
outs = [tr.empty((ROWS, COLS), name=f"out{i}") for i in range(REPS)]

prev = None
t0 = time.perf_counter()
for i in range(REPS):
    if prev is not None:
        prev.wait()
    copy(x.partition((1, COLS)), source).sync()
    prev = tk.dropout(outs[i], x, 0.1, seed=i).submit()
prev.wait()
kept = float((outs[-1].to_numpy() != 0).mean())
print(f"{(time.perf_counter() - t0) / REPS * 1e3:.2f} ms, kept {kept:.2f}")
