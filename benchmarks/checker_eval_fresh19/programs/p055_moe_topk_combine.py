"""Mixture of experts: the two top-scoring experts run; the combine reads both outputs after
waiting only the first expert's Pending (the second is waited after the combine)."""

from __future__ import annotations

import numpy as np
from llmfern import kernels as K
from llmfern.host import tiles, upload

import tilert as tr

rng = np.random.default_rng(5)
scores = rng.standard_normal(4)
token = upload(rng.standard_normal(64))
expert_out = {e: tr.zeros(64) for e in range(4)}
gates = {e: float(np.exp(scores[e])) for e in range(4)}
chosen = [int(e) for e in np.argsort(scores)[-2:]]
pend = [K.scale(tiles(expert_out[e]), token, gates[e]).submit() for e in chosen]
pend[0].wait()
mixed = sum(expert_out[e].to_numpy() for e in chosen)  # expect: TC102
pend[1].wait()
print(mixed[:2])
