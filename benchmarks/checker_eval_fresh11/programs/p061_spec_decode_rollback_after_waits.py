"""Speculative decoding: draft and verify read the cache; the rejected tail is rolled back with
copy_from after both are waited."""

import numpy as np
from llmkit import kernels as K
from llmkit.host import tiles

import tilert as tr

N = 128
cache = tr.from_numpy(np.arange(N, dtype=np.float32))
snapshot = cache.to_numpy().copy()
draft_logits = tr.zeros((N,))
verify_logits = tr.zeros((N,))
draft = K.scale(tiles(draft_logits), cache, 0.9).submit()
verify = K.scale(tiles(verify_logits), cache, 1.0).submit()
draft.wait()
verify.wait()
accepted = int((draft_logits.to_numpy() >= 0.85 * verify_logits.to_numpy()).sum())
cache.copy_from(snapshot)
assert accepted == N, accepted
