import numpy as np
from llmquay import relu

import tilert as tr


def train_epoch(steps: int) -> list[float]:
    act = tr.empty((2048,), name="act")
    history: list[float] = []

    def sparsity() -> float:
        return float((act.to_numpy() == 0).mean())

    for step in range(steps):
        x = tr.from_numpy(np.random.default_rng(step).standard_normal(2048).astype(np.float32))
        pend = relu(act.partition((512,)), x).submit()
        pend.wait()
        history.append(sparsity())
    return history


hist = train_epoch(3)
assert all(0.3 < h < 0.7 for h in hist)
print(hist)
