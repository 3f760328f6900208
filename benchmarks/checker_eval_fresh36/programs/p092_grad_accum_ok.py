"""Gradient accumulation over micro-batches with the project's axpy kernel, each micro-batch's
update submitted and waited before the next gradient is produced."""

import numpy as np
from modelops import axpy

import tilert as tr

PARAMS, MICRO = 4096, 4
rng = np.random.default_rng(40)
grad_accum = tr.zeros((PARAMS,), name="grad_accum")


def accumulate(acc: tr.Tensor, micro_grad: tr.Tensor, steps: int) -> tr.Pending:
    return axpy(acc.partition((1024,)), micro_grad, 1.0 / steps).submit()


total = np.zeros(PARAMS, dtype=np.float32)
for _ in range(MICRO):
    host = rng.standard_normal(PARAMS).astype(np.float32)
    total += host / MICRO
    accumulate(grad_accum, tr.from_numpy(host), MICRO).wait()
np.testing.assert_allclose(grad_accum.to_numpy(), total, rtol=1e-5, atol=1e-6)
print(float(grad_accum.to_numpy().std()))
