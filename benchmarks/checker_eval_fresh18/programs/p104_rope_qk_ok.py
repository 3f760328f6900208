"""RoPE on queries and keys into their own outputs, submitted together and waited; position 0
leaves the vectors unchanged."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

rng = np.random.default_rng(6)
qn = rng.standard_normal((4, 2, 16)).astype(np.float32)
kn = rng.standard_normal((4, 1, 16)).astype(np.float32)
positions = tr.from_numpy(np.arange(4, dtype=np.int32))
q_rot, k_rot = tr.empty((4, 2, 16)), tr.empty((4, 1, 16))
pq = tk.rope(q_rot, tr.from_numpy(qn), positions).submit()
pk = tk.rope(k_rot, tr.from_numpy(kn), positions).submit()
positions.to_numpy()  # read only by both launches
pq.wait()
pk.wait()
assert np.allclose(q_rot.to_numpy()[0], qn[0], atol=1e-6)
assert np.allclose(
    np.linalg.norm(k_rot.to_numpy(), axis=-1), np.linalg.norm(kn, axis=-1), atol=1e-4
)
