"""Chunked prefill: a chunk of the prompt buffer refilled while an op still reads it."""

from llmforge import kernels as k
from llmforge.ops import tiles

import tilert as tr
from tilert import f32

prompt = tr.arange(32, dtype=f32, name="prompt")
hidden = tr.zeros((32,), dtype=f32)
chunk = 8
pends = []
for c in range(2):
    lo, hi = c * chunk, (c + 1) * chunk
    pends.append(k.scale(tiles(hidden[lo:hi]), prompt[lo:hi], 2.0).submit())
lo = chunk // 2
k.fill(tiles(prompt[lo : lo + chunk]), 0.0).sync()  # expect: TC103
for p in pends:
    p.wait()
