"""A KV cache as one [layers, 2, seq] tensor: after submitting the write of the last layer's
keys, the whole cache is snapshotted for a prefix-cache entry."""

import numpy as np
from llmcraft import scale

import tilert as tr

LAYERS, SEQ = 3, 128

kv = tr.zeros((LAYERS, 2, SEQ), name="kv_cache")
k_new = tr.from_numpy(np.arange(SEQ, dtype=np.float32), name="k_new")
prefix_cache: dict[str, np.ndarray] = {}

for layer in range(LAYERS - 1):
    scale(kv[layer, 0].partition((64,)), k_new, float(layer + 1)).sync()
last = scale(kv[LAYERS - 1, 0].partition((64,)), k_new, float(LAYERS)).submit()
prefix_cache["prompt-0"] = kv.to_numpy().copy()  # expect: TC102
last.wait()
print(sorted(prefix_cache))
