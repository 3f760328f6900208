"""Training loop with logging hooks registered as closures."""

from collections.abc import Callable

import numpy as np
from llmfjord import axpy

import tilert as tr

N = 4096
weights = tr.from_numpy(np.ones(N, np.float32))
grad = tr.full((N,), 0.5)
hooks: list[Callable[[int], None]] = []


def make_norm_logger(t: tr.Tensor, name: str) -> Callable[[int], None]:
    def log(step: int) -> None:
        print(f"step {step}: |{name}| = {np.linalg.norm(t.to_numpy()):.3f}")

    return log


hooks.append(make_norm_logger(weights, "weights"))

for step in range(3):
    pending = axpy(weights.partition((1024,)), grad, -0.01).submit()
    pending.wait()
    for hook in hooks:
        hook(step)
