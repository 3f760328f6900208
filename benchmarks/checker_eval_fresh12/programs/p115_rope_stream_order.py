"""tk.rope on queries and keys submitted together (distinct outputs, a shared positions tensor),
the positions read by the host meanwhile; checked against numpy after the waits."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

SEQ, HEADS, HD = 5, 2, 16
rng = np.random.default_rng(13)
qn = rng.standard_normal((SEQ, HEADS, HD)).astype(np.float32)
kn = rng.standard_normal((SEQ, HEADS, HD)).astype(np.float32)
pos_n = np.arange(10, 10 + SEQ, dtype=np.int32)
positions = tr.from_numpy(pos_n)
q_out, k_out = tr.zeros((SEQ, HEADS, HD)), tr.zeros((SEQ, HEADS, HD))

pq = tk.rope(q_out, tr.from_numpy(qn), positions).submit()
pk = tk.rope(k_out, tr.from_numpy(kn), positions).submit()
last_pos = int(positions.to_numpy()[-1])
pk.wait()
pq.wait()


def rope_ref(x: np.ndarray) -> np.ndarray:
    half = HD // 2
    inv = 10000.0 ** (-2 * np.arange(half) / HD)
    ang = pos_n[:, None, None] * inv[None, None, :]
    x1, x2 = x[..., :half], x[..., half:]
    return np.concatenate(
        [x1 * np.cos(ang) - x2 * np.sin(ang), x2 * np.cos(ang) + x1 * np.sin(ang)], -1
    )


assert last_pos == 14
assert np.allclose(q_out.to_numpy(), rope_ref(qn), atol=1e-4)
assert np.allclose(k_out.to_numpy(), rope_ref(kn), atol=1e-4)
