"""Pendings grouped per stage in a dict of lists, all drained through itertools.chain."""

from collections import defaultdict
from itertools import chain

import numpy as np
from llmforge import kernels as k
from llmforge.ops import tiles

import tilert as tr
from tilert import f32

x = tr.arange(8, dtype=f32)
outs = {"norm": tr.zeros((8,), dtype=f32), "mlp": tr.zeros((8,), dtype=f32)}
stages: defaultdict[str, list[tr.Pending]] = defaultdict(list)
stages["norm"].append(k.scale(tiles(outs["norm"]), x, 0.5).submit())
stages["mlp"].append(k.relu(tiles(outs["mlp"]), x).submit())
for p in chain.from_iterable(stages.values()):
    p.wait()
np.testing.assert_allclose(outs["norm"].to_numpy(), 0.5 * np.arange(8))
np.testing.assert_allclose(outs["mlp"].to_numpy(), np.arange(8))
