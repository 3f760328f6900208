"""functools.partial binding the scale; launched per layer, the last layer read before its wait."""

from functools import partial

from llmrig import kernels as K
from llmrig.host import tiles

import tilert as tr

half = partial(K.scale, a=0.5)
x = tr.arange(128)
outs = [tr.zeros(128) for _ in range(3)]
pends = [half(tiles(o), x).submit() for o in outs]
for p in pends[:-1]:
    p.wait()
mean = sum(float(o.to_numpy().mean()) for o in outs)  # expect: TC102
pends[-1].wait()
print(mean)
