"""A FlashAttention-benchmark style timing loop for dropout: each repetition resets the input
with a kernel (through a partition) so every run sees fresh data, while the previous
repetition, submitted without a wait, still reads it."""

import time

import numpy as np
from modelops import copy

import tilert as tr
import tilert.kernels as tk

ROWS, COLS, REPS = 32, 256, 5
source = tr.from_numpy(np.random.default_rng(32).standard_normal((ROWS, COLS)).astype(np.float32))
x = tr.empty((ROWS, COLS), name="x")
outs = [tr.empty((ROWS, COLS), name=f"out{i}") for i in range(REPS)]

pending = []
t0 = time.perf_counter()
for i in range(REPS):
    copy(x.partition((1, COLS)), source).sync()  # expect: TC103
    pending.append(tk.dropout(outs[i], x, 0.1, seed=i).submit())
for p in pending:
    p.wait()
print(f"{(time.perf_counter() - t0) / REPS * 1e3:.2f} ms")
