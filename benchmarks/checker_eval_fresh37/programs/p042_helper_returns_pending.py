import numpy as np
from hostkit import add_async, to_device

import tilert as tr


def load_and_shift(batch: np.ndarray, shift: tr.Tensor):
    x = to_device(batch)
    y = tr.empty(x.shape, name="shifted")
    return y, add_async(y, x, shift)


shift = tr.full((512,), -1.0)
y, pending = load_and_shift(np.ones(512), shift)
print("mean:", y.to_numpy().mean())  # expect: TC102
pending.wait()
