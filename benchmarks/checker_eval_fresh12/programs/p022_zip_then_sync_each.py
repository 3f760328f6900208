"""Per-layer ops zipped and run together, then a verification loop syncs each op again."""

from llmserve import kernels as K
from llmserve.host import tiles

import tilert as tr

x = tr.ones((128,))
outs = [tr.zeros((128,)) for _ in range(3)]
ops = [K.scale(tiles(o), x, float(i + 1)) for i, o in enumerate(outs)]
tr.zip(*ops).sync()

for op in ops:
    op.sync()  # expect: TC110
print([float(o.to_numpy()[0]) for o in outs])
