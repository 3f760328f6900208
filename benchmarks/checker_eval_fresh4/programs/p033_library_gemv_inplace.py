from __future__ import annotations

import numpy as np

import tilert as tr
import tilert.kernels as tk


def recurrent_step(state: tr.Tensor, w: tr.Tensor) -> None:
    tk.gemv(state, w, state).sync()  # expect: TC101


d = 32
w = tr.from_numpy(np.eye(d, dtype=np.float32) * 0.5)
state = tr.ones((d,))
for _ in range(2):
    recurrent_step(state, w)  # expect-also
print(state.to_numpy()[:3])
