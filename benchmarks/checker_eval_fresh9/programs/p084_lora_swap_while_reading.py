"""Hot-swapping a LoRA adapter between requests, while the last request still reads it."""

from __future__ import annotations

import numpy as np
from llmcraft import kernels as k
from llmcraft.host import tiles

import tilert as tr

base = tr.ones((8,), name="base")
adapter = tr.full((8,), 0.1, name="adapter")
out = tr.zeros((8,), name="out")
bank = {"sql": np.full(8, 0.2, np.float32), "poem": np.full(8, 0.3, np.float32)}

decode = k.add(tiles(out), base, adapter).submit()
adapter.copy_from(bank["sql"])  # expect: TC103
decode.wait()
print(out.to_numpy())
