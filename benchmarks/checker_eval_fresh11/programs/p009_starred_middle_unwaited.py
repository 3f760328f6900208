"""first, *middle, last: the ends are waited, a middle buffer is read."""

from llmkit import kernels as K
from llmkit.host import tiles

import tilert as tr

x = tr.arange(128)
outs = [tr.zeros((128,), name=f"out{i}") for i in range(5)]
pendings = [K.scale(tiles(o), x, float(i)).submit() for i, o in enumerate(outs)]

first, *middle, last = pendings
first.wait()
last.wait()
mid_total = outs[2].to_numpy().sum()  # expect: TC102
for p in middle:
    p.wait()
print(mid_total)
