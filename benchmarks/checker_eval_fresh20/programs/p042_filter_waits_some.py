"""filter() keeps the Pendings whose label names `scale`; the 'add' one is never waited."""

import numpy as np
from llmanvil import kernels as K
from llmanvil.host import tiles, upload

import tilert as tr

x = upload(np.arange(16))
a, b = tr.zeros((16,)), tr.zeros((16,))
pendings = [K.scale(tiles(a), x, 2.0).submit()]
pendings.append(K.add(tiles(b), x, x).submit())  # expect: TC108
for pending in filter(lambda p: p.label.endswith("`scale`"), pendings):
    pending.wait()
print(a.to_numpy()[:2])
pendings.clear()
