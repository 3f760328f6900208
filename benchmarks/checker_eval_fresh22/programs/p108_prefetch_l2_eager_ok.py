"""Eager decode: prefetch the next weight into L2, run this layer; the host reads the weight."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

rng = np.random.default_rng(13)
w_np = [(rng.standard_normal((32, 32)) / 6).astype(np.float32) for _ in range(3)]
ws = [tr.from_numpy(w) for w in w_np]
x_np = rng.standard_normal(32).astype(np.float32)
h = tr.from_numpy(x_np, name="h0")
expect = x_np.astype(np.float64)
for i, w in enumerate(ws):
    hint = tk.prefetch_l2(ws[i + 1]).submit() if i + 1 < len(ws) else None
    out = tr.zeros((32,), name=f"h{i + 1}")
    layer = tk.gemv(out, w, h).submit()
    norm = float(np.linalg.norm(w.to_numpy()))  # w is only read by the launch
    layer.wait()
    if hint is not None:
        hint.wait()
    h = out
    expect = w_np[i] @ expect
    assert norm > 0
np.testing.assert_allclose(h.to_numpy(), expect, rtol=1e-4, atol=1e-5)
