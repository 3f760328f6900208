"""Per-buffer partitions planned once in a dict and reused in the second epoch."""

from llmserve import kernels as K
from llmserve.host import tiles

import tilert as tr

bufs = {i: tr.zeros((128,)) for i in range(3)}
plans = {i: tiles(b) for i, b in bufs.items()}
x = tr.ones((128,))

for epoch in range(2):
    for i, part in plans.items():
        K.axpy(part, x, float(epoch + i)).sync()  # expect: TC109
print([b.to_numpy()[0] for b in bufs.values()])
