"""Norm then projection as one chain (the projection made in a .then callback); the chain is
submitted and the normed activations are logged before the wait."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

SEQ, HIDDEN, OUT = 4, 64, 32
rng = np.random.default_rng(29)
x = tr.from_numpy(rng.standard_normal((SEQ, HIDDEN)).astype(np.float32))
norm_w = tr.ones((HIDDEN,))
w = tr.from_numpy((rng.standard_normal((OUT, HIDDEN)) * 0.1).astype(np.float32))
normed = tr.empty((SEQ, HIDDEN), name="normed")
y = tr.empty((SEQ, OUT), name="y")

pending = tk.rmsnorm(normed, x, norm_w).then(lambda *_: tk.linear(y, normed, w)).submit()
print("y rms:", float(np.sqrt((y.to_numpy() ** 2).mean())))  # expect: TC102
pending.wait()
