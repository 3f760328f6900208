"""Merging a LoRA delta into a 2-D weight in place: the merge reads the weight through a flat
reshape of itself while writing the weight's partition."""

import numpy as np
from llmroute import kernels as K

import tilert as tr

W = tr.from_numpy(np.ones((4, 16), dtype=np.float32), name="W")
delta = tr.from_numpy(np.full((4, 16), 0.01, dtype=np.float32), name="BA")

flat_w = W.reshape(-1)
flat_delta = delta.reshape(-1)
merged = tr.zeros((64,), name="merged")
K.add(merged.partition((16,)), flat_w, flat_delta).sync()
K.add(flat_w.partition((16,)), flat_w, flat_delta).sync()  # expect: TC101
