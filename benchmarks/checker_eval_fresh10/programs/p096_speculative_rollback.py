"""Speculative decoding: the target verifies the draft; a rejection rolls the KV back early."""

import numpy as np
from llmforge import kernels as k
from llmforge.ops import tiles

import tilert as tr
from tilert import f32

kv = tr.arange(8, dtype=f32, name="target_kv")
snapshot = kv.to_numpy().copy()
draft = tr.zeros((8,), dtype=f32, name="draft")
scores = tr.zeros((8,), dtype=f32, name="scores")
k.scale(tiles(draft), kv, 1.1).sync()
verify = k.mul(tiles(scores), kv, draft).submit()
accepted = False
if not accepted:
    kv.copy_from(snapshot)  # expect: TC103
verify.wait()
print(np.allclose(kv.to_numpy(), snapshot))
