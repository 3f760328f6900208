"""A side-stream copy whose completion is checked with an event rather than its Pending."""

from __future__ import annotations

from llmcraft import kernels as k
from llmcraft.host import tiles

import tilert as tr

side = tr.Stream()
src = tr.full((8,), 5.0)
dst = tr.zeros((8,), name="dst")
pending = k.copy(tiles(dst), src).submit(side)
done = side.record()
done.synchronize()
print(dst.to_numpy())  # expect: TC102
pending.wait()
