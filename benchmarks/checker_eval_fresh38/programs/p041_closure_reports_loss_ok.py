import numpy as np
from trainkit import TILE, sq_accumulate

import tilert as tr


def train(steps: int) -> list[float]:
    residual = tr.full((1024,), 0.5, name="residual")
    loss_buf = tr.zeros((1024,), name="loss_buf")
    history: list[float] = []

    def report() -> None:
        history.append(float(np.sum(loss_buf.to_numpy())))

    for step in range(steps):
        pend = sq_accumulate(loss_buf.partition((TILE,)), residual).submit()
        pend.wait()
        if step % 2 == 0:
            report()
    return history


print(train(4))
