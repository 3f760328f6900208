"""Mixture of experts: the two top-scoring experts run; their Pendings are kept by expert id and
all waited before the combine."""

from __future__ import annotations

import numpy as np
from llmfern import kernels as K
from llmfern.host import tiles, upload

import tilert as tr

rng = np.random.default_rng(5)
scores = rng.standard_normal(4)
tok = rng.standard_normal(64).astype(np.float32)
token = upload(tok)
expert_out = {e: tr.zeros(64) for e in range(4)}
chosen = [int(e) for e in np.argsort(scores)[-2:]]
running = {e: K.scale(tiles(expert_out[e]), token, float(scores[e])).submit() for e in chosen}
for p in running.values():
    p.wait()
mixed = sum(expert_out[e].to_numpy() for e in chosen)
np.testing.assert_allclose(mixed, tok * sum(np.float32(scores[e]) for e in chosen), rtol=1e-5)
print("ok")
