"""Host reads the prompt while ops that only read it are in flight, then waits through tr.zip."""

from __future__ import annotations

import numpy as np
from llmcraft import kernels as k
from llmcraft.host import tiles

import tilert as tr

prompt = tr.from_numpy(np.arange(8, dtype=np.float32))
keys, values = tr.zeros((8,)), tr.zeros((8,))
pending = tr.zip(k.scale(tiles(keys), prompt, 2.0), k.scale(tiles(values), prompt, -1.0)).submit()
length = int((prompt.to_numpy() >= 0).sum())
pending.wait()
np.testing.assert_allclose(keys.to_numpy() + 2 * values.to_numpy(), np.zeros(8))
print("ok", length)
