"""Optional final norm: the op is built either way, run only when enabled."""

import numpy as np

import tilert as tr
import tilert.kernels as tk


def final_norm(h: tr.Tensor, weight: tr.Tensor, enabled: bool) -> tr.Tensor:
    out = tr.empty(h.shape)
    op = tk.layernorm(out, h, weight, tr.zeros(weight.shape), eps=1e-5)  # expect: TC105
    if enabled:
        op.sync()
        return out
    return h


h = tr.from_numpy(np.random.default_rng(0).standard_normal((4, 64)).astype(np.float32))
print(final_norm(h, tr.ones((64,)), enabled=False).shape)  # expect-also: TC105
