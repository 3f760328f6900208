"""Sampled tokens counted with collections.Counter after every wait."""

from __future__ import annotations

from collections import Counter

import numpy as np
from llmfern import kernels as K
from llmfern.host import tiles, upload

import tilert as tr

rng = np.random.default_rng(3)
logits = [upload(rng.standard_normal(64)) for _ in range(4)]
probs = [tr.zeros(64) for _ in logits]
pend = [K.relu(tiles(p), lg).submit() for p, lg in zip(probs, logits, strict=True)]
for p in pend:
    p.wait()
tokens = Counter(int(np.argmax(p.to_numpy())) for p in probs)
expect = Counter(int(np.argmax(np.maximum(lg.to_numpy(), 0))) for lg in logits)
assert tokens == expect
print("ok")
