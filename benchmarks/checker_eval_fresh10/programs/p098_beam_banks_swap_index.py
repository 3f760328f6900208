"""Beam search with two banks of per-beam buffers, swapped by index after each step."""

import numpy as np
from llmforge import kernels as k
from llmforge.ops import tiles

import tilert as tr
from tilert import f32

beams = 3
banks = [[tr.full((8,), 1.0, dtype=f32) for _ in range(beams)] for _ in range(2)]
cur, nxt = 0, 1
for _step in range(3):
    pends = [
        k.scale(tiles(banks[nxt][b]), banks[cur][b], float(b + 1)).submit() for b in range(beams)
    ]
    for p in pends:
        p.wait()
    cur, nxt = nxt, cur
final = [float(t.to_numpy()[0]) for t in banks[cur]]
np.testing.assert_allclose(final, [1.0, 8.0, 27.0])
