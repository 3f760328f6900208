"""any(p.done() ...) taken as "some request finished", then its buffer read."""

from llmrig import kernels as K
from llmrig.host import tiles

import tilert as tr

x = tr.arange(128)
outs = [tr.zeros(128) for _ in range(2)]
pends = [K.scale(tiles(o), x, 3.0).submit() for o in outs]
while not any(p.done() for p in pends):
    pass
ready = outs[0].to_numpy()  # expect: TC102
for p in pends:
    p.wait()
print(ready[:2])
