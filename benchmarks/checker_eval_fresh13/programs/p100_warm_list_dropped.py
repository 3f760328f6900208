"""A warm-up submits one launch per buffer in a list comprehension that nobody keeps."""

from llmrig import kernels as K
from llmrig.host import tiles

import tilert as tr

x = tr.arange(128)
bufs = [tr.zeros(128) for _ in range(2)]
[K.scale(tiles(b), x, 0.0).submit() for b in bufs]  # expect: TC108
y = tr.zeros(128)
K.scale(tiles(y), x, 1.0).sync()
print(y.to_numpy()[1])
