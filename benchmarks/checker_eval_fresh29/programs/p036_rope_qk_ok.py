"""Rotary embeddings for queries and keys of one prefill chunk, into a second buffer."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

S, H, Dh = 8, 2, 16
rng = np.random.default_rng(8)
qk = tr.from_numpy(rng.standard_normal((2, S, H, Dh)).astype(np.float32), name="qk")
rotated = tr.empty((2, S, H, Dh), name="rotated")
pos = tr.from_numpy(np.arange(S, dtype=np.int32), name="pos")

for i in range(2):
    tk.rope(rotated[i], qk[i], pos).sync()
print(rotated.to_numpy().std())
