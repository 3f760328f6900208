import numpy as np
from hostkit import copy, scale

import tilert as tr

N = 1024


class Prefetcher:
    """Keeps the next batch on the device, in one reusable buffer."""

    def __init__(self, data):
        self.data = data
        self.host = tr.empty((N,))
        self.buf = tr.empty((N,), name="prefetch")

    def load(self, i):
        self.host.copy_from(self.data[i])
        copy(self.buf.partition((128,)), self.host).sync()
        return self.buf


data = [np.full(N, i, dtype=np.float32) for i in range(4)]
loader = Prefetcher(data)
out = tr.empty((N,))
batch = loader.load(0)
results = []
for i in range(1, len(data)):
    pend = scale(out.partition((128,)), batch, 2.0).submit()
    pend.wait()
    results.append(float(out.to_numpy()[0]))
    batch = loader.load(i)
print(results)
