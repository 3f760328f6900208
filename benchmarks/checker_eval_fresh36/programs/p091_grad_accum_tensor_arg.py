"""Gradient accumulation over micro-batches with the project's axpy kernel; the accumulator is
handed to the kernel as a plain tensor in the helper."""

import numpy as np
from modelops import axpy

import tilert as tr

PARAMS, MICRO = 4096, 4
rng = np.random.default_rng(40)
grad_accum = tr.zeros((PARAMS,), name="grad_accum")


def accumulate(acc: tr.Tensor, micro_grad: tr.Tensor, steps: int) -> None:
    axpy(acc, micro_grad, 1.0 / steps).sync()  # expect: TC106


for _ in range(MICRO):
    g = tr.from_numpy(rng.standard_normal(PARAMS).astype(np.float32))
    accumulate(grad_accum, g, MICRO)  # expect-also: TC106
print(float(grad_accum.to_numpy().std()))
