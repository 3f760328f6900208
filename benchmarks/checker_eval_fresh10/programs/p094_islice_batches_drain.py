"""Pendings drained in batches of two with itertools.islice over one iterator."""

from itertools import islice

import numpy as np
from llmforge import kernels as k
from llmforge.ops import tiles

import tilert as tr
from tilert import f32

x = tr.arange(8, dtype=f32)
outs = [tr.zeros((8,), dtype=f32) for _ in range(5)]
it = iter([k.scale(tiles(o), x, float(i)).submit() for i, o in enumerate(outs)])
while batch := list(islice(it, 2)):
    for p in batch:
        p.wait()
np.testing.assert_allclose([o.to_numpy()[1] for o in outs], [0, 1, 2, 3, 4])
