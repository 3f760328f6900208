"""Prefill on its own stream; the host synchronizes an event, not the Pending, then reads."""

from llmforge import kernels as k
from llmforge.ops import tiles

import tilert as tr
from tilert import f32

prefill = tr.Stream()
kv = tr.zeros((8,), dtype=f32, name="kv")
pend = k.scale(tiles(kv), tr.arange(8, dtype=f32), 0.5).submit(prefill)
done = prefill.record()
done.synchronize()
print(kv.to_numpy()[:2])  # expect: TC102
pend.wait()
