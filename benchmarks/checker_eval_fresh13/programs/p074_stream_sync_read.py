"""The side stream synchronized, then the output read without the Pending's wait."""

from llmrig import kernels as K
from llmrig.host import tiles

import tilert as tr

side = tr.Stream()
x, y = tr.arange(128), tr.zeros(128)
with side:
    pending = K.scale(tiles(y), x, 3.0).submit()
side.synchronize()
print(y.to_numpy()[:3])  # expect: TC102
pending.wait()
