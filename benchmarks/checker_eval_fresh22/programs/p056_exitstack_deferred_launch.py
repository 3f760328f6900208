"""Deferring the optimizer's zero-grad to the end of the step with ExitStack.callback."""

import contextlib

import numpy as np
from llmorbit import kernels as K
from llmorbit.host import tiles, upload

import tilert as tr


def zero(plan: tr.Partition) -> None:
    K.fill(plan, 0.0).sync()


grad = upload(np.full(64, 0.25), name="grad")
weight = upload(np.ones(64), name="weight")
new_weight = tr.zeros((64,), name="new_weight")
with contextlib.ExitStack() as stack:
    stack.callback(zero, tiles(grad))
    norm = float(np.linalg.norm(grad.to_numpy()))  # expect: TC104
    K.axpy(tiles(new_weight), grad, weight, -0.1).sync()
print(norm)
