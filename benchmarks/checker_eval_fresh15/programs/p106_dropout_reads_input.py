"""tk.dropout in flight while the host reads its input (only read) to build the reference."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

x = tr.from_numpy(np.linspace(1, 2, 256).astype(np.float32))
out = tr.zeros((256,))
pending = tk.dropout(out, x, 0.25, 1234).submit()
ref = x.to_numpy().copy()
pending.wait()
got = out.to_numpy()
kept = got != 0
assert np.allclose(got[kept], ref[kept] / 0.75, rtol=1e-5)
assert 0.5 < kept.mean() < 0.95
