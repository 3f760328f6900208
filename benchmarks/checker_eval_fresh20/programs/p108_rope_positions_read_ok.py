"""RoPE on q and k submitted together; the host reads the positions (only read) meanwhile."""

import numpy as np
from llmanvil.host import upload

import tilert as tr
import tilert.kernels as tk

SEQ, HEADS, HD = 4, 2, 8
rng = np.random.default_rng(2)
q = upload(rng.standard_normal(SEQ * HEADS * HD)).reshape(SEQ, HEADS, HD)
k = upload(rng.standard_normal(SEQ * HEADS * HD)).reshape(SEQ, HEADS, HD)
positions = tr.from_numpy(np.arange(SEQ, dtype=np.int32))
q_out, k_out = tr.zeros((SEQ, HEADS, HD)), tr.zeros((SEQ, HEADS, HD))
pq = tk.rope(q_out, q, positions).submit()
pk = tk.rope(k_out, k, positions).submit()
last_pos = int(positions.to_numpy()[-1])
pk.wait()
pq.wait()
assert last_pos == SEQ - 1
np.testing.assert_allclose(q_out.to_numpy()[0], q.to_numpy()[0], rtol=1e-5, atol=1e-6)
