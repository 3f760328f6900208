"""Check the relu kernel against numpy, writing into a separate output buffer."""

import numpy as np
from servekit import TILE, relu

import tilert as tr

rng = np.random.default_rng(0)
h_np = rng.standard_normal(1024).astype(np.float32)
h = tr.from_numpy(h_np)
out = tr.empty(h.shape)

relu(out.partition((TILE,)), h).sync()
err = np.abs(out.to_numpy() - np.maximum(h_np, 0.0)).max()
print(f"relu: max abs err {err:.2e}")
