"""The positions made ahead of the capture; the rope op replayed per position and checked."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

q_np = np.random.default_rng(3).standard_normal((4, 2, 8)).astype(np.float32)
q = tr.from_numpy(q_np)
q_rot = tr.zeros((4, 2, 8))
pos = tr.from_numpy(np.arange(4, dtype=np.int32))
with tr.graph() as g:
    g.record(tk.rope(q_rot, q, pos))
for _ in range(2):
    g.launch().wait()
g.close()

inv = 10000.0 ** (-np.arange(4) * 2 / 8)
ang = np.arange(4)[:, None, None] * inv[None, None, :]
x1, x2 = q_np[..., :4], q_np[..., 4:]
want = np.concatenate(
    [x1 * np.cos(ang) - x2 * np.sin(ang), x2 * np.cos(ang) + x1 * np.sin(ang)], -1
)
np.testing.assert_allclose(q_rot.to_numpy(), want, rtol=1e-4, atol=1e-5)
