"""Requests as (buffer, pending) records; each step waits on the previous request's record."""

from __future__ import annotations

import numpy as np
from llmcraft import kernels as k
from llmcraft.host import tiles

import tilert as tr

prompts = [np.full(8, r, dtype=np.float32) for r in range(4)]
records = []
for r, prompt in enumerate(prompts):
    buf = tr.zeros((8,), name=f"req{r}")
    records.append((buf, k.copy(tiles(buf), tr.from_numpy(prompt)).submit()))

firsts = []
for i in range(1, len(records)):
    records[i - 1][1].wait()
    firsts.append(float(records[i][0].to_numpy()[0]))  # expect: TC102
records[-1][1].wait()
print(firsts)
