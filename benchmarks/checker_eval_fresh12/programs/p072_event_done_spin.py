"""Spinning on an event's done() after the launch, then reading the output without waiting the
Pending."""

from llmserve import kernels as K
from llmserve.host import tiles

import tilert as tr

s = tr.Stream()
x = tr.ones((256,))
y = tr.zeros((256,))
pend = K.scale(tiles(y), x, 4.0).submit(s)
marker = s.record()
while not marker.done():
    pass
print(y.to_numpy()[:2])  # expect: TC102
pend.wait()
