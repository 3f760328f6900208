"""A launch on a side stream; the host synchronizes an event recorded after it, not the Pending."""

from llmquill.host import tiles, vec
from llmquill.kernels import scale

import tilert as tr

side = tr.Stream()
x = vec(32, 1.0)
out = vec(32)
with side:
    pend = scale(tiles(out), x, 5.0).submit()
marker = side.record()
marker.synchronize()
print(out.to_numpy()[0])  # expect: TC102
pend.wait()
