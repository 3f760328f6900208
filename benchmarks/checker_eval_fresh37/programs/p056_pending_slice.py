import numpy as np
from hostkit import scale

import tilert as tr

CHUNKS, N = 4, 1024
src = tr.from_numpy(np.arange(CHUNKS * N, dtype=np.float32))
dst = tr.empty((CHUNKS * N,))

pendings = []
for c in range(CHUNKS):
    view_in = src[c * N : (c + 1) * N]
    view_out = dst[c * N : (c + 1) * N]
    pendings.append(scale(view_out.partition((256,)), view_in, 2.0).submit())  # expect: TC108

for p in pendings[:-1]:
    p.wait()
pendings.clear()
print("done")
