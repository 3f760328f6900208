"""Candidates ranked with `sorted(key=...)` whose key reads each buffer before the waits."""

from llmkit import kernels as K
from llmkit.host import tiles

import tilert as tr

x = tr.arange(64)
cands = [tr.zeros((64,), name=f"cand{i}") for i in range(3)]
pend = [K.scale(tiles(c), x, s).submit() for c, s in zip(cands, (0.3, 0.9, 0.5), strict=True)]
ranked = sorted(cands, key=lambda t: float(t.to_numpy().max()))  # expect: TC102
for p in pend:
    p.wait()
print([c.describe() for c in ranked])
