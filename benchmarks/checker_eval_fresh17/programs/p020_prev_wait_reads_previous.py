"""Software pipeline: `if prev is not None: prev.wait()` and the loop logs the previous step."""

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
        norms.append(float(abs(outs[i - 1].to_numpy()).sum()))
    prev = pending
if prev is not None:
    prev.wait()
    norms.append(float(abs(outs[-1].to_numpy()).sum()))
assert norms == [32.0, 64.0, 96.0, 128.0]
print(norms)
