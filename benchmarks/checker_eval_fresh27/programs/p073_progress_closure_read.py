"""A training step with a progress callback that the step calls between submit and wait."""

from collections.abc import Callable

import numpy as np
from llmcove import axpy

import tilert as tr


def train_step(
    params: tr.Tensor, grad: tr.Tensor, lr: float, on_launch: Callable[[], None]
) -> None:
    pending = axpy(params.partition((256,)), grad, -lr).submit()
    on_launch()  # expect-also: TC102
    pending.wait()


rng = np.random.default_rng(3)
params = tr.from_numpy(rng.standard_normal(1024).astype(np.float32))
grad = tr.from_numpy(rng.standard_normal(1024).astype(np.float32))


def report() -> None:
    print("param norm", float(np.linalg.norm(params.to_numpy())))  # expect: TC102


train_step(params, grad, 0.1, report)  # expect-also: TC102
print("done")
