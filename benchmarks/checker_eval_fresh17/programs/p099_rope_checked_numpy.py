"""RoPE into a separate output, checked against the rotate-half formula in numpy."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

SEQ, HEADS, HD = 4, 2, 8
theta = 10000.0
rng = np.random.default_rng(9)
q_np = rng.standard_normal((SEQ, HEADS, HD)).astype(np.float32)
q = tr.from_numpy(q_np)
positions = tr.arange(SEQ, dtype=tr.i32)
q_rot = tr.empty((SEQ, HEADS, HD))
pending = tk.rope(q_rot, q, positions).submit()
q_host = q.to_numpy()  # q is only read by the rope
pending.wait()

half = HD // 2
angle = np.arange(SEQ)[:, None] * theta ** (-2 * np.arange(half) / HD)
cos, sin = np.cos(angle)[:, None, :], np.sin(angle)[:, None, :]
x1, x2 = q_host[..., :half], q_host[..., half:]
expect = np.concatenate([x1 * cos - x2 * sin, x2 * cos + x1 * sin], axis=-1)
assert np.allclose(q_rot.to_numpy(), expect, atol=1e-5)
