import numpy as np
from llmquay import relu

import tilert as tr


def train_epoch(steps: int) -> list[float]:
    act = tr.empty((2048,), name="act")
    history: list[float] = []

    def sparsity() -> float:
        return float((act.to_numpy() == 0).mean())  # expect: TC102

    for step in range(steps):
        x = tr.from_numpy(np.random.default_rng(step).standard_normal(2048).astype(np.float32))
        pend = relu(act.partition((512,)), x).submit()
        history.append(sparsity())  # expect-also: TC102
        pend.wait()
    return history


print(train_epoch(3))
