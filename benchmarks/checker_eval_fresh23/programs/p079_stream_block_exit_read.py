"""Prefill on a side stream inside a `with` block, then the host reads the KV it wrote."""

import numpy as np
from llmpress.host import tiles
from llmpress.kernels import scale

import tilert as tr

prompt = tr.from_numpy(np.arange(256, dtype=np.float32))
kv = tr.empty((256,), name="kv")
side = tr.Stream()
with side:
    prefill = scale(tiles(kv), prompt, 0.5).submit()
head = kv.to_numpy()[:8]  # expect: TC102
prefill.wait()
print(head)
