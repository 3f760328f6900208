"""The host checks the prompt embeddings while the projection that only reads them is in
flight."""

import numpy as np
from llmweave.kernels import scale

import tilert as tr

emb = tr.from_numpy(np.arange(64, dtype=np.float32))
proj = tr.zeros((64,))
pending = scale(proj.partition((16,)), emb, 2.0).submit()
norm = float(np.linalg.norm(emb.to_numpy()))
pending.wait()
assert np.allclose(proj.to_numpy(), 2.0 * np.arange(64))
print(f"norm {norm:.1f}")
