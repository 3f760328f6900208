"""itertools.compress waits the Pendings of finished requests only; then every output is read."""

import itertools

import numpy as np
from llmanvil import kernels as K
from llmanvil.host import tiles, upload

import tilert as tr

x = upload(np.arange(16))
outs = [tr.zeros((16,)) for _ in range(3)]
pendings = [K.scale(tiles(o), x, float(i)).submit() for i, o in enumerate(outs)]
finished = [True, False, True]
for pending in itertools.compress(pendings, finished):
    pending.wait()
stats = [float(o.to_numpy().sum()) for o in outs]  # expect: TC102
for pending in itertools.compress(pendings, [not f for f in finished]):
    pending.wait()
print(stats)
