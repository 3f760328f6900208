"""The host synchronizes an event recorded after the launch instead of waiting its Pending."""

from llmkit import kernels as K
from llmkit.host import tiles

import tilert as tr

x = tr.arange(128)
y = tr.zeros((128,), name="y")
s = tr.Stream()
pend = K.scale(tiles(y), x, 2.0).submit(s)
done = s.record()
done.synchronize()
print(y.to_numpy()[:4])  # expect: TC102
pend.wait()
