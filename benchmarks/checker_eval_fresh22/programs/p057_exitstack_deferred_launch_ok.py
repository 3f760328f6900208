"""Deferring the optimizer's zero-grad to the end of the step with ExitStack.callback."""

import contextlib

import numpy as np
from llmorbit import kernels as K
from llmorbit.host import tiles, upload

import tilert as tr


def zero(t: tr.Tensor) -> None:
    K.fill(tiles(t), 0.0).sync()


grad = upload(np.full(64, 0.25), name="grad")
weight = upload(np.ones(64), name="weight")
new_weight = tr.zeros((64,), name="new_weight")
with contextlib.ExitStack() as stack:
    stack.callback(zero, grad)
    norm = float(np.linalg.norm(grad.to_numpy()))
    K.axpy(tiles(new_weight), grad, weight, -0.1).sync()
assert abs(norm - 2.0) < 1e-6
assert grad.to_numpy().sum() == 0.0
np.testing.assert_allclose(new_weight.to_numpy(), 0.975)
