"""Chunked prefill with a one-token overlap between chunks, for the rotary boundary."""

from __future__ import annotations

from typing import Any

import numpy as np
from llmcraft import kernels as k
from llmcraft.host import tiles

import tilert as tr

PROMPT, CHUNK = 24, 8
prompt = tr.from_numpy(np.arange(PROMPT, dtype=np.float32))
cache = tr.zeros((PROMPT + 4,), name="cache")
inflight: list[tr.Pending[Any]] = []
for start in range(0, PROMPT, CHUNK):
    lo = max(start - 4, 0)
    window = cache[lo : lo + CHUNK]
    inflight.append(k.copy(tiles(window), prompt[lo : lo + CHUNK]).submit())  # expect: TC102
for p in inflight:
    p.wait()
print(cache.to_numpy())
