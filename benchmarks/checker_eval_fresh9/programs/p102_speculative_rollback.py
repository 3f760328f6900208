"""Speculative decoding: the draft proposes, the target verifies, the draft cache rolls back."""

from __future__ import annotations

import numpy as np
from llmcraft import kernels as k
from llmcraft.host import tiles

import tilert as tr

WIDTH = 8
draft_cache = tr.zeros((WIDTH,), name="draft.cache")
target_cache = tr.zeros((WIDTH,), name="target.cache")
snapshot = draft_cache.to_numpy().copy()
proposal = tr.full((WIDTH,), 1.0)

draft = k.acc(tiles(draft_cache), proposal).submit()
verify = k.scale(tiles(target_cache), proposal, 0.9).submit()
snapshot_after = None
draft.wait()
accepted = bool(verify.wait() is not None and target_cache.to_numpy()[0] > 0.95)
if not accepted:
    draft_cache.copy_from(snapshot)
np.testing.assert_allclose(draft_cache.to_numpy(), snapshot)
print("rolled back", not accepted, snapshot_after)
