"""Clear ops for three buffers walked with zip against the first two buffers only."""

from llmserve import kernels as K
from llmserve.host import tiles

import tilert as tr

bufs = [tr.ones((64,)) for _ in range(3)]
clears = [K.fill(tiles(b), 0.0) for b in bufs]  # expect: TC105
for buf, op in zip(bufs[:2], clears, strict=False):
    op.sync()
    assert float(buf.to_numpy().sum()) == 0.0
