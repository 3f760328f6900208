"""Check the relu kernel against numpy, applied in place to a batch of activations."""

import numpy as np
from servekit import TILE, relu

import tilert as tr

rng = np.random.default_rng(0)
h_np = rng.standard_normal(1024).astype(np.float32)
h = tr.from_numpy(h_np)

relu(h.partition((TILE,)), h).sync()  # expect: TC101
err = np.abs(h.to_numpy() - np.maximum(h_np, 0.0)).max()
print(f"relu: max abs err {err:.2e}")
