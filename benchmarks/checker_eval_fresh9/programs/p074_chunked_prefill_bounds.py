"""Chunked prefill: the prompt is copied into the cache chunk by chunk, all in flight."""

from __future__ import annotations

from typing import Any

import numpy as np
from llmcraft import kernels as k
from llmcraft.host import tiles

import tilert as tr

PROMPT, CHUNK = 24, 8
prompt = tr.from_numpy(np.arange(PROMPT, dtype=np.float32))
cache = tr.zeros((PROMPT,), name="cache")
inflight: list[tr.Pending[Any]] = []
for start in range(0, PROMPT, CHUNK):
    stop = min(start + CHUNK, PROMPT)
    inflight.append(k.copy(tiles(cache[start:stop]), prompt[start:stop]).submit())
for p in inflight:
    p.wait()
np.testing.assert_allclose(cache.to_numpy(), np.arange(PROMPT))
print("ok")
