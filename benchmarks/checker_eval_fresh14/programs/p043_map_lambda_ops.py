"""Zero-init ops made by `map(lambda ...)` into a list; the zip runs all but the first."""

from llmtide import kernels as K
from llmtide.host import tiles

import tilert as tr

grads = [tr.empty((32,), name=f"grad{i}") for i in range(3)]
zeroers = list(map(lambda g: K.fill(tiles(g), 0.0), grads))  # expect: TC105
tr.zip(*zeroers[1:]).sync()
print([float(g.to_numpy()[0]) for g in grads[1:]])
