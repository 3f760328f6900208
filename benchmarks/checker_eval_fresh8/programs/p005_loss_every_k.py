"""Training loop: each step writes its loss into its own row of a ring, read back every K steps
after all the ring's steps are waited."""

import numpy as np
from llmweave.kernels import scale

import tilert as tr

K = 4
losses = tr.zeros((K, 64))
activations = tr.ones((64,))
window: list[tr.Pending] = []
history = []
for step in range(12):
    row = losses[step % K]
    window.append(scale(row.partition((16,)), activations, float(step)).submit())
    if step % K == K - 1:
        for p in window:
            p.wait()
        window.clear()
        history.append(losses.to_numpy().mean(axis=1))
assert np.allclose(history[-1], [8.0, 9.0, 10.0, 11.0])
print("losses", history[-1])
