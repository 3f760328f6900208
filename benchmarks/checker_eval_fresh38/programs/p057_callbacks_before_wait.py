"""Lightning-style callbacks receive the step's outputs at the end of each batch."""

from collections.abc import Callable

import numpy as np
from trainkit import TILE, sgd_step, sq_accumulate

import tilert as tr

Callback = Callable[[int, dict[str, tr.Tensor]], None]


def print_loss(step: int, outputs: dict[str, tr.Tensor]) -> None:
    print(step, float(np.sqrt(outputs["loss"].to_numpy().sum())))  # expect: TC102


def fit(steps: int, callbacks: list[Callback]) -> None:
    param = tr.ones((1024,), name="param")
    grad = tr.full((1024,), 0.01, name="grad")
    loss = tr.zeros((1024,), name="loss")
    for step in range(steps):
        sgd_step(param.partition((TILE,)), grad, 0.1).sync()
        pend = sq_accumulate(loss.partition((TILE,)), param).submit()
        for cb in callbacks:
            cb(step, {"loss": loss, "param": param})  # expect-also: TC102
        pend.wait()


fit(2, [print_loss])
