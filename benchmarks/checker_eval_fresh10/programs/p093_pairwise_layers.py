"""Activations submitted layer to layer with itertools.pairwise, waited once at the end."""

from itertools import pairwise

import numpy as np
from llmforge import kernels as k
from llmforge.ops import tiles

import tilert as tr
from tilert import f32

acts = [tr.arange(8, dtype=f32)] + [tr.zeros((8,), dtype=f32) for _ in range(3)]
pends = [k.scale(tiles(dst), src, 2.0).submit() for src, dst in pairwise(acts)]
for p in pends:
    p.wait()
np.testing.assert_allclose(acts[-1].to_numpy(), 8 * np.arange(8))
