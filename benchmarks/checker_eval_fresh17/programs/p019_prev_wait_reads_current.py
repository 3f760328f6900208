"""Software pipeline: `if prev is not None: prev.wait()`, but the loop logs the step just issued."""

from llmspool import kernels as K
from llmspool.host import tiles

import tilert as tr

steps = 4
outs = [tr.empty((32,), name=f"h{i}") for i in range(steps)]
x = tr.ones((32,))
prev = None
norms = []
for i, out in enumerate(outs):
    pending = K.scale(tiles(out), x, float(i + 1)).submit()
    if prev is not None:
        prev.wait()
    norms.append(float(abs(out.to_numpy()).sum()))  # expect: TC102
    prev = pending
if prev is not None:
    prev.wait()
print(norms)
