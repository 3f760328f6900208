"""Layers chained with itertools.pairwise, each reading the previous unwaited output
in stream order."""

from itertools import pairwise

import numpy as np
from llmrig import kernels as K
from llmrig.host import tiles

import tilert as tr

bufs = [tr.arange(128)] + [tr.zeros(128) for _ in range(3)]
pends = [K.scale(tiles(dst), src, 2.0).submit() for src, dst in pairwise(bufs)]
for p in reversed(pends):
    p.wait()
assert np.array_equal(bufs[-1].to_numpy(), np.arange(128, dtype=np.float32) * 8)
