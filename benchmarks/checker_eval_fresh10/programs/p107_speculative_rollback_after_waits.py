"""Speculative decoding: draft and verify waited first, then the KV cache rolled back in place."""

import numpy as np
from llmforge import kernels as k
from llmforge.ops import tiles

import tilert as tr
from tilert import f32

kv = tr.arange(8, dtype=f32, name="target_kv")
snapshot = kv.to_numpy().copy()
draft = tr.zeros((8,), dtype=f32, name="draft")
scores = tr.zeros((8,), dtype=f32, name="scores")
p_draft = k.scale(tiles(draft), kv, 1.1).submit()
p_verify = k.mul(tiles(scores), kv, draft).submit()
live = kv.to_numpy()  # kv is only read by the ops in flight
p_verify.wait()
p_draft.wait()
accepted = bool(np.all(scores.to_numpy() <= 0))
if not accepted:
    kv.copy_from(snapshot)
np.testing.assert_allclose(kv.to_numpy(), live)
