"""Gradient accumulation over micro-batches: the first micro-batch zeroes the gradient buffer
and adds its contribution in one chain; later micro-batches add theirs."""

import numpy as np
from infercore import axpy, fill

import tilert as tr

N, MICRO = 256, 4
rng = np.random.default_rng(39)
micro_grads = [tr.from_numpy(rng.standard_normal(N).astype(np.float32)) for _ in range(MICRO)]
grad = tr.empty((N,), name="grad")

grad_part = grad.partition((64,))
fill(grad_part, 0.0).then(lambda gp, *_: axpy(gp, micro_grads[0], 1.0 / MICRO)).sync()
for g in micro_grads[1:]:
    axpy(grad.partition((64,)), g, 1.0 / MICRO).sync()

expect = sum(g.to_numpy() for g in micro_grads) / MICRO
print("max error", float(np.abs(grad.to_numpy() - expect).max()))
