"""Prepare the output partitions of all experts, then report their buffers and launch."""

import numpy as np
from llmbasin import scale

import tilert as tr

D, EXPERTS = 512, 4

x = tr.from_numpy(np.ones(D, dtype=np.float32))
expert_out = [tr.zeros((D,), name=f"e{i}") for i in range(EXPERTS)]
parts = [buf.partition((128,)) for buf in expert_out]
zeroed = all(float(b.to_numpy().sum()) == 0.0 for b in expert_out)  # expect: TC104
print("zero-initialised:", zeroed)
for i, part in enumerate(parts):
    scale(part, x, float(i)).sync()
