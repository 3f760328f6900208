"""Prefill -> decode hand-off: decode's stream waits prefill's event; both Pendings waited."""

import numpy as np
from llmforge import kernels as k
from llmforge.ops import tiles

import tilert as tr
from tilert import f32

prefill, decode = tr.Stream(), tr.Stream()
x = tr.arange(8, dtype=f32)
kv = tr.zeros((8,), dtype=f32, name="kv")
logits = tr.zeros((8,), dtype=f32, name="logits")
p1 = k.scale(tiles(kv), x, 0.5).submit(prefill)
ready = prefill.record()
decode.wait_event(ready)
p2 = k.add(tiles(logits), kv, x).submit(decode)
p2.wait()
p1.wait()
np.testing.assert_allclose(logits.to_numpy(), 1.5 * np.arange(8))
